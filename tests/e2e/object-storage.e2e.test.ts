import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { confirmDialogOk, snap } from './browser';
import { CrudPage, formItem, pickOption } from './crudPage';
import { loginAs, useProductPage, type RunningProduct } from './product';
import { S3_TEST_KEYS, startS3TestServer, type S3TestServer } from '../server/s3-test-server';

let product: RunningProduct;
let page: Page;
let s3: S3TestServer;

beforeAll(async () => {
  // Answers any origin's preflight, as a bucket whose CORS rule allows the product's uploads.
  s3 = await startS3TestServer({ corsOrigin: '*' });
});
afterAll(() => s3?.close());

// The test service listens on loopback, which outbound requests reach only when an administrator listed it.
useProductPage((opened) => ({ product, page } = opened), { outboundAllow: ['127.0.0.1'] });

const toast = (text: string) => page.locator('.ant-message').getByText(text, { exact: true }).last();
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads an avatar on 个人信息 and saves it; answers the stored name of the file (the link's last segment). */
async function uploadAvatar(): Promise<string> {
  await page.goto(`${product.url}/info/index`);
  const avatar = page.locator('.info-page__avatar img');
  const before = await avatar.getAttribute('src').catch(() => null);
  await page.locator('.info-page__avatar input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  await expect.poll(() => avatar.getAttribute('src')).not.toBe(before);
  // A fresh administrator has no phone number yet, which the form requires.
  const phone = page.getByLabel('手机号');
  if (!(await phone.inputValue())) await phone.fill('13800138000');
  await page.getByRole('button', { name: '提交' }).first().click();
  await toast('修改信息成功').waitFor();
  const link = (await avatar.getAttribute('src')) ?? '';
  // The browser shows it: the server reads it back from wherever it was stored.
  expect(await page.evaluate(async (src) => (await fetch(src)).status, link)).toBe(200);
  return link.slice(link.lastIndexOf('/') + 1);
}

const placementOf = async (name: string) => {
  const rows = await product.server.db.query<{ oss_id: string }>('SELECT oss_id::text AS oss_id FROM blade_oss_object WHERE object_key = $1', [
    `000000/attach/${name}`,
  ]);
  return rows[0]?.oss_id;
};

describe('对象存储', () => {
  it('keeps avatars in the embedded store while no setting is enabled', async () => {
    await loginAs(page, product);
    const name = await uploadAvatar();
    expect(await placementOf(name)).toBe('0');
    expect(await s3.store.getObject(`000000/attach/${name}`)).toBeUndefined();
  });

  it('configures an S3-compatible service, tests and enables it, and the next avatar is stored there', async () => {
    const crud = new CrudPage(page, product.url, '/resource/oss');
    await crud.open();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = crud.form;
    await pickOption(form, '分类', 'minio');
    await formItem(form, '资源编号').locator('input').fill('minio-e2e');
    await formItem(form, '资源地址').locator('input').fill(s3.endpoint);
    await formItem(form, '空间名').locator('input').fill(s3.bucket);
    await formItem(form, 'accessKey').locator('input').fill(S3_TEST_KEYS.accessKeyId);
    await formItem(form, 'secretKey').locator('input').fill(S3_TEST_KEYS.secretAccessKey);
    await snap(page, 'object-storage-form');
    await form.getByRole('button', { name: /提\s*交|确\s*定|保\s*存/ }).click();
    await form.waitFor({ state: 'hidden' });
    const row = crud.row('minio-e2e');
    await row.waitFor();

    await row.getByRole('button', { name: /测\s*试/ }).click();
    await toast('测试成功').waitFor();
    await row.getByRole('button', { name: /启\s*用/ }).click();
    await confirmDialogOk(page);
    await toast('启用成功').waitFor();
    // Enabled: the row says so and offers no second 启用.
    await expect.poll(() => row.getByRole('button', { name: /启\s*用/ }).count()).toBe(0);
    await snap(page, 'object-storage');

    const name = await uploadAvatar();
    const stored = await s3.store.getObject(`000000/attach/${name}`);
    expect(Buffer.from(stored ?? [])).toEqual(PNG);
    expect(await placementOf(name)).not.toBe('0');
  });
});
