import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmDialogOk, snap } from './browser';
import { CrudPage, formItem as item, pickOption as pick } from './crudPage';
import { ADMIN_PASSWORD, latestCaptchaText, loginAs, useProductPage, type RunningProduct } from './product';

/**
 * Users, departments and posts in the browser: a department under another, a post, a user with a role, a
 * department and a post; that user locked by five wrong passwords, shown locked, unlocked, and logging in; a user
 * with two departments and two roles switching both, seeing names.
 */
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
useProductPage((opened) => ({ product, context, page } = opened));

const shot = (name: string) => snap(page, `org-${name}`);

const PARENT = 'E2E研发中心';
const CHILD = 'E2E测试组';
const POST_CODE = 'e2eqa';
const POST_NAME = 'E2E测试工程师';
const ACCOUNT = 'e2e_user';
const PASSWORD = 'E2e-user-pass1';

const toast = (text: string) => page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text }).first();



async function logout() {
  await context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

async function tryLogin(account: string, password: string) {
  await page.goto(`${product.url}/login`);
  await page.locator('img[alt]').first().waitFor();
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(await latestCaptchaText(product));
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

async function storedUserInfo(): Promise<Record<string, string>> {
  return page.evaluate(() => {
    for (const storage of [localStorage, sessionStorage]) {
      for (const key of Object.keys(storage)) {
        if (!key.toLowerCase().includes('userinfo')) continue;
        const record = JSON.parse(storage.getItem(key) ?? 'null');
        return record?.content ?? record;
      }
    }
    return {};
  });
}

describe('departments, posts and users', () => {
  it('creates a department under another one, shown in the lazily expanding tree', async () => {
    await loginAs(page, product);
    const depts = new CrudPage(page, product.url, '/system/dept');
    await depts.open();
    for (const [name, parent] of [[PARENT, undefined], [CHILD, PARENT]] as const) {
      await page.getByRole('button', { name: /新\s*增/ }).first().click();
      await depts.form.waitFor();
      await item(depts.form, '部门名称').locator('input').fill(name);
      await item(depts.form, '部门全称').locator('input').fill(`${name}全称`);
      if (parent) await pick(depts.form, '上级部门', parent);
      await depts.form.getByRole('button', { name: /确\s*定/ }).click();
      await toast('新增成功').waitFor();
      await depts.form.waitFor({ state: 'hidden' });
    }
    const parentRow = depts.row(PARENT);
    await parentRow.waitFor();
    expect(await depts.row(CHILD).count()).toBe(0);
    await parentRow.locator('.ant-table-row-expand-icon').click();
    await depts.row(CHILD).waitFor();
    await expect.poll(() => depts.row(CHILD).innerText()).toContain('部门');
    await shot('dept-tree');
  });

  it('creates a post', async () => {
    const posts = new CrudPage(page, product.url, '/system/post');
    await posts.open();
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await posts.form.waitFor();
    await pick(posts.form, '岗位类型', '基层');
    await item(posts.form, '岗位编号').locator('input').fill(POST_CODE);
    await item(posts.form, '岗位名称').locator('input').fill(POST_NAME);
    await posts.form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await posts.row(POST_NAME).waitFor();
    expect(await posts.row(POST_NAME).innerText()).toContain('基层');
    await shot('post-list');
  });

  it('creates a user with a role, a department and a post; the row shows their names', async () => {
    const users = new CrudPage(page, product.url, '/system/user');
    await users.open();
    // The department tree stands beside the list.
    await page.locator('.crud-tree-filter').getByText('管理组').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await users.form.waitFor();
    await item(users.form, '登录账号').locator('input').fill(ACCOUNT);
    await item(users.form, '密码').locator('input').fill(PASSWORD);
    await item(users.form, '确认密码').locator('input').fill('Not-the-same1');
    await item(users.form, '用户昵称').locator('input').fill('e2e');
    await users.form.getByRole('button', { name: /确\s*定/ }).click();
    await users.form.getByText('两次密码输入不一致').waitFor();
    await item(users.form, '确认密码').locator('input').fill(PASSWORD);
    await item(users.form, '用户姓名').locator('input').fill('端到端');
    await item(users.form, '手机号码').locator('input').fill('13900001111');
    await pick(users.form, '所属角色', '普通用户');
    await pick(users.form, '所属部门', CHILD);
    await pick(users.form, '所属岗位', POST_NAME);
    await shot('user-form');
    await users.form.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await users.form.waitFor({ state: 'hidden' });
    const row = users.row(ACCOUNT);
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('普通用户');
    expect(text).toContain(CHILD);
    expect(text).toContain('正常');

    // Picking the parent department in the tree lists the user of its child department.
    await page.locator('.crud-tree-filter').getByText(PARENT, { exact: true }).click();
    await page.waitForURL(/deptId/);
    await users.row(ACCOUNT).waitFor();
    await expect.poll(() => page.locator('.crud-page .ant-table-row').count()).toBe(1);
    await shot('user-list');
  });

  it('configures the platform of that user, grants it a second role, and lists registrations awaiting audit', async () => {
    const users = new CrudPage(page, product.url, '/system/user');
    await users.open();
    const row = users.row(ACCOUNT);
    await row.locator('.ant-checkbox-input').check();

    await page.getByRole('button', { name: /平台配置/ }).click();
    const platform = page.locator('.ant-modal-content').filter({ hasText: '平台配置' });
    await platform.waitFor();
    await pick(platform, '用户平台', 'APP');
    await platform.locator('textarea').fill('{"device":"pad"}');
    await platform.getByRole('button', { name: /确\s*定/ }).click();
    await toast('平台配置成功').waitFor();
    await expect.poll(() => users.row(ACCOUNT).innerText()).toContain('APP');

    await users.row(ACCOUNT).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /角色配置/ }).click();
    const grant = page.locator('.ant-modal-content').filter({ hasText: '角色配置' });
    // The dialog starts from the role the user holds.
    await expect.poll(() => grant.locator('.ant-select-selection-item').allInnerTexts()).toEqual(['普通用户']);
    await grant.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '通知查看' }).click();
    await grant.locator('.ant-modal-title').click();
    await shot('user-grant');
    await grant.getByRole('button', { name: /确\s*定/ }).click();
    await toast('角色配置成功').waitFor();
    await expect.poll(() => users.row(ACCOUNT).innerText()).toContain('普通用户,通知查看');

    await page.getByRole('button', { name: /用户审核/ }).click();
    const audit = page.locator('.ant-modal-content').filter({ hasText: '用户审核' });
    await audit.getByText('没有待审核的用户').waitFor();
    await shot('user-audit');
    await audit.getByRole('button', { name: /关\s*闭/ }).click();
    await audit.waitFor({ state: 'hidden' });
  });

  it('locks that user after 5 wrong passwords, shows it locked, unlocks it, and the user logs in', async () => {
    await logout();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await tryLogin(ACCOUNT, 'Wrong-pass0');
      await toast('用户名或密码错误').waitFor();
    }
    await tryLogin(ACCOUNT, PASSWORD);
    await toast('登录错误次数过多').waitFor();
    await shot('locked-login');

    await loginAs(page, product);
    const users = new CrudPage(page, product.url, '/system/user');
    await users.open();
    const row = users.row(ACCOUNT);
    await row.locator('.user-locked').waitFor();
    expect(await row.innerText()).toContain('已锁定');
    await shot('user-locked');
    await row.locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /账号解封/ }).click();
    await confirmDialogOk(page);
    await toast('账号解封成功').waitFor();
    await expect.poll(() => row.innerText()).toContain('正常');

    await logout();
    await loginAs(page, product, ACCOUNT, PASSWORD);
    expect((await storedUserInfo()).account).toBe(ACCOUNT);
  }, 150_000);
});

