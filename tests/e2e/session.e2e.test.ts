import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, latestCaptchaText, loginAs, useProductPage, type RunningProduct } from './product';

/**
 * Token life in the browser (spec §4, §8): the background refresh once the token reaches the configured age, one
 * shared refresh and a retry on a 401, and a clean logout with `用户令牌过期，请重新登录` when refreshing fails.
 */
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
useProductPage((opened) => ({ product, context, page } = opened));

const ACCESS_COOKIE = 'saber-access-token';
const REFRESH_COOKIE = 'saber-refresh-token';

async function cookie(name: string): Promise<string | undefined> {
  return (await context.cookies(product.url)).find((entry) => entry.name === name)?.value;
}

async function setCookie(name: string, value: string) {
  await context.addCookies([{ name, value, url: product.url }]);
}

async function openParamsFromSidebar() {
  const sider = page.locator('.ant-layout-sider');
  await sider.getByText('系统管理', { exact: true }).click();
  await sider.getByText('参数管理', { exact: true }).click();
  await page.waitForURL(/\/system\/param/);
}

describe('token refresh and expiry', () => {
  it('refreshes in the background once the stored token is older than the token time', async () => {
    await loginAs(page, product);
    const before = await cookie(ACCESS_COOKIE);
    expect(before).toBeTruthy();
    // Age the token record past the configured token time (3000 s); the 10 s check must then refresh it.
    await page.evaluate(() => {
      const key = 'saber-token';
      const record = JSON.parse(localStorage.getItem(key) ?? sessionStorage.getItem(key) ?? 'null');
      if (!record) throw new Error('no stored token record');
      record.datetime = Date.now() - 3_600_000;
      localStorage.setItem(key, JSON.stringify(record));
    });
    await expect.poll(() => cookie(ACCESS_COOKIE), { timeout: 25_000, interval: 500 }).not.toBe(before);
    await openParamsFromSidebar();
    await page.locator('.ant-table').waitFor();
  });

  it('answers a 401 with one refresh and a retry: the page still loads its data', async () => {
    await page.goto(`${product.url}/wel/index`);
    await setCookie(ACCESS_COOKIE, 'not-a-valid-token');
    const tokenCalls: string[] = [];
    const refusedCalls: string[] = [];
    const listCodes: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/oauth/token')) tokenCalls.push(request.url());
    });
    page.on('response', async (response) => {
      if (!response.url().includes('/api/') || response.url().includes('/oauth/')) return;
      const { code } = (await response.json().catch(() => ({}))) as { code?: number };
      if (code === 401) refusedCalls.push(response.url());
      if (response.url().includes('/param/list') && code !== undefined) listCodes.push(code);
    });
    await openParamsFromSidebar();
    // Whichever call went first was refused with the bad token; after one refresh the list answers 200.
    await expect.poll(() => listCodes.at(-1)).toBe(200);
    expect(refusedCalls.length).toBeGreaterThan(0);
    expect(tokenCalls.filter((url) => url.includes('grant_type=refresh_token'))).toHaveLength(1);
    expect(await cookie(ACCESS_COOKIE)).not.toBe('not-a-valid-token');
    expect(await page.getByText('用户令牌过期，请重新登录').count()).toBe(0);
    page.removeAllListeners('response');
  });

  it('keeps what was typed when the token expires in the middle of an edit: refresh, retry, saved', async () => {
    await page.goto(`${product.url}/system/param`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.locator('.ant-modal-content, .ant-drawer-content').filter({ has: page.locator('form') });
    await dialog.getByLabel('参数名称').fill('过期中编辑');
    await dialog.getByLabel('参数键名').fill('e2e.expired.midedit');
    await dialog.getByLabel('参数键值').fill('typed before expiry');
    // The access token dies while the form is open; the refresh token still works.
    await setCookie(ACCESS_COOKIE, 'expired-while-editing');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-table-tbody tr').filter({ hasText: 'e2e.expired.midedit' }).waitFor();
    expect(await page.getByText('用户令牌过期，请重新登录').count()).toBe(0);
  });

  it('logs out with 用户令牌过期，请重新登录 when the refresh token is no good either', async () => {
    await page.goto(`${product.url}/wel/index`);
    await page.locator('.ant-layout-sider').waitFor();
    await setCookie(ACCESS_COOKIE, 'not-a-valid-token');
    await setCookie(REFRESH_COOKIE, 'not-a-valid-refresh-token');
    // Count the toasts as they are added: the message is shown once, and a toast goes away after a few seconds.
    await page.evaluate((text) => {
      const counter = window as unknown as { expiryToasts: number };
      counter.expiryToasts = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (node.textContent?.includes(text)) counter.expiryToasts++;
        }
      }).observe(document.body, { childList: true, subtree: true });
    }, '用户令牌过期，请重新登录');
    // The clicks set off calls that are refused: the session ends and the page leaves for /login on its own.
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('系统管理', { exact: true }).click({ timeout: 5000 }).catch(() => undefined);
    await sider.getByText('参数管理', { exact: true }).click({ timeout: 5000 }).catch(() => undefined);
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { expiryToasts: number }).expiryToasts)).toBe(1);
    expect(await cookie(ACCESS_COOKIE)).toBeFalsy();
  });

  it('when the refresh fails mid-edit, logging in again brings the user back to the form with what was typed', async () => {
    await loginAs(page, product);
    // The header reads its notices once drawn, after the list: that read must be over before the cookies change, or
    // it ends the session before the save is clicked, and the form with it.
    const notices = page.waitForResponse((response) => response.url().includes('/blade-desk/notice/list'));
    await page.goto(`${product.url}/system/param`);
    await notices;
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.waitForURL(/\/system\/param\/new/);
    const dialog = page.locator('.ant-modal-content').filter({ has: page.locator('form') });
    await dialog.getByLabel('参数名称').fill('重新登录后保存');
    await dialog.getByLabel('参数键名').fill('e2e.relogin.midedit');
    await dialog.getByLabel('参数键值').fill('typed before the session ended');
    await setCookie(ACCESS_COOKIE, 'expired-while-editing');
    await setCookie(REFRESH_COOKIE, 'refresh-also-gone');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByText('用户令牌过期，请重新登录').first().waitFor();

    await page.locator('img[alt]').first().waitFor();
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(ADMIN_PASSWORD);
    await page.getByPlaceholder('请输入验证码').fill(await latestCaptchaText(product));
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/system\/param\/new/);
    await page.getByText('已恢复重新登录前未保存的内容，请检查后保存').waitFor();
    const reopened = page.locator('.ant-modal-content').filter({ has: page.locator('form') });
    expect(await reopened.getByLabel('参数名称').inputValue()).toBe('重新登录后保存');
    expect(await reopened.getByLabel('参数键值').inputValue()).toBe('typed before the session ended');
    await reopened.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('新增成功').first().waitFor();
    await page.locator('.ant-table-tbody tr').filter({ hasText: 'e2e.relogin.midedit' }).waitFor();
  });
});
