import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TESTER_IDS } from '../../server/db/seed-accounts';
import { snap } from './browser';
import { ADMIN_PASSWORD, apiCall, apiLogin as apiLoginOf, loginAs, useProductPage, type RunningProduct } from './product';

/**
 * 角色管理 → 权限设置 end to end: a new role is granted 项目管理 and a data scope (所在机构可见) in the grant dialog; a user
 * holding only that role sees only that menu and only the projects of their own department.
 */

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

const ROLE_NAME = '项目观察员';
const ROLE_ALIAS = 'project_observer';
const SCOPE_NAME = '本部门项目';
const USER = { account: 'observer', password: 'Observer-pass1' };
const apiLogin = (account: string, password: string) => apiLoginOf(product, account, password);
const api = (token: string, path: string, json?: unknown) => apiCall(product, token, path, json);
const toast = (text: string) => page.locator('.ant-message, .ant-notification').getByText(text, { exact: true });

/** The user holding the new role, in 测试部, made through `user/submit`. */
async function createObserver(adminToken: string, roleId: string): Promise<void> {
  const body = { account: USER.account, password: USER.password, password2: USER.password, name: USER.account, realName: '观察员', roleId, deptId: TESTER_IDS.testDept, tenantId: '000000', userType: 1, status: 1 };
  const answer = await api(adminToken, '/api/blade-system/user/submit', body);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 200, success: true });
}

const treeNode = (title: string) => page.locator('.role-grant-dialog .ant-tabs-tabpane-active .ant-tree-treenode').filter({ has: page.getByText(title, { exact: true }) });
const isChecked = async (title: string) => (await treeNode(title).first().locator('.ant-tree-checkbox').getAttribute('class'))?.includes('ant-tree-checkbox-checked');

describe('角色管理: grant a role menus and a data scope', () => {
  it('creates a role', async () => {
    await loginAs(page, product);
    await page.goto(`${product.url}/authority/role`);
    await page.locator('.crud-page .ant-table-row').first().waitFor();
    await page.locator('.crud-toolbar').getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.ant-modal-content').filter({ has: page.locator('form') });
    await dialog.getByLabel('角色名称').fill(ROLE_NAME);
    await dialog.getByLabel('角色别名').fill(ROLE_ALIAS);
    await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
    await toast('新增成功').waitFor();
    await page.locator('.crud-page .ant-table-row').filter({ hasText: ROLE_ALIAS }).waitFor();
    await snap(page, 'authority-role-list');
  });

  it('adds a data scope to 项目管理 on the data scope screen', async () => {
    await page.goto(`${product.url}/authority/datascope`);
    const menuRow = page.locator('.scope-menu-page .ant-table-row').filter({ has: page.getByText('项目管理', { exact: true }) });
    await menuRow.getByRole('button', { name: '权限配置' }).click();
    const drawer = page.locator('.scope-drawer');
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.locator('.scope-form');
    await form.getByLabel('权限名称').fill(SCOPE_NAME);
    await expect.poll(() => form.getByLabel('权限编号').inputValue()).toBe('project');
    await form.locator('.ant-form-item').filter({ has: page.locator('label:text-is("规则类型")') }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('所在机构可见', { exact: true }).click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await drawer.locator('.ant-table-row').filter({ hasText: SCOPE_NAME }).waitFor();
    await expect.poll(() => drawer.locator('.ant-table-row').filter({ hasText: SCOPE_NAME }).innerText()).toContain('所在机构可见');
    await snap(page, 'authority-datascope-drawer');
    await drawer.locator('.ant-drawer-close').click();
  });

  it('adds an API scope to 参数管理 on the API scope screen', async () => {
    await page.goto(`${product.url}/authority/apiscope`);
    const menuRow = page.locator('.scope-menu-page .ant-table-row').filter({ has: page.getByText('参数管理', { exact: true }) });
    await menuRow.getByRole('button', { name: '权限配置' }).click();
    const drawer = page.locator('.scope-drawer');
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.locator('.scope-form');
    await form.getByLabel('权限名称').fill('参数导出');
    await expect.poll(() => form.getByLabel('权限编号').inputValue()).toBe('param');
    await form.getByLabel('权限路径').fill('/api/blade-system/param/export/**');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await drawer.locator('.ant-table-row').filter({ hasText: '/api/blade-system/param/export/**' }).waitFor();
    await snap(page, 'authority-apiscope-drawer');
    await drawer.locator('.ant-drawer-close').click();
  });

  it('grants 项目管理 and the data scope in the grant dialog, and shows them checked when reopened', async () => {
    await page.goto(`${product.url}/authority/role`);
    const row = page.locator('.crud-page .ant-table-row').filter({ hasText: ROLE_ALIAS });
    await row.getByRole('button', { name: '权限设置' }).click();
    const dialog = page.locator('.role-grant-dialog');
    await treeNode('项目管理').first().waitFor();
    await treeNode('项目管理').first().locator('.ant-tree-checkbox').click();
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    await treeNode(SCOPE_NAME).first().locator('.ant-tree-checkbox').click();
    await snap(page, 'authority-grant-dialog');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('权限设置成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '权限设置' }).click();
    await treeNode('项目管理').first().waitFor();
    await expect.poll(() => isChecked('项目管理')).toBe(true);
    expect(await isChecked('任务管理')).toBe(false);
    await dialog.getByRole('tab', { name: '数据权限' }).click();
    await expect.poll(() => isChecked(SCOPE_NAME)).toBe(true);
    await snap(page, 'authority-grant-dialog-reopened');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: /取\s*消/ }).click();
  });

  it('a user holding the role sees only 项目管理 and only their department’s projects', async () => {
    const adminToken = await apiLogin('admin', ADMIN_PASSWORD);
    const roles = await api(adminToken, `/api/blade-system/role/page?roleAlias_equal=${ROLE_ALIAS}`);
    const roleId = roles.body.data.records[0].id as string;
    await createObserver(adminToken, roleId);
    const observerToken = await apiLogin(USER.account, USER.password);
    const me = await api(observerToken, '/api/blade-auth/oauth/user-info');
    const created = await api(observerToken, '/gateway/blade-project/project/submit', {
      projectCode: 'OBS-001',
      projectName: '观察员的项目',
      status: 1,
      managerId: me.body.data.userId ?? me.body.data.user_id,
    });
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ code: 200, success: true });
    // The administrator's demo projects exist beside it.
    const all = await api(adminToken, '/gateway/blade-project/project/list?size=1');
    expect(all.body.data.total).toBeGreaterThan(1);

    const context = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const observerPage = await context.newPage();
    await loginAs(observerPage, product, USER.account, USER.password);
    const sider = observerPage.locator('.ant-layout-sider');
    await sider.getByText('测试管理', { exact: true }).first().click();
    await sider.getByText('项目管理', { exact: true }).first().waitFor();
    const menus = await sider.innerText();
    for (const hidden of ['系统管理', '权限管理', '参数管理', '任务管理']) expect(menus).not.toContain(hidden);

    await observerPage.goto(`${product.url}/test/project`);
    const rows = observerPage.locator('.crud-page .ant-table-row');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('OBS-001');
    await observerPage.getByText('共 1 条').waitFor();
    await snap(observerPage, 'authority-observer-projects');
    await context.close();
  });
});

