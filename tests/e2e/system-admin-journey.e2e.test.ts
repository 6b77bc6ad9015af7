import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmDialogOk, snap } from './browser';
import { CrudPage, formItem as item, pickOption as pick } from './crudPage';
import { ADMIN_PASSWORD, apiCall, apiLogin, latestCaptchaText, loginAs, useProductPage, type RunningProduct } from './product';

/**
 * A new tenant from its package to its first restricted user, as its administrator does it in the browser: the
 * platform administrator gives the tenant a package of the organisation, role and project screens; the tenant's
 * administrator logs in, creates a department, a post, a data scope, a role granted 项目管理 without its delete button
 * and that scope, and a user holding the role; the user sees only that menu, no delete button, and only the projects
 * of their department; five wrong passwords lock them, and the administrator unlocks them.
 */
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
useProductPage((opened) => ({ product, context, page } = opened));

const stamp = Date.now().toString(36).toUpperCase();
const TENANT_NAME = `旅程租户${stamp}`;
const PACKAGE_NAME = `组织与项目${stamp}`;
const PACKAGE_SCREENS = ['user', 'dept', 'post', 'role', 'datascope', 'project'];
const DEPT = '测试组';
const POST = { code: 'qa', name: '测试工程师' };
const SCOPE = '本部门项目';
const ROLE = { name: '项目测试员', alias: 'project_tester' };
const USER = { account: 'qa_zhang', password: 'Qa-zhang-pass1', realName: '张测试' };
let tenantId = '';

const shot = async (name: string) => {
  await snap(page, `journey-${name}`);
};
const toast = (text: string) => page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text }).first();


