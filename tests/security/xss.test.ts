import { existsSync } from 'node:fs';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, loginAs, startProduct, type RunningProduct } from '../e2e/product';
import { call } from '../server/client';
import { creatable, keyField, operationsOf, schemas, textFields } from './registry';
import { bodyFor } from './support';
import type { BrowserContext, Page } from 'playwright-core';

/** Payloads that would run script if any screen rendered stored text as HTML. */
const PAYLOADS = ['<img src=x onerror="window.__xss=1">', '<script>window.__xss=1</script>', '"><svg onload="window.__xss=1">'];

const built = existsSync('dist/index.html');
let product: RunningProduct;
let context: BrowserContext;
let page: Page;
let token: string;
const violations: string[] = [];

async function apiToken(running: RunningProduct): Promise<string> {
  const captcha = await call('/api/blade-auth/oauth/captcha', { base: running.url });
  const [row] = await running.server.db.query<{ code: string }>('SELECT code FROM blade_captcha WHERE captcha_key = $1', [captcha.body.key]);
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(ADMIN_PASSWORD), grant_type: 'captcha' });
  const answer = await call(`/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    base: running.url,
    headers: { 'Tenant-Id': '000000', 'Captcha-Key': captcha.body.key, 'Captcha-Code': row.code },
  });
  return answer.body.access_token;
}

describe.runIf(built)('stored XSS, in Chromium under the served CSP', () => {
  beforeAll(async () => {
    product = await startProduct();
    token = await apiToken(product);
    context = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { __violations: string[] }).__violations ??= [];
        (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      violations.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await loginAs(page, product);
  });

  afterAll(async () => {
    await context?.close();
    await product?.stop();
  });

  const withText = schemas.filter((schema) => creatable(schema) && textFields(schema).length > 0 && schema.route);
  it.each(withText.map((schema) => [schema.name, schema] as const))('%s: payloads in every text field stay text', async (_name, schema) => {
    for (const [index, payload] of PAYLOADS.entries()) {
      const body = (await bodyFor(schema, token, `xss${index}${Date.now().toString(36)}`, 0, product.url))!;
      for (const field of textFields(schema)) {
        body[field.name] = field === keyField(schema) ? `${String(body[field.name]).slice(0, 20)}${payload}`.slice(0, field.maxLength ?? 255) : payload.slice(0, field.maxLength ?? 255);
      }
      const saved = await call(operationsOf(schema).submit!, { base: product.url, token, json: body });
      expect(saved.body.success, saved.text).toBe(true);
    }
    await page.goto(`${product.url}${schema.route}`);
    // A list, or a screen of its own showing a tree (regions).
    await page.locator('.ant-table-tbody tr.ant-table-row, .ant-tree-treenode:not([aria-hidden])').first().waitFor();
    await page.waitForTimeout(300);
    const state = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: number }).__xss,
      violations: (window as unknown as { __violations?: string[] }).__violations ?? [],
    }));
    expect(state.xss).toBeUndefined();
    expect(state.violations).toEqual([]);
    expect(violations).toEqual([]);
  });
});
