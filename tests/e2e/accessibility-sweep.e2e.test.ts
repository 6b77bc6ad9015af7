import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { blockingViolations, frameDrawn, requiredWithoutState } from './axe';
import { animationsEnded, confirmDialogOk } from './browser';
import { ADMIN_PASSWORD, apiCall, apiLogin, latestCaptchaText, loginAs, useProductPage, type RunningProduct } from './product';

/*
 * The audit behind "every screen passes": axe-core (WCAG 2.2 A/AA) on the login page, every screen of the seeded
 * administrator's menu, its 新增 and 编辑 forms, the lock screen and the 403 and 404 pages, in the default theme
 * (theme-hey) and the dark one (黑色主题). One product, one sign-in and one page for the whole file, the screens opened
 * by the app's own routing (no page load per screen), the audit waiting for each screen's heading and rows: a hundred
 * and fifty-odd audits have to fit in CI.
 *
 * The dark pass is also that of a person whose system asks for reduced motion (a real setting the app follows: antd's
 * zooms and slides are off), so its forms open and close at once: auditing them in both themes then fits in CI.
 */

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

interface MenuRoute {
  name: string;
  path?: string;
  children?: MenuRoute[];
}

interface MenuScreen {
  name: string;
  path: string;
}

/** Every screen of the seeded administrator's menu, as the server lists it: a new screen joins the audit by itself. */
async function menuScreens(): Promise<MenuScreen[]> {
  const token = await apiLogin(product, 'admin', ADMIN_PASSWORD);
  const screens: MenuScreen[] = [];
  const walk = (nodes: MenuRoute[]) => {
    for (const node of nodes) {
      if (node.children?.length) walk(node.children);
      // A leaf with an address of this app; a link out (http…) is another site's.
      else if (node.path?.startsWith('/')) screens.push({ name: node.name, path: node.path });
    }
  };
  walk((await apiCall(product, token, '/api/blade-system/menu/routes')).body.data);
  return screens;
}

/** Opens `path` inside the running app, as the sidebar does: no page load for each screen. */
async function navigateInApp(path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * The screen has drawn: its heading names it (when `name` is given), its chunk has loaded, no spinner or skeleton is left in the content, and
 * every list shows its rows or its empty state.
 */
async function screenSettled(name?: string): Promise<void> {
  await frameDrawn(page);
  await (name ? page.locator('main h1').filter({ hasText: name }) : page.locator('main h1')).waitFor();
  // The sidebar opens the screen's group with a fold-out: its text fades in, and mid-way reads too faint.
  await animationsEnded(page.locator('.app-sider'));
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    if (!main || !main.innerText.trim() || main.querySelector('.page-loading, .ant-spin-spinning, .ant-skeleton-active')) return false;
    return Array.from(main.querySelectorAll('.crud-page .ant-table')).every((table) => table.querySelector('.ant-table-row, .ant-table-placeholder'));
  });
}

/**
 * The open drawer or modal's audit (only the dialog: the page behind it was audited with the screen), then Esc, which
 * must close it as it would for a keyboard user.
 */
async function dialogViolations(dialog: Locator): Promise<string[]> {
  // The dialog zooms in and its mask fades in around the content: mid-way, axe measures shrunken targets and greyed text.
  await animationsEnded(page.locator('.ant-modal-root:has(.ant-modal-content), .ant-drawer:has(.ant-drawer-content)').last());
  await dialog.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  const found = [
    ...(await blockingViolations(page, '.ant-drawer-content-wrapper:has(.ant-drawer-content), .ant-modal-wrap:has(.ant-modal-content)')),
    ...(await requiredWithoutState(dialog)).map((label) => `required field without aria-required: ${label}`),
  ];
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return found;
}

/**
 * Opens a form with `button` and audits it: a drawer or modal over the list, or a form that is a screen of its own
 * (模型设计's modeler), which is audited whole and left for the list again.
 */
async function formViolations(button: Locator, screen: MenuScreen): Promise<string[]> {
  await button.click();
  const overList = await page
    .waitForFunction(() => {
      if (document.querySelector('.ant-drawer-content, .ant-modal-content')) return 'dialog';
      return document.querySelector('main .crud-page') ? false : 'screen';
    })
    .then((answer) => (answer.jsonValue() as Promise<string>));
  if (overList === 'dialog') {
    const dialog = page.locator('.ant-drawer-content, .ant-modal-content').last();
    await dialog.waitFor();
    return dialogViolations(dialog);
  }
  await screenSettled();
  // Its buttons come on once the screen has loaded (the modeler), fading from the disabled grey.
  await page.locator('main button[disabled]').first().waitFor({ state: 'detached' });
  await animationsEnded(page.locator('main'));
  const found = await blockingViolations(page);
  await navigateInApp(screen.path);
  await screenSettled(screen.name);
  return found;
}

/**
 * Audits each menu screen and, with `forms`, on a list its 新增 form and the 编辑 form of its first row. The violations
 * are answered by screen (and form), so one run names every gap.
 */