async function signOut() {
  await context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

interface MenuNode {
  id: string;
  code?: string;
  children?: MenuNode[];
}
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

describe('a new tenant, from its package to its first restricted user', () => {
  it('the platform administrator gives a new tenant a package of the organisation, role and project screens', async () => {
    const platform = await apiLogin(product, 'admin', ADMIN_PASSWORD);
    const tree = await apiCall(product, platform, '/api/blade-system/tenant-package/menu-tree');
    // Each screen with all its buttons (whose codes need not start with the screen's: BladeX's data_scope_setting).
    const screens = flatten(tree.body.data).filter((node) => PACKAGE_SCREENS.includes(node.code ?? ''));
    const menuId = flatten(screens)
      .map((node) => node.id)
      .join(',');
    expect((await apiCall(product, platform, '/api/blade-system/tenant-package/submit', { packageName: PACKAGE_NAME, menuId })).body).toMatchObject({ code: 200 });
    const packageId = (await apiCall(product, platform, `/api/blade-system/tenant-package/list?packageName_equal=${encodeURIComponent(PACKAGE_NAME)}`)).body.data.records[0].id;
    const created = await apiCall(product, platform, '/api/blade-system/tenant/submit', { tenantName: TENANT_NAME, linkman: '李经理', contactNumber: '13800002222', packageId });
    expect(created.body).toMatchObject({ code: 200, data: { account: 'admin', password: 'admin' } });
    tenantId = (await apiCall(product, platform, `/api/blade-system/tenant/list?tenantName_equal=${encodeURIComponent(TENANT_NAME)}`)).body.data.records[0].tenantId;
    expect(tenantId).toMatch(/^\d{6}$/);
  });

  it("the tenant's administrator logs in and sees only the package's screens", async () => {
    await loginAs(page, product, 'admin', 'admin', tenantId);
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('系统管理', { exact: true }).click();
    await sider.getByText('用户管理', { exact: true }).waitFor();
    expect(await sider.getByText('参数管理', { exact: true }).count()).toBe(0);
    expect(await sider.getByText('租户管理', { exact: true }).count()).toBe(0);
    await shot('tenant-admin-home');
  });

  it('creates a department under the root and a post', async () => {
    const depts = new CrudPage(page, product.url, '/system/dept');
    await depts.open();
    const root = depts.row(TENANT_NAME);
    await root.waitFor();
    await root.getByRole('button', { name: '新增子项' }).click();
    await depts.form.waitFor();
    await item(depts.form, '部门名称').locator('input').fill(DEPT);
    await item(depts.form, '部门全称').locator('input').fill(`${TENANT_NAME}${DEPT}`);
    await depts.form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await root.locator('.ant-table-row-expand-icon').click();
    await depts.row(DEPT).waitFor();

    const posts = new CrudPage(page, product.url, '/system/post');
    await posts.open();
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await posts.form.waitFor();
    await pick(posts.form, '岗位类型', '基层');
    await item(posts.form, '岗位编号').locator('input').fill(POST.code);
    await item(posts.form, '岗位名称').locator('input').fill(POST.name);
    await posts.form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await posts.row(POST.name).waitFor();
  });

  it('adds a data scope 所在机构可见 to 项目管理', async () => {
    await page.goto(`${product.url}/authority/datascope`);
    const menuRow = page.locator('.scope-menu-page .ant-table-row').filter({ has: page.getByText('项目管理', { exact: true }) });
    await menuRow.getByRole('button', { name: '权限配置' }).click();
    const drawer = page.locator('.scope-drawer');
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.locator('.scope-form');
    await form.getByLabel('权限名称').fill(SCOPE);
    await form.locator('.ant-form-item').filter({ has: page.locator('label:text-is("规则类型")') }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('所在机构可见', { exact: true }).click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await drawer.locator('.ant-table-row').filter({ hasText: SCOPE }).waitFor();
    await drawer.locator('.ant-drawer-close').click();
  });

  it('creates a role and grants it 项目管理 without its delete button, and the data scope', async () => {
    const roles = new CrudPage(page, product.url, '/authority/role');
    await roles.open();
    await page.locator('.crud-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    await roles.form.waitFor();
    await roles.form.getByLabel('角色名称').fill(ROLE.name);
    await roles.form.getByLabel('角色别名').fill(ROLE.alias);
    await roles.form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();

    await roles.row(ROLE.alias).getByRole('button', { name: '权限设置' }).click();
    const dialog = page.locator('.role-grant-dialog');
    const node = (title: string) =>
      dialog.locator('.ant-tabs-tabpane-active .ant-tree-treenode').filter({ has: page.getByText(title, { exact: true }) }).first();
    // The package holds only its own screens: nothing else is offered.
    await node('项目管理').waitFor();
    expect(await dialog.getByText('参数管理', { exact: true }).count()).toBe(0);
    await node('项目管理').locator('.ant-tree-checkbox').click();
    // Opened whole, 项目管理's buttons are the nodes right after it (a flat list).
    await dialog.locator('.ant-tabs-tabpane-active').getByRole('button', { name: '展开全部' }).click();
    await node('项目管理').and(page.locator('[aria-expanded="true"]')).waitFor();
    const projectDelete = node('项目管理').locator('xpath=following-sibling::div[.//span[@title="删除"]][1]');
    await projectDelete.locator('.ant-tree-checkbox').click();
    // What is saved is what the tree shows: 删除 unchecked, 项目管理 half checked.
    await projectDelete.locator('.ant-tree-checkbox:not(.ant-tree-checkbox-checked)').waitFor();
    await node('项目管理').locator('.ant-tree-checkbox-indeterminate').waitFor();
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    await node(SCOPE).locator('.ant-tree-checkbox').click();
    await shot('grant');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('权限设置成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('creates a user holding the role, in the department, with the post', async () => {
    const users = new CrudPage(page, product.url, '/system/user');
    await users.open();
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await users.form.waitFor();
    await item(users.form, '登录账号').locator('input').fill(USER.account);
    await item(users.form, '密码').locator('input').fill(USER.password);
    await item(users.form, '确认密码').locator('input').fill(USER.password);
    await item(users.form, '用户昵称').locator('input').fill(USER.account);
    await item(users.form, '用户姓名').locator('input').fill(USER.realName);
    await pick(users.form, '所属角色', ROLE.name);
    await pick(users.form, '所属部门', DEPT);
    await pick(users.form, '所属岗位', POST.name);
    await users.form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    const row = users.row(USER.account);
    await row.waitFor();
    expect(await row.innerText()).toContain(ROLE.name);
    await shot('users');
  });

  it('the user sees only 项目管理, no delete button, and only the projects of their department', async () => {
    // One project each, made through the API: the administrator's (root department) and the user's (测试组).
    const adminToken = await apiLogin(product, 'admin', 'admin', tenantId);
    const userToken = await apiLogin(product, USER.account, USER.password, tenantId);
    for (const [token, code, name] of [[adminToken, 'ADM-001', '管理员的项目'], [userToken, 'QA-001', '测试组的项目']] as const) {
      const me = (await apiCall(product, token, '/api/blade-auth/oauth/user-info')).body.data;
      const answer = await apiCall(product, token, '/gateway/blade-project/project/submit', { projectCode: code, projectName: name, status: 1, managerId: me.userId ?? me.user_id });
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200 });
    }

    await signOut();
    await loginAs(page, product, USER.account, USER.password, tenantId);
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('测试管理', { exact: true }).first().click();
    await sider.getByText('项目管理', { exact: true }).click();
    await page.waitForURL(/\/test\/project/);
    const projects = new CrudPage(page, product.url, '/test/project');
    await projects.row('测试组的项目').waitFor();
    expect(await projects.row('管理员的项目').count()).toBe(0);
    expect(await page.locator('.crud-page').getByText('共 1 条').count()).toBe(1);
    expect(await page.locator('.crud-toolbar').getByRole('button', { name: /新\s*增/ }).count()).toBe(1);
    expect(await page.locator('.crud-toolbar').getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    expect(await sider.getByText('系统管理', { exact: true }).count()).toBe(0);
    await shot('restricted-user');
  });

  it('five wrong passwords lock the user; the administrator unlocks them and they log in again', { timeout: 150_000 }, async () => {
    await signOut();
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.goto(`${product.url}/login`);
      await page.locator('img[alt]').first().waitFor();
      await page.getByPlaceholder('请输入租户ID').fill(tenantId);
      await page.getByPlaceholder('请输入账号').fill(USER.account);
      await page.getByPlaceholder('请输入密码').fill('Wrong-pass1');
      await page.getByPlaceholder('请输入验证码').fill(await latestCaptchaText(product));
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.locator('.ant-message-notice').first().waitFor();
    }
    await signOut();
    await loginAs(page, product, 'admin', 'admin', tenantId);
    const users = new CrudPage(page, product.url, '/system/user');
    await users.open();
    const row = users.row(USER.account);
    await expect.poll(() => row.innerText()).toContain('已锁定');
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /账号解封/ }).click();
    await confirmDialogOk(page);
    await toast('账号解封成功').waitFor();
    await expect.poll(() => row.innerText()).toContain('正常');
    await shot('unlocked');

    await signOut();
    await loginAs(page, product, USER.account, USER.password, tenantId);
  });
});
