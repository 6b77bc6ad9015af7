import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { blockingViolations as violationsOf, frameDrawn as frameOf, requiredWithoutState } from './axe';
import { animationsEnded, snap } from './browser';
import { CrudPage } from './crudPage';
import { ADMIN_PASSWORD, latestCaptchaText, loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

const blockingViolations = () => violationsOf(page);
const frameDrawn = () => frameOf(page);

/** The list's rows have drawn (the table shows no loading mask and at least one row or its empty state). */
async function listSettled(list: CrudPage): Promise<void> {
  await list.table.locator('.ant-table-row, .ant-table-placeholder').first().waitFor();
  await page.locator('.crud-page .ant-spin-spinning').waitFor({ state: 'detached' });
  await frameDrawn();
}

describe('accessibility audit (axe-core, WCAG 2.2 A/AA, default theme)', () => {
  it('finds nothing critical or serious on the login page', async () => {
    await page.goto(`${product.url}/login`);
    await page.locator('img[alt]').first().waitFor();
    await latestCaptchaText(product);
    expect(await blockingViolations()).toEqual([]);
  });

  it('finds nothing critical or serious on the home page', async () => {
    await loginAs(page, product);
    await page.locator('.ant-card').filter({ hasText: '快捷入口' }).getByText('参数管理', { exact: true }).waitFor();
    await frameDrawn();
    expect(await blockingViolations()).toEqual([]);
    // The landmarks a screen reader lists, and the screen's one heading.
    expect(await page.locator('h1').allTextContents()).toEqual(['首页']);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: '侧边菜单' }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: '已打开的页面' }).count()).toBe(1);
  });

  it('finds nothing critical or serious on a plain list with its search form (通知公告)', async () => {
    const notices = new CrudPage(page, product.url, '/desk/notice');
    await notices.open();
    await listSettled(notices);
    await page.locator('.crud-search').waitFor();
    await snap(page, 'a11y-notice-list');
    expect(await blockingViolations()).toEqual([]);
  });

  it('finds nothing critical or serious in the create form of that list', async () => {
    await page.locator('.crud-page').getByRole('button', { name: /新\s*增/ }).click();
    const notices = new CrudPage(page, product.url, '/desk/notice');
    await notices.form.waitFor();
    await animationsEnded(notices.form);
    await snap(page, 'a11y-notice-form');
    expect(await blockingViolations()).toEqual([]);
    // Its required select (通知类型) tells a screen reader so on the combobox it focuses, not on the select's box.
    expect(await notices.form.getByRole('combobox', { name: '通知类型' }).getAttribute('aria-required')).toBe('true');
    expect(await notices.form.locator('.ant-select[aria-required]').count()).toBe(0);
    expect(await requiredWithoutState(notices.form)).toEqual([]);
    await page.keyboard.press('Escape');
    await notices.form.waitFor({ state: 'hidden' });
  });

  it('finds nothing critical or serious on the user list', async () => {
    const users = new CrudPage(page, product.url, '/system/user');
    await users.open();
    await listSettled(users);
    await users.row('admin').first().waitFor();
    await snap(page, 'a11y-user-list');
    expect(await blockingViolations()).toEqual([]);
    // Each row's checkbox says which row it picks; the heading follows the screen.
    expect(await page.getByRole('checkbox', { name: '选择 admin', exact: true }).count()).toBe(1);
    expect(await page.locator('h1').allTextContents()).toEqual(['用户管理']);
  });

  it('finds nothing critical or serious on the task list', async () => {
    const tasks = new CrudPage(page, product.url, '/test/task');
    await tasks.open();
    await listSettled(tasks);
    await tasks.row('DEMO-RUN-001').waitFor();
    await snap(page, 'a11y-task-list');
    expect(await blockingViolations()).toEqual([]);
  });

  it('closes the focused tab with Delete, the keyboard way to its close mark', async () => {
    const activeTab = page.locator('.app-tabs').getByRole('tab', { selected: true });
    await expect.poll(() => activeTab.innerText()).toBe('任务管理');
    await activeTab.focus();
    await page.keyboard.press('Delete');
    await page.waitForURL(/\/system\/user/);
    expect(await page.locator('.app-tabs').getByRole('tab', { name: '任务管理' }).count()).toBe(0);
  });

  it('tells assistive technology the language: <html lang> follows the language switch', async () => {
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.locator('.app-header button').filter({ hasText: 'English' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.locator('.app-header button').filter({ hasText: '中文' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });
});

/** What has the keyboard focus: its tag, text (or placeholder) and whether it sits in a dialog or the sidebar. */
function focused(on: Page) {
  return on.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      placeholder: element?.getAttribute('placeholder') ?? '',
      text: (element?.innerText ?? '').trim(),
      inDialog: !!element?.closest('.ant-modal-wrap, .ant-drawer'),
      inSider: !!element?.closest('.app-sider'),
      expanded: element?.getAttribute('aria-expanded') === 'true',
      inTabBar: !!element?.closest('.app-tabs'),
      inTopMenu: !!element?.closest('.app-top-menu'),
      // Drawn where a person sees it: the browser's keyboard focus state, and an outline or ring on the element.
      visible: (() => {
        if (!element?.matches(':focus-visible')) return false;
        const style = getComputedStyle(element);
        return (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      })(),
    };
  });
}

/** Presses Tab (or Shift+Tab, backwards) until the focus is where `reached` says, as a keyboard user moves through the page. */
async function tabTo(on: Page, reached: (now: Awaited<ReturnType<typeof focused>>) => boolean, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let press = 0; press < 60; press++) {
    if (reached(await focused(on))) return;
    await on.keyboard.press(key);
  }
  throw new Error(`the focus never got there; it is on ${JSON.stringify(await focused(on))}`);
}