async function auditScreens(screens: readonly MenuScreen[], { forms }: { forms: boolean }): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const note = (where: string, violations: string[]) => void (violations.length && (found[where] = violations));
  for (const screen of screens) {
    // The pointer rests off the page: the audit is of the screen at rest, not of what the last click left hovered.
    await page.mouse.move(0, 0);
    await navigateInApp(screen.path);
    await screenSettled(screen.name);
    note(`${screen.name} ${screen.path}`, await blockingViolations(page));
    if (!forms) continue;
    const create = page.locator('.crud-page .crud-toolbar').getByRole('button', { name: /(^|\s)新\s*增$/ });
    if (await create.count()) note(`${screen.name} 新增`, await formViolations(create.first(), screen));
    const edit = page.locator('.crud-page .ant-table-row').first().getByRole('button', { name: /(^|\s)编\s*辑$/ });
    if (await edit.count()) note(`${screen.name} 编辑`, await formViolations(edit.first(), screen));
  }
  return found;
}

/** The pages outside the menu: the lock screen (entered through the header's lock tool), 403 and 404. */
async function auditPagesOutsideTheMenu(): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  await page.locator('.app-header').getByRole('button', { name: '锁屏' }).click();
  const lockDialog = page.locator('.ant-modal-content').filter({ hasText: '设置锁屏密码' });
  await lockDialog.getByPlaceholder('请输入锁屏密码').fill('lock-a11y');
  await lockDialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.waitForURL(/\/lock$/);
  await page.getByPlaceholder('请输入锁屏密码').waitFor();
  found.lock = await blockingViolations(page);
  await page.getByPlaceholder('请输入锁屏密码').fill('lock-a11y');
  await page.getByRole('button', { name: '解锁' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/lock'));
  for (const status of ['403', '404']) {
    await navigateInApp(`/${status}`);
    await page.getByText(status, { exact: true }).first().waitFor();
    found[status] = await blockingViolations(page);
  }
  return Object.fromEntries(Object.entries(found).filter(([, violations]) => violations.length));
}

/** Picks a theme from the header's theme picker, as a person does. */
async function pickTheme(label: string): Promise<void> {
  const picker = page.locator('.app-header').getByRole('button', { name: '主题', exact: true });
  await picker.click();
  await page.locator('.theme-picker__grid').getByRole('button', { name: label }).click();
  await picker.click();
  await page.locator('.theme-picker__grid').waitFor({ state: 'hidden' });
}

let screens: MenuScreen[] = [];

describe('accessibility audit of every screen, theme-hey (the default)', () => {
  it('finds nothing critical or serious on the login page', async () => {
    await page.goto(`${product.url}/login`);
    await page.locator('img[alt]').first().waitFor();
    await latestCaptchaText(product);
    expect(await page.evaluate(() => document.body.className)).toContain('theme-hey');
    expect(await blockingViolations(page)).toEqual([]);
  });

  it('lists the seeded menu screens', async () => {
    await loginAs(page, product);
    screens = await menuScreens();
    // The seeded menus name some fifty screens: an empty or cut list would audit nothing and pass.
    expect(screens.length).toBeGreaterThan(40);
    expect(screens.map((screen) => screen.path)).toEqual(expect.arrayContaining(['/system/user', '/desk/notice', '/test/task']));
  });

  it('finds nothing critical or serious on any menu screen or its new and edit forms', async () => {
    expect(await auditScreens(screens, { forms: true })).toEqual({});
    // A limit for the whole sweep, far above its time: each of its steps waits 30 s at most for what it needs.
  }, 600_000);

  it('finds nothing critical or serious on the lock screen and the 403 and 404 pages', async () => {
    expect(await auditPagesOutsideTheMenu()).toEqual({});
  });
});

describe('accessibility audit of every screen, the dark theme (黑色主题) with reduced motion', () => {
  it('opens a form without motion once the system asks for reduced motion', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await navigateInApp('/system/user');
    await screenSettled('用户管理');
    await page.locator('.crud-page .crud-toolbar').getByRole('button', { name: /(^|\s)新\s*增$/ }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.waitFor();
    // Drawn in place at once: no slide running, no motion class on the drawer or its mask.
    expect(await page.locator('.ant-drawer').evaluate((node) => [...node.querySelectorAll('*'), node].some((element) => /-(appear|enter)/.test(element.className.toString())))).toBe(false);
    expect(await drawer.evaluate((node) => node.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length)).toBe(0);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('finds nothing critical or serious on any menu screen or its new and edit forms', async () => {
    await navigateInApp('/wel/index');
    await frameDrawn(page);
    await pickTheme('黑色主题');
    await expect.poll(() => page.evaluate(() => document.body.className)).toContain('theme-dark');
    expect(await auditScreens(screens, { forms: true })).toEqual({});
    // A limit for the whole sweep, far above its time: each of its steps waits 30 s at most for what it needs.
  }, 600_000);

  it('finds nothing critical or serious on the lock screen and the 403 and 404 pages', async () => {
    expect(await auditPagesOutsideTheMenu()).toEqual({});
  });

  it('finds nothing critical or serious on the login page, signed out from the dark theme', async () => {
    await navigateInApp('/wel/index');
    await frameDrawn(page);
    await page.locator('.app-header__user').hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await confirmDialogOk(page);
    await page.waitForURL(/\/login/);
    await page.locator('img[alt]').first().waitFor();
    expect(await page.evaluate(() => document.body.className)).toContain('theme-dark');
    expect(await blockingViolations(page)).toEqual([]);
  });
});
