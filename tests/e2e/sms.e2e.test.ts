import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { confirmDialogOk, snap } from './browser';
import { CrudPage, formItem } from './crudPage';
import { loginAs, useProductPage, type ProductPage } from './product';

let opened: ProductPage;
let page: Page;
useProductPage((product) => {
  opened = product;
  page = product.page;
});

/**
 * 短信配置 as a person uses it: add a recording-channel setting, enable it, send a test SMS from the screen and read
 * the message (phone masked, text kept because nothing left the machine) in the send log.
 */
describe('短信配置', () => {
  it('logs in', async () => {
    await loginAs(page, opened.product);
  });

  it('adds and enables a recording-channel setting', async () => {
    const settings = new CrudPage(page, opened.product.url, '/resource/sms');
    await settings.open();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await settings.form.waitFor();
    // The recording channel is the default category.
    await formItem(settings.form, '分类').getByText('记录通道').waitFor();
    await formItem(settings.form, '资源编号').locator('input').fill('test-channel');
    await formItem(settings.form, '模板ID').locator('input').fill('您的测试码为${code}');
    await formItem(settings.form, '短信签名').locator('input').fill('测试平台');
    await settings.form.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message, .ant-notification').getByText('新增成功').waitFor();
    const row = settings.row('test-channel');
    await expect.poll(() => row.innerText()).toMatch(/记录通道[\s\S]*未启用/);
    await row.getByRole('button', { name: /删\s*除/ }).waitFor();

    await row.getByRole('button', { name: /启\s*用/ }).click();
    await confirmDialogOk(page);
    await expect.poll(() => row.innerText()).toMatch(/已启用/);
    // Only rows not yet enabled offer 启用, and 删除 (the enabled one cannot be removed).
    expect(await row.getByRole('button', { name: /启\s*用/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    await snap(page, 'sms-settings');
  });

  it('sends a test SMS from the screen and shows it in the send log', async () => {
    const settings = new CrudPage(page, opened.product.url, '/resource/sms');
    await settings.row('test-channel').getByRole('button', { name: /发\s*送/ }).click();
    const dialog = page.locator('.ant-modal-content').filter({ hasText: '发送短信 · test-channel' });
    await dialog.waitFor();
    await formItem(dialog, '手机号码').locator('input').fill('13912345678');
    await formItem(dialog, '模板参数').locator('textarea').fill('{"code":"246810"}');
    await snap(page, 'sms-send-dialog');
    await dialog.getByRole('button', { name: /发\s*送/ }).click();
    await page.locator('.ant-message').getByText('短信已发送').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: /发送记录/ }).click();
    const log = page.locator('.ant-drawer-content').filter({ hasText: '短信发送记录' });
    const sent = log.locator('.sms-log .ant-table-row').filter({ hasText: '139****5678' });
    await expect.poll(() => sent.innerText()).toMatch(/test-channel[\s\S]*记录通道[\s\S]*发送[\s\S]*【测试平台】您的测试码为246810[\s\S]*成功/);
    // The whole number is nowhere on the screen.
    expect(await log.innerText()).not.toContain('13912345678');
    await snap(page, 'sms-send-log');
  });
});