describe('keyboard only', () => {
  let context: BrowserContext;
  let keys: Page;

  it('logs in with the keyboard', async () => {
    context = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    keys = await context.newPage();
    await keys.goto(`${product.url}/login`);
    await keys.locator('img[alt]').first().waitFor();
    await tabTo(keys, (now) => now.placeholder === '请输入账号');
    await keys.keyboard.type('admin');
    await tabTo(keys, (now) => now.placeholder === '请输入密码');
    await keys.keyboard.type(ADMIN_PASSWORD);
    await tabTo(keys, (now) => now.placeholder === '请输入验证码');
    await keys.keyboard.type(await latestCaptchaText(product));
    await keys.keyboard.press('Enter');
    await keys.waitForURL(/\/wel\/index/);
  });

  it('opens 参数管理 from the sidebar with Tab, the arrow keys and Enter', async () => {
    await keys.locator('.app-sider .ant-menu-item').first().waitFor();
    await tabTo(keys, (now) => now.inSider);
    for (let press = 0; press < 40 && !/\/system\/param/.test(keys.url()); press++) {
      const { text, expanded } = await focused(keys);
      if (text === '系统管理' && !expanded) {
        await keys.keyboard.press('Enter');
        // As a person waits for the group to open: pressed again while it opens (a busy machine), Enter closes it.
        await expect.poll(async () => (await focused(keys)).expanded).toBe(true);
      } else if (text === '参数管理') await keys.keyboard.press('Enter');
      else await keys.keyboard.press('ArrowDown');
    }
    await keys.waitForURL(/\/system\/param/);
    await keys.locator('.crud-page .ant-table-row').first().waitFor();
  });

  it('searches, opens a row, closes it with Esc and is back on the button it opened it with', async () => {
    const firstName = (await keys.locator('.crud-page .ant-table-row').first().locator('td').nth(1).innerText()).trim();
    await tabTo(keys, (now) => now.placeholder === '请输入参数名称');
    await keys.keyboard.type(firstName);
    await keys.keyboard.press('Enter');
    // The list keeps only the rows that match.
    await expect.poll(() => keys.locator('.crud-page .ant-table-row').filter({ hasNotText: firstName }).count()).toBe(0);
    const row = keys.locator('.crud-page .ant-table-row').filter({ hasText: firstName }).first();
    await row.waitFor();
    await tabTo(keys, (now) => now.text === '查看');
    await keys.keyboard.press('Enter');
    const dialog = keys.locator('.ant-modal-content, .ant-drawer-content').last();
    await dialog.waitFor();
    await expect.poll(async () => (await focused(keys)).inDialog).toBe(true);
    await snap(keys, 'a11y-keyboard-view');
    await keys.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(keys)).toMatchObject({ text: '查看', inDialog: false });
    expect(await row.getByRole('button', { name: '查看' }).evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('edits that row from its 编辑, saves with the keyboard, and is back on 编辑 with the change in the list', async () => {
    const row = keys.locator('.crud-page .ant-table-row').first();
    const rowKey = await row.getAttribute('data-row-key');
    await tabTo(keys, (now) => now.text === '编辑');
    expect((await focused(keys)).visible).toBe(true);
    await keys.keyboard.press('Enter');
    const dialog = keys.locator('.ant-drawer-content, .ant-modal-content').last();
    await dialog.waitFor();
    await expect.poll(async () => (await focused(keys)).inDialog).toBe(true);
    await tabTo(keys, (now) => now.placeholder === '请输入参数键值');
    expect((await focused(keys)).visible).toBe(true);
    await keys.keyboard.press('ControlOrMeta+A');
    await keys.keyboard.type('keyboard-saved');
    await tabTo(keys, (now) => /^(保\s*存|确\s*定)$/.test(now.text));
    expect((await focused(keys)).visible).toBe(true);
    await keys.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const edited = keys.locator(`.crud-page .ant-table-row[data-row-key="${rowKey}"]`);
    await edited.filter({ hasText: 'keyboard-saved' }).waitFor();
    await expect.poll(() => focused(keys)).toMatchObject({ text: '编辑', inDialog: false });
    expect(await edited.getByRole('button', { name: '编辑' }).evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('opens 新增 with the keyboard, closes the drawer with Esc and is back on 新增', async () => {
    await tabTo(keys, (now) => /^新\s*增$/.test(now.text) && !now.inDialog);
    expect((await focused(keys)).visible).toBe(true);
    await keys.keyboard.press('Enter');
    const dialog = keys.locator('.ant-drawer-content, .ant-modal-content').last();
    await dialog.waitFor();
    await expect.poll(async () => (await focused(keys)).inDialog).toBe(true);
    await keys.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => focused(keys)).toMatchObject({ inDialog: false });
    expect(/^新\s*增$/.test((await focused(keys)).text)).toBe(true);
  });

  it('reaches the tab bar and the top menu with the keyboard, its focus drawn', async () => {
    // Back up the page: the tab bar sits above the list.
    // Past the tab bar's 更多 menu to the open screen's tab.
    await tabTo(keys, (now) => now.inTabBar && now.text === '参数管理', 'Shift+Tab');
    expect(await focused(keys)).toMatchObject({ inTabBar: true, text: '参数管理', visible: true });
    // The arrow keys move along the open tabs; Enter opens the one reached.
    await keys.keyboard.press('ArrowLeft');
    expect(await focused(keys)).toMatchObject({ inTabBar: true, text: '首页', visible: true });
    await keys.keyboard.press('Enter');
    await keys.waitForURL(/\/wel\/index/);
    await tabTo(keys, (now) => now.inTopMenu, 'Shift+Tab');
    expect(await focused(keys)).toMatchObject({ inTopMenu: true, visible: true });
    await context.close();
  });
});
