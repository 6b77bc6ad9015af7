import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { startServer, type ServerExtras } from '../../server/app';
import type { ServerConfig } from '../../server/config';
import { launchChromium, snap } from './browser';
import { registry } from '../../resources/schemas';

export const ADMIN_PASSWORD = 'E2e-admin-pass1';

export interface RunningProduct {
  url: string;
  browser: Browser;
  server: Awaited<ReturnType<typeof startServer>>;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it (built app + API, captcha on), on a data dir of its own and a free port. `config`
 * overrides server settings (e.g. `{ register: true }` for BLADE_REGISTER=on); `extras` hands it services such as an
 * object store the test can fill.
 *
 * The data dir is a copy of the run's seeded one (global-setup.ts), unless the test brings services of its own: the
 * seed writes the demo scripts into the object store, so a test with its own store gets its own first start.
 */
export async function startProduct(config: Partial<ServerConfig> = {}, extras: Partial<ServerExtras> = {}): Promise<RunningProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'blade-e2e-'));
  // The security suite runs under the server tests' set-up, which provides an initialized empty cluster instead.
  const template = Object.keys(extras).length === 0 ? (inject('seededDataDir') ?? inject('pgliteTemplate')) : undefined;
  if (template) cpSync(template, dataDir, { recursive: true });
  // E2E_STATIC_DIR lets parallel work build into its own folder instead of sharing dist/.
  const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
  const server = await startServer({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, captcha: true, staticDir, ...config }, { resources: registry, ...extras });
  const browser = await launchChromium();
  return {
    url: server.url,
    browser,
    server,
    async stop() {
      await browser.close();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ProductPage {
  product: RunningProduct;
  context: BrowserContext;
  page: Page;
}

/**
 * The hooks of a browser test file: one product and one Chinese desktop-sized page for the whole file, handed to
 * `onOpen`; a failing test leaves a screenshot named after it; everything stops at the end.
 */
export function useProductPage(
  onOpen: (opened: ProductPage) => unknown,
  config: Partial<ServerConfig> = {},
  extras: () => Partial<ServerExtras> | Promise<Partial<ServerExtras>> = () => ({}),
) {
  let opened: ProductPage | undefined;
  beforeAll(async () => {
    const product = await startProduct(config, await extras());
    const context = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    opened = { product, context, page: await context.newPage() };
    await onOpen(opened);
  });
  afterEach(async (test) => {
    if (opened && test.task.result?.state === 'fail') {
      await snap(opened.page, `failed-${test.task.name.replace(/\W+/g, '-')}`);
    }
  });
  afterAll(async () => {
    await opened?.context.close();
    await opened?.product.stop();
  });
}

/** The text of the newest captcha the server issued: what a person reads off the image. */
export async function latestCaptchaText(product: RunningProduct): Promise<string> {
  const rows = await product.server.db.query<{ code: string }>(
    'SELECT code FROM blade_captcha ORDER BY expires_at DESC LIMIT 1',
  );
  if (!rows[0]) throw new Error('the server issued no captcha');
  return rows[0].code;
}

/**
 * Logs in through the login page as a person would, reading the captcha the page shows; `tenantId` is typed into the
 * tenant field when given.
 */
export async function loginAs(page: Page, product: RunningProduct, account = 'admin', password = ADMIN_PASSWORD, tenantId?: string) {
  await page.goto(`${product.url}/login`);
  await page.locator('img[alt]').first().waitFor();
  if (tenantId) await page.getByPlaceholder('请输入租户ID').fill(tenantId);
  await page.getByPlaceholder('请输入账号').fill(account);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByPlaceholder('请输入验证码').fill(await latestCaptchaText(product));
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/wel\/index/);
}

const SABER_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A token through the API, as a script gets one with the captcha on (captcha grant): for a test's setup steps. */
export async function apiLogin(product: RunningProduct, account: string, password: string, tenantId = '000000'): Promise<string> {
  const captcha = (await (await fetch(`${product.url}/api/blade-auth/oauth/captcha`, { headers: { Authorization: SABER_BASIC } })).json()) as { key: string };
  const query = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'captcha', scope: 'all', type: 'account' });
  const answer = await fetch(`${product.url}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { Authorization: SABER_BASIC, 'Tenant-Id': tenantId, 'Captcha-Key': captcha.key, 'Captcha-Code': await latestCaptchaText(product) },
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login of ${account} failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

/** One API call with a token: GET, or POST with a JSON body. */
export async function apiCall(product: RunningProduct, token: string, path: string, json?: unknown): Promise<{ status: number; body: any }> {
  const answer = await fetch(`${product.url}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${token}`, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: answer.status, body: await answer.json().catch(() => undefined) };
}
