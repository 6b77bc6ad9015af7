import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmDialogOk, snap } from './browser';
import { chooseOption } from './crudPage';
import { latestCaptchaText, loginAs, useProductPage, type ProductPage } from './product';
import { SECRET_MASK } from '../../resources/types';

/**
 * Tenancy end to end: a package (toast `操作成功!`), a tenant with that package (its administrator's initial password
 * shown once), its licence (quota and expiry), its administrator logging in elsewhere and seeing only the package's
 * menus, and a client whose secret is shown once.
 */

let opened: ProductPage;
let page: Page;
useProductPage((product) => {
  opened = product;
  page = product.page;
});

const stamp = Date.now().toString(36).toUpperCase();
const packageName = `参数产品包${stamp}`;
const tenantName = `测试租户${stamp}`;
const clientId = `e2e_${stamp.toLowerCase()}`;
let tenantCode = '';
let tenantPassword = '';

const shot = async (name: string) => {
  await snap(page, `tenancy-${name}`);
};
const dialog = () => page.locator('.ant-modal-content').filter({ has: page.locator('form') }).last();
const okOf = (scope: Locator) => scope.getByRole('button', { name: /确\s*定/ });
const row = (text: string) => page.locator('.crud-page .ant-table-row').filter({ hasText: text });
const item = (scope: Locator, label: string) =>
  scope.locator('.ant-form-item').filter({ has: page.locator(`label:text-is("${label}")`) }).first();

async function openScreen(path: string) {
  await page.goto(`${opened.product.url}${path}`);
  await page.locator('.crud-page .ant-table').waitFor();
}

