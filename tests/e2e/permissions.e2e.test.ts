import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TESTER_IDS } from '../../server/db/seed-accounts';
import { snap } from './browser';
import { ADMIN_PASSWORD, apiCall, apiLogin, loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let context: BrowserContext;
let page: Page;

useProductPage((opened) => ({ product, context, page } = opened));

const sider = (on: Page = page) => on.locator('.ant-layout-sider');
const topMenuTexts = (on: Page) => on.locator('.app-top-menu .ant-menu-title-content').allInnerTexts();

/** The sidebar's text with every group opened: the menus the role offers. */
async function sidebarText(on: Page): Promise<string> {
  await sider(on).getByText('系统管理').first().waitFor();
  for (const group of ['测试管理', '工作台', '系统管理']) {
    const title = sider(on).getByText(group, { exact: true });
    if ((await title.count()) > 0) await title.first().click();
  }
  return sider(on).innerText();
}

/** The access token the page stored in its cookie (spec §9), as a script calling the API would use it. */
async function storedToken(): Promise<string> {
  const cookie = (await context.cookies(product.url)).find((entry) => entry.name === 'saber-access-token');
  if (!cookie) throw new Error('no stored access token');
  return decodeURIComponent(cookie.value);
}

/** A call made from the page itself, with the page's token, as devtools or a script in the page would. */
async function callFromPage(path: string, body?: unknown) {
  const token = await storedToken();
  return page.evaluate(
    async ({ path, body, token }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${btoa('saber:saber_secret')}`,
          'Blade-Auth': `bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, body, token },
  );
}

let adminMenus = '';

describe('a smaller role sees less and is refused by the API', () => {
  it('admin sees the whole menu, including 用户管理', async () => {
    const adminContext = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, product);
    adminMenus = await sidebarText(adminPage);
    await adminContext.close();
    expect(adminMenus).toContain('用户管理');
    expect(adminMenus).toContain('参数管理');
  });

  it('tester logs in and sees fewer menus: no 用户管理 or 部门管理, but 参数管理, 项目管理 and 通知公告', async () => {
    await loginAs(page, product, 'tester');
    const testerMenus = await sidebarText(page);
    expect(testerMenus.length).toBeLessThan(adminMenus.length);
    expect(testerMenus).not.toContain('用户管理');
    expect(testerMenus).not.toContain('部门管理');
    for (const name of ['参数管理', '项目管理', '通知公告']) expect(testerMenus).toContain(name);
    await snap(page, 'permissions-tester-menu');
  });

  it('the header offers the tester only the top menus holding a granted screen: no 研发', async () => {
    await expect.poll(() => topMenuTexts(page)).toEqual(['首页', '工作台', '系统']);
    await page.locator('.app-top-menu').getByText('系统', { exact: true }).click();
    await sider().getByText('参数管理', { exact: true }).waitFor();
    expect(await sider().getByText('项目管理', { exact: true }).count()).toBe(0);
    await snap(page, 'permissions-tester-top-menu');
    await page.locator('.app-top-menu').getByText('首页', { exact: true }).click();
  });

  it('on 参数管理 the tester has 查看 but no 新增, 编辑 or 删除', async () => {
    await sider().getByText('参数管理', { exact: true }).click();
    await page.waitForURL(/\/system\/param/);
    await page.locator('.ant-table-tbody').waitFor();
    // A row to act on: the administrator API is not available to the tester, so the server adds one directly.
    await product.server.db.query(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, is_deleted)
       VALUES (1900000000000000999, '000000', 'E2E 参数', 'e2e.permissions', 'v', '2024-01-01 00:00:00', '2024-01-01 00:00:00', 0)`,
    );
    await page.reload();
    const row = page.locator('.ant-table-tbody tr').filter({ hasText: 'e2e.permissions' });
    await row.waitFor();
    await expect.poll(() => row.getByText('查看', { exact: true }).count()).toBe(1);
    const content = page.locator('.ant-layout-content');
    expect(await content.getByRole('button', { name: /新\s*增/ }).count()).toBe(0);
    expect(await row.getByText('编辑', { exact: true }).count()).toBe(0);
    expect(await row.getByText('删除', { exact: true }).count()).toBe(0);
    await snap(page, 'permissions-tester-param');
  });

  it('calling the hidden actions directly with the stored token answers 403 请求被拒绝', async () => {
    const remove = await callFromPage('/api/blade-system/param/remove?ids=1900000000000000999');
    expect(remove).toEqual({ status: 403, body: { code: 403, success: false, data: null, msg: '请求被拒绝' } });
    const add = await callFromPage('/api/blade-system/param/submit', { paramName: 'x', paramKey: 'x.y', paramValue: 'z' });
    expect(add.status).toBe(403);
    const edit = await callFromPage('/api/blade-system/param/submit', { id: '1900000000000000999', paramValue: 'changed' });
    expect(edit.body.msg).toBe('请求被拒绝');
    const [row] = await product.server.db.query<{ param_value: string; is_deleted: number }>(
      'SELECT param_value, is_deleted FROM blade_param WHERE id = 1900000000000000999',
    );
    expect(row).toEqual({ param_value: 'v', is_deleted: 0 });
  });

  it('opens a screen its menu lacks (用户管理, 部门管理) as the 403 page without asking for its rows', async () => {
    const asked: string[] = [];
    const count = (request: { url(): string }) => {
      if (/\/api\/blade-system\/(user|dept)\/(page|list|lazy-list|tree)/.test(request.url())) asked.push(request.url());
    };
    page.on('request', count);
    for (const screen of ['/system/user', '/system/dept']) {
      await page.goto(`${product.url}${screen}`);
      await page.waitForURL(/\/403$/);
      await page.getByText('403').first().waitFor();
    }
    // Clicked from inside the app as well: the home page, then the address typed into the router.
    await page.goto(`${product.url}/wel/index`);
    await page.locator('.app-top-menu').waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/system/user');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(/\/403$/);
    await page.waitForLoadState('networkidle');
    page.off('request', count);
    expect(asked).toEqual([]);
    await snap(page, 'permissions-tester-user-403');
  });

  it('opens the task records (a screen without a menu) as the 403 page, without an error toast', async () => {
    await page.goto(`${product.url}/test/taskrecord`);
    await page.waitForURL(/\/403$/);
    await page.getByText('403').first().waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await snap(page, 'permissions-tester-taskrecord-403');
  });

  it('a user granted two test screens sees only 工作台 above them', async () => {
    const admin = await apiLogin(product, 'admin', ADMIN_PASSWORD);
    const menuIds = new Map<string, string>();
    const walk = (nodes: { code: string; id: string; children?: never[] }[]) =>
      nodes.forEach((node) => (menuIds.set(node.code, node.id), walk(node.children ?? [])));
    walk((await apiCall(product, admin, '/api/blade-system/menu/routes')).body.data);
    expect((await apiCall(product, admin, '/api/blade-system/role/submit', { roleName: '两屏测试', roleAlias: 'two_screens', sort: 9 })).body.success).toBe(true);
    const [role] = (await apiCall(product, admin, '/api/blade-system/role/page?roleAlias_equal=two_screens')).body.data.records;
    const granted = await apiCall(product, admin, '/api/blade-system/role/grant', {
      roleIds: [role.id],
      menuIds: ['testcase', 'task'].map((code) => menuIds.get(code)),
      dataScopeIds: [],
      apiScopeIds: [],
    });
    expect(granted.body.success).toBe(true);
    const password = 'Two-screens1';
    const user = { account: 'twoscreens', password, password2: password, name: 'twoscreens', realName: '两屏', roleId: role.id, deptId: TESTER_IDS.testDept, tenantId: '000000', userType: 1 };
    expect((await apiCall(product, admin, '/api/blade-system/user/submit', user)).body.success).toBe(true);

    const userContext = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const userPage = await userContext.newPage();
    const noticeReads: string[] = [];
    userPage.on('request', (request) => void (request.url().includes('/blade-desk/notice/') && noticeReads.push(request.url())));
    await loginAs(userPage, product, 'twoscreens', password);
    await expect.poll(() => topMenuTexts(userPage)).toEqual(['首页', '工作台']);
    // Home shows the figures of the screens held (任务总数, 今日执行), not 终端总数 or 项目总数, and asks for no notices.
    await userPage.locator('[data-figure=tasks] .ant-statistic').waitFor();
    expect(await userPage.locator('[data-figure]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-figure')))).toEqual(['tasks', 'runsToday']);
    await userPage.waitForLoadState('networkidle');
    expect(noticeReads).toEqual([]);
    await snap(userPage, 'permissions-two-screens-home');
    const topMenuRoutes = userPage.waitForResponse((response) => response.url().includes('/menu/routes?topMenuId='));
    await userPage.locator('.app-top-menu').getByText('工作台', { exact: true }).click();
    await topMenuRoutes;
    await sider(userPage).getByText('测试管理', { exact: true }).click();
    await sider(userPage).getByText('测试用例', { exact: true }).waitFor();
    await sider(userPage).getByText('任务管理', { exact: true }).waitFor();
    await snap(userPage, 'permissions-two-screens-top-menu');
    await userContext.close();
  });
});