describe('department/role switch', () => {
  it('views of a root department and a root role read 顶级 as their parent, never 0', async () => {
    await logout();
    await loginAs(page, product);
    for (const [route, rowText, label] of [
      ['/system/dept', '管理组', '上级部门'],
      ['/authority/role', 'administrator', '上级角色'],
    ] as const) {
      const screen = new CrudPage(page, product.url, route);
      await screen.open();
      await screen.rowAction(rowText, '查看');
      const parent = item(screen.form, label).locator('.crud-view-value');
      await expect.poll(() => parent.innerText()).toBe('顶级');
      await shot(`view-root-${route.split('/').pop()}`);
      await screen.close();
    }
  });

  it('shows names for a user with two depts and two roles, and switches both', async () => {
    await logout();
    await loginAs(page, product, 'tester', ADMIN_PASSWORD);
    const before = await storedUserInfo();
    expect(before.role_id.split(',')).toHaveLength(2);
    await page.locator('.app-header__user').hover();
    await page.getByRole('menuitem', { name: '切换部门/角色' }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '切换部门/角色' });
    await dialog.waitFor();
    await item(dialog, '部门').locator('.ant-select').click();
    const deptOptions = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => deptOptions.allInnerTexts()).toEqual(['管理组', '测试部']);
    await deptOptions.filter({ hasText: '测试部' }).click();
    await item(dialog, '角色').locator('.ant-select').click();
    const roleOptions = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => roleOptions.allInnerTexts()).toEqual(['普通用户', '通知查看']);
    await roleOptions.filter({ hasText: '通知查看' }).click();
    expect(await dialog.innerText()).not.toMatch(/\d{10,}/);
    await shot('switch-dialog');
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: /确\s*定/ }).click()]);
    await page.locator('.app-header').waitFor();

    const after = await storedUserInfo();
    expect(after.role_name).toBe('notice_reader');
    expect(after.role_id.split(',')).toHaveLength(1);
    expect(after.dept_id.split(',')).toHaveLength(1);
    expect(after.dept_id).not.toBe(before.dept_id.split(',')[0]);
    // The sidebar follows the role: the notice reader has no test management.
    const sider = page.locator('.ant-layout-sider');
    await sider.waitFor();
    await sider.getByText('工作台', { exact: true }).waitFor();
    await expect.poll(() => sider.getByText('测试管理', { exact: true }).count()).toBe(0);

    // Reopened, the dialog preselects the switched pair by name.
    await page.locator('.app-header__user').hover();
    await page.getByRole('menuitem', { name: '切换部门/角色' }).click();
    await dialog.waitFor();
    await expect.poll(() => item(dialog, '部门').locator('.ant-select-selection-item').innerText()).toBe('测试部');
    await expect.poll(() => item(dialog, '角色').locator('.ant-select-selection-item').innerText()).toBe('通知查看');
    await snap(page, 'org-switched');
    await shot('switched');
  });
});