describe('租户、产品包与应用 end to end', () => {
  it('logs in as the administrator', async () => {
    await loginAs(page, opened.product);
  });

  it('creates a tenant package with a checked menu tree; the toast says 操作成功!', async () => {
    await openScreen('/system/tenantpackage');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog();
    await form.waitFor();
    await okOf(form).click();
    await expect.poll(() => form.getByText('请输入产品包名称').count()).toBe(1);
    await expect.poll(() => form.getByText('请选择菜单').count()).toBe(1);
    await form.getByLabel('产品包名称').fill(packageName);
    const tree = form.locator('.crud-tree-checks');
    await tree.getByPlaceholder('按名称搜索').fill('参数管理');
    await tree.locator('.ant-tree-treenode:visible').filter({ hasText: '参数管理' }).first().locator('.ant-tree-checkbox').click();
    await form.getByLabel('备注').fill('只含参数管理');
    await shot('package-form');
    await okOf(form).click();
    await page.locator('.ant-message, .ant-notification').getByText('操作成功!', { exact: true }).waitFor();
    await form.waitFor({ state: 'hidden' });
    await row(packageName).waitFor();
    // Spec §2: add, edit and delete; no view.
    expect(await row(packageName).getByRole('button', { name: /查\s*看/ }).count()).toBe(0);
    await shot('package-list');
  });

  it('creates a tenant with that package and shows its administrator password once', async () => {
    await openScreen('/system/tenant');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog();
    await form.waitFor();
    await form.getByLabel('租户名称').fill(tenantName);
    await form.getByLabel('联系人').fill('张三');
    await form.getByLabel('联系电话').fill('13800001111');
    await chooseOption(item(form, '产品包').locator('.ant-select'), packageName, packageName);
    await shot('tenant-form');
    await okOf(form).click();

    const reveal = page.locator('.crud-reveal');
    await reveal.waitFor();
    await expect.poll(() => reveal.locator('[data-reveal="account"]').innerText()).toBe('admin');
    tenantPassword = await reveal.locator('[data-reveal="password"]').innerText();
    expect(tenantPassword).toBe('admin');
    expect(await reveal.locator('.ant-typography-copy').count()).toBe(2);
    await shot('tenant-created');
    await reveal.getByRole('button', { name: /关\s*闭/ }).click();
    await reveal.waitFor({ state: 'hidden' });

    await row(tenantName).waitFor();
    const cells = await row(tenantName).locator('td').allInnerTexts();
    expect(cells.join('|')).toContain(packageName);
    expect(cells.join('|')).toContain('不限制');
    tenantCode = cells.find((text) => /^\d{6}$/.test(text.trim()))?.trim() ?? '';
    expect(tenantCode).toMatch(/^\d{6}$/);
    // Never shown again: the view has no password.
    await row(tenantName).getByRole('button', { name: /查\s*看/ }).click();
    const view = page.locator('.ant-modal-content').last();
    await view.waitFor();
    expect(await view.innerText()).not.toContain('初始密码');
    await view.getByRole('button', { name: /关\s*闭/ }).click();
  });

  it('sets the account quota and expiry (授权配置)', async () => {
    await row(tenantName).locator('.ant-checkbox-input').check();
    await page.locator('.crud-toolbar').getByRole('button', { name: '授权配置' }).click();
    const form = page.locator('.crud-operation-dialog');
    await form.waitFor();
    await form.getByLabel('账号额度').fill('10');
    const expiry = form.getByLabel('过期时间');
    await expiry.click();
    await expiry.fill('2999-12-31 00:00:00');
    await expiry.press('Enter');
    await shot('tenant-setting');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message, .ant-notification').getByText('授权配置成功').waitFor();
    await expect.poll(async () => (await row(tenantName).locator('td').allInnerTexts()).join('|')).toContain('2999-12-31 00:00:00');
    expect((await row(tenantName).locator('td').allInnerTexts()).map((text) => text.trim())).toContain('10');
    await shot('tenant-list');
  });

  it("logs in as the tenant's administrator in a fresh context and sees only the package's menus", async () => {
    const context = await opened.product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    const tenantPage = await context.newPage();
    try {
      await tenantPage.goto(`${opened.product.url}/login`);
      await tenantPage.locator('img[alt]').first().waitFor();
      const tenantField = tenantPage.getByPlaceholder('请输入租户ID');
      await tenantField.fill(tenantCode);
      await tenantPage.getByPlaceholder('请输入账号').fill('admin');
      await tenantPage.getByPlaceholder('请输入密码').fill(tenantPassword);
      await tenantPage.getByPlaceholder('请输入验证码').fill(await latestCaptchaText(opened.product));
      await tenantPage.getByRole('button', { name: /登\s*录/ }).click();
      await tenantPage.waitForURL(/\/wel\/index/);
      const sider = tenantPage.locator('.ant-layout-sider');
      await sider.getByText('系统管理', { exact: true }).click();
      await sider.getByText('参数管理', { exact: true }).waitFor();
      const menuItems = (await sider.locator('.ant-menu-title-content').allInnerTexts()).map((text) => text.trim());
      expect(menuItems.filter((text) => text !== '首页').sort()).toEqual(['参数管理', '系统管理']);
      await snap(tenantPage, 'tenancy-tenant-admin-menus');
      await sider.getByText('参数管理', { exact: true }).click();
      await tenantPage.locator('.crud-page .ant-table').waitFor();
    } finally {
      await context.close();
    }
  });

  it('recycles the tenant (回收) and restores it (通过), the restore button only on recycled rows', async () => {
    await openScreen('/system/tenant');
    expect(await row(tenantName).getByRole('button', { name: /通\s*过/ }).count()).toBe(0);
    // The administrator tenant cannot be removed: its row offers no 删除, the others do.
    expect(await row('000000').getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    expect(await row(tenantName).getByRole('button', { name: /删\s*除/ }).count()).toBe(1);
    await row(tenantName).locator('.ant-checkbox-input').check();
    await page.locator('.crud-toolbar').getByRole('button', { name: '回收' }).click();
    await confirmDialogOk(page);
    await expect.poll(async () => (await row(tenantName).locator('td').allInnerTexts()).join('|')).toContain('已回收');
    await shot('tenant-recycled');
    await row(tenantName).getByRole('button', { name: /通\s*过/ }).click();
    await confirmDialogOk(page);
    await expect.poll(async () => (await row(tenantName).locator('td').allInnerTexts()).join('|')).toContain('正常');
  });

  it('an expired tenant reads 已过期 in 状态 (its users cannot sign in), not 正常', async () => {
    await opened.product.server.db.query("UPDATE blade_tenant SET expire_time = '2020-01-01 00:00:00' WHERE tenant_name = $1", [tenantName]);
    await openScreen('/system/tenant');
    const cells = async (name: string) => (await row(name).locator('td').allInnerTexts()).map((text) => text.trim());
    await expect.poll(() => cells(tenantName)).toContain('已过期');
    expect(await cells(tenantName)).not.toContain('正常');
    // The administrator tenant never expires.
    expect(await cells('000000')).toContain('正常');
    await shot('tenant-expired');
    await opened.product.server.db.query("UPDATE blade_tenant SET expire_time = '2999-12-31 00:00:00' WHERE tenant_name = $1", [tenantName]);
  });

  it('creates a client and shows its generated secret once', async () => {
    await openScreen('/system/client');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog();
    await form.waitFor();
    await form.getByLabel('客户端ID').fill(clientId);
    await shot('client-form');
    await okOf(form).click();
    const reveal = page.locator('.crud-reveal');
    await reveal.waitFor();
    const secret = await reveal.locator('[data-reveal="clientSecret"]').innerText();
    expect(secret.length).toBeGreaterThanOrEqual(24);
    expect(await reveal.locator('.ant-typography-copy').count()).toBe(2);
    await shot('client-created');
    await reveal.getByRole('button', { name: /关\s*闭/ }).click();
    await row(clientId).waitFor();
    expect(await page.locator('.crud-page').innerText()).not.toContain(secret);
    await row(clientId).getByRole('button', { name: /查\s*看/ }).click();
    const view = page.locator('.ant-modal-content').last();
    await view.waitFor();
    expect(await view.innerText()).not.toContain(secret);
    await shot('client-view');
    await view.getByRole('button', { name: /关\s*闭/ }).click();
  });

  it('stores a datasource (jdbc:/postgres: URLs only) and never shows its password again', async () => {
    await openScreen('/tool/datasource');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog();
    await form.waitFor();
    await form.getByLabel('名称').fill(`库${stamp}`);
    await form.getByLabel('连接地址').fill('http://169.254.169.254/');
    await form.getByLabel('用户名').fill('reader');
    await form.getByLabel('密码').fill('Ds-e2e-secret');
    await okOf(form).click();
    await expect.poll(() => form.getByText('连接地址必须以 jdbc: 或 postgres: 开头').count()).toBe(1);
    await form.getByLabel('连接地址').fill('jdbc:postgresql://db.internal:5432/tests');
    await shot('datasource-form');
    await okOf(form).click();
    await page.locator('.ant-message, .ant-notification').getByText('新增成功').first().waitFor();
    await row(`库${stamp}`).waitFor();
    await row(`库${stamp}`).getByRole('button', { name: /编\s*辑/ }).click();
    const edit = dialog();
    await edit.waitFor();
    await expect.poll(() => edit.getByLabel('名称').inputValue()).toBe(`库${stamp}`);
    // The detail answers a mask in place of the password: the form holds it and saves without retyping it.
    expect(await edit.getByLabel('密码').inputValue()).toBe(SECRET_MASK);
    expect(await edit.getByLabel('密码').getAttribute('placeholder')).toBe('留空则保持不变');
    await shot('datasource-edit');
    await edit.getByLabel('用户名').fill('reader2');
    await okOf(edit).click();
    await page.locator('.ant-message, .ant-notification').getByText('更新成功').first().waitFor();
    await row(`库${stamp}`).getByText('reader2').waitFor();
  });
});
