import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { confirmDialogOk, snap } from './browser';
import { latestCaptchaText, loginAs, useProductPage, type RunningProduct } from './product';

let product: RunningProduct;
let page: Page;

useProductPage((opened) => ({ product, page } = opened));

const toast = (text: string) => page.locator('.ant-message, .ant-notification').getByText(text, { exact: true });
const formDialog = () => page.locator('.ant-modal-content, .ant-drawer-content').filter({ has: page.locator('form') });
const rowOf = (text: string) => page.locator('.ant-table-tbody tr').filter({ hasText: text });

async function fillParamForm(dialog: Locator, values: { name: string; key: string; value: string }) {
  await dialog.getByLabel('参数名称').fill(values.name);
  await dialog.getByLabel('参数键名').fill(values.key);
  await dialog.getByLabel('参数键值').fill(values.value);
}

const confirmOk = () => confirmDialogOk(page);

describe('参数管理 end to end', () => {
  it('sends an anonymous visitor to the login page, titled 登录', async () => {
    await page.goto(`${product.url}/system/param`);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.title()).toContain('登录');
    await page.getByPlaceholder('请输入验证码').waitFor();
    await snap(page, 'login');
  });

  it('refuses a wrong captcha with the server message and shows a new captcha', async () => {
    await page.goto(`${product.url}/login`);
    const captcha = page.locator('img[alt]').first();
    await captcha.waitFor();
    const firstImage = await captcha.getAttribute('src');
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill('wrong-password');
    await page.getByPlaceholder('请输入验证码').fill('zzzz');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect.poll(() => page.getByText('验证码不正确').count()).toBeGreaterThan(0);
    await expect.poll(() => captcha.getAttribute('src')).not.toBe(firstImage);
  });

  it('refreshes the captcha image on click', async () => {
    const captcha = page.locator('img[alt]').first();
    const before = await captcha.getAttribute('src');
    const textBefore = await latestCaptchaText(product);
    await captcha.click();
    await expect.poll(() => captcha.getAttribute('src')).not.toBe(before);
    await expect.poll(() => latestCaptchaText(product)).not.toBe(textBefore);
  });

  it('logs in as admin and lands on the home page', async () => {
    await loginAs(page, product);
    // The home page's entries come from the role's menus, loaded after the page: the entry for 参数管理 among them.
    await page.locator('.ant-card').filter({ hasText: '快捷入口' }).getByText('参数管理', { exact: true }).waitFor();
    await snap(page, 'home');
  });

  it('opens 参数管理 from the sidebar menu', async () => {
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('系统管理', { exact: true }).click();
    await sider.getByText('参数管理', { exact: true }).click();
    await page.waitForURL(/\/system\/param/);
    await page.locator('.ant-table').waitFor();
    await snap(page, 'param-list');
  });

  it('shows the required messages on blur and on submit, and keeps the dialog open', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = formDialog();
    await dialog.waitFor();
    await dialog.getByLabel('参数名称').focus();
    await dialog.getByLabel('参数名称').blur();
    await expect.poll(() => dialog.getByText('请输入参数名称').count()).toBe(1);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => dialog.getByText('请输入参数键名').count()).toBe(1);
    await expect.poll(() => dialog.getByText('请输入参数键值').count()).toBe(1);
    await snap(page, 'param-required');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adds a parameter: toast 新增成功 and the row appears', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = formDialog();
    await fillParamForm(dialog, { name: '端到端参数', key: 'e2e.first', value: 'v1' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').waitFor();
    await rowOf('e2e.first').waitFor();
  });

  it('keeps what the user typed when the server refuses (duplicate key)', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = formDialog();
    await fillParamForm(dialog, { name: '重复参数', key: 'e2e.first', value: 'v2' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByText('参数键名已存在').count()).toBeGreaterThan(0);
    expect(await dialog.getByLabel('参数名称').inputValue()).toBe('重复参数');
    expect(await dialog.getByLabel('参数键值').inputValue()).toBe('v2');
    await dialog.getByLabel('参数键名').fill('e2e.second');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('新增成功').first().waitFor();
    await rowOf('e2e.second').waitFor();
  });

  it('edits a parameter: toast 更新成功 and the new value is listed', async () => {
    await rowOf('e2e.first').getByText('编辑', { exact: true }).click();
    const dialog = formDialog();
    await expect.poll(() => dialog.getByLabel('参数键值').inputValue()).toBe('v1');
    await dialog.getByLabel('参数键值').fill('v1-updated');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await toast('更新成功').waitFor();
    await rowOf('v1-updated').waitFor();
  });

  it('views a parameter read-only', async () => {
    await rowOf('e2e.second').getByText('查看', { exact: true }).click();
    const dialog = page.locator('.ant-modal-content, .ant-drawer-content').filter({ hasText: 'e2e.second' });
    await dialog.waitFor();
    expect(await dialog.locator('input:not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly])').count()).toBe(0);
    await snap(page, 'param-view');
    // The view has nothing to cancel: it closes.
    await dialog.getByRole('button', { name: /关\s*闭/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('searches by parameter name and clears the search', async () => {
    const search = page.locator('form').filter({ has: page.getByRole('button', { name: /搜\s*索/ }) });
    await search.getByLabel('参数名称').fill('重复');
    await search.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => rowOf('e2e.first').count()).toBe(0);
    await rowOf('e2e.second').waitFor();
    await search.getByRole('button', { name: /清\s*空/ }).click();
    await rowOf('e2e.first').waitFor();
  });

  it('sorts by 参数键名 from its header, up then down, and the address keeps the order', async () => {
    const table = page.locator('.ant-table-wrapper');
    const keys = async () => (await table.locator('.ant-table-row td:nth-child(3)').allInnerTexts()).map((text) => text.trim());
    const header = table.locator('th').filter({ hasText: '参数键名' });
    // Only a column with an index sorts: 参数名称 has none, so its header offers no order.
    expect(await table.locator('th').filter({ hasText: '参数名称' }).locator('.ant-table-column-sorters').count()).toBe(0);
    expect(await header.locator('.ant-table-column-sorters').count()).toBe(1);
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(async () => { const shown = await keys(); return shown.length > 1 && shown.join() === [...shown].sort().join(); }).toBe(true);
    await header.click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => { const shown = await keys(); return shown.length > 1 && shown.join() === [...shown].sort().reverse().join(); }).toBe(true);
    expect(decodeURIComponent(page.url())).toContain('sorters[0][field]=paramKey');
    await page.reload();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await snap(page, 'param-sorted');
  });

  it('warns 请选择至少一条数据 on multi-delete with nothing selected', async () => {
    await page.locator('.ant-table-wrapper').locator('..').getByRole('button', { name: /删\s*除/ }).first().click();
    await page.getByText('请选择至少一条数据').waitFor();
  });

  it('deletes one row after the 确定将选择数据删除? confirmation: toast 删除成功', async () => {
    await rowOf('e2e.second').getByText('删除', { exact: true }).click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await confirmOk();
    await toast('删除成功').waitFor();
    await expect.poll(() => rowOf('e2e.second').count()).toBe(0);
  });

  it('deletes the selected rows in one call', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = formDialog();
    await fillParamForm(dialog, { name: '批量一', key: 'e2e.batch1', value: 'b1' });
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await rowOf('e2e.batch1').waitFor();
    const removeCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/param/remove')) removeCalls.push(request.url());
    });
    await rowOf('e2e.batch1').locator('input[type=checkbox]').check();
    await rowOf('e2e.first').locator('input[type=checkbox]').check();
    await page.locator('.ant-table-wrapper').locator('..').getByRole('button', { name: /删\s*除/ }).first().click();
    await page.getByText('确定将选择数据删除?').waitFor();
    await confirmOk();
    await toast('删除成功').first().waitFor();
    await expect.poll(() => rowOf('e2e.batch1').count()).toBe(0);
    await expect.poll(() => rowOf('e2e.first').count()).toBe(0);
    expect(removeCalls).toHaveLength(1);
    expect(decodeURIComponent(removeCalls[0])).toMatch(/ids=\d+,\d+/);
    await snap(page, 'param-after-delete');
  });
});
