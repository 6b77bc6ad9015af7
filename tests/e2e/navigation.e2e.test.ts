import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmDialogOk, snap } from './browser';
import { chooseOption } from './crudPage';
import { loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

const tabs = () => page.locator('.app-tabs').getByRole('tab');
const tabNamed = (name: string) => tabs().filter({ hasText: name });
const activeTab = () => page.locator('.app-tabs').getByRole('tab', { selected: true });
const sider = () => page.locator('.ant-layout-sider');
const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true });
const tabLabels = () => tabs().allInnerTexts();

async function openFromSider(group: string, screen: string) {
  const item = sider().getByText(screen, { exact: true });
  if (!(await item.isVisible())) await sider().getByText(group, { exact: true }).click();
  await item.click();
  await expect.poll(() => activeTab().innerText()).toBe(screen);
}

async function tabMenu(action: string) {
  await page.locator('.app-tabs__menu').click();
  await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
}

/** The id of the administrator role, whose menus the tests below change through the database. */
async function adminRoleId(): Promise<string> {
  const rows = await product.server.db.query<{ role_id: string }>(
    "SELECT role_id::text AS role_id FROM blade_user WHERE account = 'admin'",
  );
  return rows[0].role_id;
}

describe('navigation shell end to end', () => {
  it('guard: without a token every page leads to /login, titled 登录', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await page.goto(`${product.url}/wel/index`);
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.title()).toBe('登录');
    await page.getByPlaceholder('请输入账号').waitFor();
    // The login page stays light: none of the signed-in screens' code is fetched for it.
    expect(scripts.filter((url) => url.includes('/assets/signed-in-'))).toEqual([]);
    // Once the visitor starts on the form, that code loads while they type: the home page follows the sign-in sooner.
    await page.getByPlaceholder('请输入账号').focus();
    await expect.poll(() => scripts.filter((url) => url.includes('/assets/signed-in-')).length).toBe(1);
    page.removeAllListeners('request');
  });

  it('after login the home tab is the fixed first tab and the title follows it', async () => {
    await loginAs(page, product);
    await tabNamed('首页').waitFor();
    expect(await tabLabels()).toEqual(['首页']);
    expect(await tabNamed('首页').locator('.app-tab__close').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('首页');
  });

  it("the sidebar draws each group's icon: the icon-font classes BladeX stores in source as antd icons", async () => {
    const [system] = await product.server.db.query<{ source: string }>("SELECT source FROM blade_menu WHERE code = 'system' AND is_deleted = 0");
    expect(system.source).toBe('iconfont iconicon_setting');
    const iconOf = (group: string) =>
      sider().locator('.ant-menu-submenu-title', { hasText: group }).locator('.anticon').first().getAttribute('aria-label');
    const expected: [string, string][] = [
      ['测试管理', 'experiment'],
      ['工作台', 'desktop'],
      ['系统管理', 'setting'],
      ['权限管理', 'safety'],
      ['资源管理', 'wallet'],
      ['研发工具', 'tool'],
      ['我的事务', 'bell'],
    ];
    for (const [group, icon] of expected) expect(await iconOf(group), group).toBe(icon);
    await snap(page, 'nav-sidebar-icons');
  });

  it('unknown addresses lead to /404', async () => {
    await page.goto(`${product.url}/no/such/page`);
    await page.waitForURL(/\/404$/);
  });

  it('/test/index (a layout route of spec §2) offers the test-management screens, in a tab of its own', async () => {
    await page.goto(`${product.url}/test/index`);
    const content = page.locator('.test-index-page');
    await content.getByText('测试管理', { exact: true }).waitFor();
    expect(page.url()).toMatch(/\/test\/index$/);
    await expect.poll(() => activeTab().innerText()).toBe('测试管理');
    await expect.poll(() => page.title()).toBe('测试管理');
    const cards = content.locator('.welcome-page__entry');
    for (const name of ['项目管理', '任务管理', '测试用例', '终端管理']) await cards.getByText(name, { exact: true }).waitFor();
    // Only the test screens: nothing of 系统管理.
    expect(await cards.getByText('用户管理', { exact: true }).count()).toBe(0);
    await snap(page, 'nav-test-index');
    await cards.getByText('测试用例', { exact: true }).click();
    await page.waitForURL(/\/test\/testcase$/);
    // The tab tests below start from home alone.
    await tabMenu('关闭全部');
    await page.waitForURL(/\/wel\/index$/);
    await expect.poll(() => tabLabels()).toEqual(['首页']);
  });

  it('guard: with a token /login leads back home', async () => {
    await page.goto(`${product.url}/login`);
    await page.waitForURL(/\/wel\/index$/);
  });

  it('a signed-in visit starts fetching the signed-in screens with the page itself', async () => {
    await page.goto(`${product.url}/system/param`);
    await page.locator('.crud-page[data-resource=param] .ant-table').waitFor();
    // Added by the script in index.html (allowed by the CSP nonce) while the page is parsed: the app's own code, a
    // module script, runs only once parsing has ended (domInteractive), and would ask for the bundle only then.
    const { preloaded, bundleStarts, parsed } = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return {
        preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((link) => link.href).filter((href) => href.includes('/assets/signed-in-')),
        bundleStarts: performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/assets/signed-in-') && entry.name.endsWith('.js')).map((entry) => entry.startTime),
        parsed: navigation.domInteractive,
      };
    });
    expect(preloaded.length).toBeGreaterThan(0);
    expect(bundleStarts).toHaveLength(preloaded.length);
    for (const start of bundleStarts) expect(start).toBeLessThan(parsed);
  });

  it('a list visited at its bare address asks for its first page once, shows it, and keeps the address bare', async () => {
    const lists: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('/gateway/blade-project/project/list')) lists.push(request.url());
    };
    page.on('request', onRequest);
    await page.goto(`${product.url}/test/project`);
    await page.locator('.crud-page[data-resource=project] .ant-table-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(lists).toHaveLength(1);
    expect(new URL(page.url()).search).toBe('');
    // Those rows are not left under a loading spinner (Refine's table loads until its query has fetched once).
    await expect.poll(() => page.locator('.crud-page[data-resource=project] .ant-spin-spinning').count()).toBe(0);
    // Another page size is in the address, and the default one leaves it again.
    const sizes = page.locator('.ant-pagination-options .ant-select');
    await chooseOption(sizes, '30 条/页');
    await page.waitForURL(/pageSize=30/);
    await chooseOption(sizes, '10 条/页');
    await page.waitForURL((url) => url.pathname === '/test/project' && url.search === '');
  });

  it('opens one tab per visited page; the window title follows the active tab', async () => {
    await openFromSider('系统管理', '参数管理');
    await page.waitForURL(/\/system\/param(\?|$)/);
    await expect.poll(() => activeTab().innerText()).toBe('参数管理');
    await expect.poll(() => page.title()).toBe('参数管理');
    await openFromSider('测试管理', '项目管理');
    await page.waitForURL(/\/test\/project(\?|$)/);
    await expect.poll(() => activeTab().innerText()).toBe('项目管理');
    await expect.poll(() => page.title()).toBe('项目管理');
    await openFromSider('系统管理', '参数管理');
    await expect.poll(() => tabLabels()).toEqual(['首页', '参数管理', '项目管理']);
    await tabNamed('项目管理').click();
    await page.waitForURL(/\/test\/project(\?|$)/);
    await expect.poll(() => page.title()).toBe('项目管理');
    await snap(page, 'nav-tabs');
  });

  it('keeps the tabs across a reload', async () => {
    await page.reload();
    await expect.poll(() => tabLabels()).toEqual(['首页', '参数管理', '项目管理']);
    await expect.poll(() => activeTab().innerText()).toBe('项目管理');
  });

  it('closing the active tab opens its predecessor', async () => {
    await tabNamed('项目管理').locator('.app-tab__close').click();
    await page.waitForURL(/\/system\/param(\?|$)/);
    await expect.poll(() => tabLabels()).toEqual(['首页', '参数管理']);
    await expect.poll(() => page.title()).toBe('参数管理');
  });

  it('关闭其他 keeps home and the active tab; 关闭全部 goes home', async () => {
    await openFromSider('测试管理', '项目管理');
    await openFromSider('测试管理', '任务管理');
    await expect.poll(() => tabLabels()).toEqual(['首页', '参数管理', '项目管理', '任务管理']);
    await tabNamed('参数管理').click();
    await page.waitForURL(/\/system\/param(\?|$)/);
    await tabMenu('关闭其他');
    await expect.poll(() => tabLabels()).toEqual(['首页', '参数管理']);
    await tabMenu('关闭全部');
    await page.waitForURL(/\/wel\/index$/);
    await expect.poll(() => tabLabels()).toEqual(['首页']);
  });

  it('more tabs than fit: the active one is scrolled into view; the keyboard moves among the tabs and opens one', async () => {
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1000, height: viewport.height });
    try {
      const screens = ['项目管理', '任务管理', '终端管理', '测试用例', '测试脚本', '工具设备', '功能模块', '测试对象'];
      for (const screen of screens) await openFromSider('测试管理', screen);
      const bar = page.locator('.app-tabs__bar');
      const shown = async (name: string) => {
        const [outer, inner] = [await bar.boundingBox(), await tabNamed(name).boundingBox()];
        return inner!.x >= outer!.x - 1 && inner!.x + inner!.width <= outer!.x + outer!.width + 1;
      };
      // Some tab is cut off, so the strip overflows, yet the active (last) one is in view.
      expect(await bar.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await expect.poll(() => shown('测试对象')).toBe(true);
      expect(await shown('首页')).toBe(false);

      // The active tab is the strip's one stop in the Tab order; Home and the arrows move among the tabs.
      await tabNamed('测试对象').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      expect(await tabNamed('项目管理').evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/test\/project(\?|$)/);
      await expect.poll(() => activeTab().innerText()).toBe('项目管理');
      await expect.poll(() => shown('项目管理')).toBe(true);
      await snap(page, 'nav-tabs-overflow');
    } finally {
      await page.setViewportSize(viewport);
    }
    await tabMenu('关闭全部');
    await page.waitForURL(/\/wel\/index$/);
  });

  it('a menu click asks for the list with the click, once, rather than after drawing it empty', async () => {
    await page.goto(`${product.url}/wel/index`);
    await sider().waitFor();
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('.crud-page[data-resource=tooldevice] .ant-table')) return;
        observer.disconnect();
        performance.mark('list-drawn');
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const lists: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes('/gateway/blade-tooldevice/toolDevice/list')) lists.push(request.url());
    };
    page.on('request', onRequest);
    await openFromSider('测试管理', '工具设备');
    await page.locator('.crud-page[data-resource=tooldevice] .ant-table-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(lists).toHaveLength(1);
    const { asked, drawn } = await page.evaluate(() => ({
      asked: performance.getEntriesByType('resource').find((entry) => entry.name.includes('/toolDevice/list'))!.startTime,
      drawn: performance.getEntriesByName('list-drawn')[0].startTime,
    }));
    expect(asked).toBeLessThan(drawn);
    await tabMenu('关闭全部');
    await page.waitForURL(/\/wel\/index$/);
  });

  it('清除缓存 asks first, calls the server and reports 清除完毕', async () => {
    const cleared = page.waitForRequest((request) => request.url().includes('/api/blade-auth/oauth/clear-cache'));
    await tabMenu('清除缓存');
    await page.locator('.ant-modal-confirm').getByText('是否需要清除缓存?').waitFor();
    await snap(page, 'nav-clear-cache');
    await confirmDialogOk(page);
    await cleared;
    await toast('清除完毕').waitFor();
  });

  it('a top menu switches the sidebar to its menus; home shows them all again', async () => {
    const topMenu = page.locator('.app-top-menu');
    await topMenu.getByText('系统', { exact: true }).click();
    await expect.poll(() => sider().getByText('测试管理', { exact: true }).count()).toBe(0);
    await sider().getByText('系统管理', { exact: true }).waitFor();
    await sider().getByText('权限管理', { exact: true }).waitFor();
    await snap(page, 'nav-top-menu');
    await topMenu.getByText('首页', { exact: true }).click();
    await sider().getByText('测试管理', { exact: true }).waitFor();
    await sider().getByText('研发工具', { exact: true }).waitFor();
  });

  it('menu search panel: prefix filter, Esc closes, Enter opens', async () => {
    const panel = page.locator('.menu-search');
    const options = panel.getByRole('option');
    await page.getByRole('button', { name: '搜索菜单' }).click();
    const input = panel.getByPlaceholder('请输入菜单名称');
    await input.waitFor();
    await input.fill('参数');
    await expect.poll(() => options.allInnerTexts()).toEqual([expect.stringContaining('参数管理')]);
    // A match in the middle of a name ('用户管理') is not a prefix match.
    await input.fill('管理');
    await expect.poll(() => options.count()).toBe(0);
    await snap(page, 'nav-menu-search');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: '搜索菜单' }).click();
    await input.fill('终端');
    await expect.poll(() => options.count()).toBe(1);
    await input.press('Enter');
    await page.waitForURL(/\/test\/terminal(\?|$)/);
    await panel.waitFor({ state: 'hidden' });
  });

  it('top search: typing offers matching menus and choosing one opens it', async () => {
    const search = page.getByPlaceholder('搜索菜单');
    await search.fill('参数');
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '参数管理' });
    await option.waitFor();
    await snap(page, 'nav-top-search');
    await option.click();
    await page.waitForURL(/\/system\/param(\?|$)/);
  });

  it('an http menu opens embedded in the iframe route, with its own tab; case-insensitive search finds it', async () => {
    const address = `${product.url}/favicon.svg`;
    const menuId = '1990000000000000001';
    await product.server.db.query(
      `INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open)
       VALUES ($1, 0, 'e2e_docs', 'Docs Portal', 'menu', $2, 'ReadOutlined', 99, 1, 0, 1)`,
      [menuId, address],
    );
    await product.server.db.query('INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES ($1, $2, $3)', [
      '1990000000000000002',
      menuId,
      await adminRoleId(),
    ]);
    await page.reload();
    await page.getByRole('button', { name: '搜索菜单' }).click();
    await page.locator('.menu-search').getByPlaceholder('请输入菜单名称').fill('docs');
    await page.locator('.menu-search').getByRole('option').filter({ hasText: 'Docs Portal' }).click();
    // Polled rather than awaited as a navigation, so that a failure names the address the page ended on.
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 15_000 })
      .toBe(`/myiframe/${encodeURIComponent(address)}`);
    await expect.poll(() => page.locator('iframe.iframe-page').getAttribute('src')).toBe(address);
    await expect.poll(() => activeTab().innerText()).toBe('Docs Portal');
    await expect.poll(() => page.title()).toBe('Docs Portal');
    await snap(page, 'nav-iframe');
  });

  it('a known screen missing from the role menu shows /403', async () => {
    await product.server.db.query(
      `DELETE FROM blade_role_menu WHERE role_id = $1 AND menu_id = (SELECT id FROM blade_menu WHERE code = 'terminal')`,
      [await adminRoleId()],
    );
    await page.goto(`${product.url}/test/terminal`);
    await page.waitForURL(/\/403$/);
    await page.goto(`${product.url}/system/param`);
    await page.waitForURL(/\/system\/param(\?|$)/);
  });

  it('guard: a locked session is sent to /lock from everywhere', async () => {
    await page.evaluate(() =>
      localStorage.setItem('saber-isLock', JSON.stringify({ dataType: 'boolean', content: true, datetime: Date.now() })),
    );
    await page.goto(`${product.url}/system/param`);
    await page.waitForURL(/\/lock$/);
    await page.goto(`${product.url}/login`);
    await page.waitForURL(/\/lock$/);
    await page.evaluate(() => localStorage.removeItem('saber-isLock'));
  });
});
