import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmDialogOk, snap } from './browser';
import { ADMIN_PASSWORD, latestCaptchaText, startProduct, type RunningProduct } from './product';

/**
 * Every login mode in Chromium against the real server: phone + SMS code, self-registration, social login through a
 * local fake OAuth2 provider (unbound → third-party registration → audit → bound), and single sign-on through the
 * server's own authorize page, with SSO logout.
 */

const ADMIN_PHONE = '13800138000';
const SOCIAL_SOURCE = 'fakehub';

let product: RunningProduct;
let context: BrowserContext;
let page: Page;

/** A minimal OAuth2 provider on loopback: authorizes at once, answers a token, then the profile of `currentUser`. */
interface FakeProvider {
  url: string;
  server: Server;
  currentUser: { id: string; login: string; name: string };
}
let provider: FakeProvider;

function startFakeProvider(): Promise<FakeProvider> {
  const fake = { currentUser: { id: 'fh-1', login: 'octo', name: 'Octo Cat' } } as FakeProvider;
  const issued = new Map<string, FakeProvider['currentUser']>();
  const accessTokens = new Map<string, FakeProvider['currentUser']>();
  fake.server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/authorize') {
      const code = `code-${issued.size + 1}`;
      issued.set(code, { ...fake.currentUser });
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { Location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? '';
        const user = issued.get(code);
        issued.delete(code);
        const accessToken = `at-${code}`;
        if (user) accessTokens.set(accessToken, user);
        response.writeHead(user ? 200 : 400, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(user ? { access_token: accessToken, token_type: 'bearer' } : { error: 'invalid_grant' }));
      });
      return;
    }
    if (url.pathname === '/user') {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const user = accessTokens.get(token);
      response.writeHead(user ? 200 : 401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(user ?? { error: 'invalid_token' }));
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) =>
    fake.server.listen(0, '127.0.0.1', () => {
      fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
      resolve(fake);
    }),
  );
}

beforeAll(async () => {
  // The fake provider listens on loopback, which outbound requests may reach only when listed.
  product = await startProduct({ register: true, outboundAllow: ['127.0.0.1'] });
  provider = await startFakeProvider();
  const db = product.server.db;
  await db.query("UPDATE blade_user SET phone = $1 WHERE account = 'admin' AND tenant_id = '000000'", [ADMIN_PHONE]);
  await db.query(
    `INSERT INTO blade_social_provider (id, tenant_id, source, client_id, client_secret, authorize_url, token_url, user_info_url)
     VALUES (9100000000000000001, '000000', $1, 'fake-client', 'fake-secret', $2, $3, $4)`,
    [SOCIAL_SOURCE, `${provider.url}/authorize`, `${provider.url}/token`, `${provider.url}/user`],
  );
});

beforeEach(async () => {
  context = await product.browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
});

afterEach(async (test) => {
  if (test.task.result?.state === 'fail') await snap(page, `failed-login-${test.task.name.replace(/\W+/g, '-')}`);
  await context.close();
});

afterAll(async () => {
  delete process.env.BLADE_SSO;
  await new Promise((resolve) => provider?.server.close(resolve));
  await product?.stop();
});

const toast = (text: string | RegExp) => page.locator('.ant-message, .ant-notification').getByText(text);
const fieldError = (text: string) => page.locator('.login-field__error').getByText(text, { exact: true });
const dialog = (title: string) => page.locator('.ant-modal-content').filter({ has: page.getByText(title, { exact: true }) });

async function openLoginPage() {
  await page.goto(`${product.url}/login`);
  await page.getByPlaceholder('请输入账号').waitFor();
}

describe('login modes', () => {
  it('publishes the deployment settings at /site-config.json', async () => {
    const settings = await (await fetch(`${product.url}/site-config.json`)).json();
    expect(settings).toMatchObject({
      tenantMode: true,
      captchaMode: true,
      registerMode: true,
      ssoMode: false,
      socialSources: [
        { source: SOCIAL_SOURCE, clientId: 'fake-client', authorizeUrl: `${provider.url}/authorize` },
      ],
    });
    expect(JSON.stringify(settings)).not.toContain('fake-secret');
  });

  it('signs in by phone with the code texted to it (read back from blade_sms_record)', async () => {
    await openLoginPage();
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const send = page.getByRole('button', { name: '发送验证码' });
    await send.click();
    await expect.poll(() => fieldError('手机号码不能为空').count()).toBe(1);
    await page.getByPlaceholder('请输入手机号码').fill('1380013');
    await send.click();
    await expect.poll(() => fieldError('手机号码长度不为11位').count()).toBe(1);

    await page.getByPlaceholder('请输入手机号码').fill(ADMIN_PHONE);
    await send.click();
    await page.getByRole('button', { name: /\d+秒后重发/ }).waitFor();
    expect(await page.getByRole('button', { name: /\d+秒后重发/ }).isDisabled()).toBe(true);
    const [record] = await product.server.db.query<{ code: string }>(
      'SELECT code FROM blade_sms_record WHERE phone = $1 ORDER BY send_time DESC LIMIT 1',
      [ADMIN_PHONE],
    );
    await snap(page, 'login-phone');
    await page.getByPlaceholder('请输入短信验证码').fill(record.code);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/wel\/index/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-userInfo') ?? 'null'));
    expect(stored.content.account).toBe('admin');
  });

  it('registers a new account, checking the fields in the spec order, and signs it in', async () => {
    await openLoginPage();
    await page.getByRole('button', { name: '注册' }).click();
    const form = dialog('注册账号');
    const submit = form.getByRole('button', { name: '注册' });
    const expectProblem = (text: string) => expect.poll(() => form.getByText(text, { exact: true }).count()).toBe(1);

    await form.getByLabel('租户编号').fill('');
    await submit.click();
    await expectProblem('请先输入租户编号');
    await form.getByLabel('租户编号').fill('000000');
    await submit.click();
    await expectProblem('请先输入账号名称');
    await form.getByLabel('账号名称').fill('admin');
    await submit.click();
    await expectProblem('请先输入密码');
    await form.getByLabel('密码', { exact: true }).fill('Regist-1234');
    await form.getByLabel('确认密码').fill('Regist-9999');
    await submit.click();
    await expectProblem('两次密码输入不一致');
    await form.getByLabel('确认密码').fill('Regist-1234');
    await form.getByLabel('用户姓名').fill('新用户');
    await form.getByLabel('手机号码').fill('13700137000');
    await form.getByLabel('邮箱').fill('newbie@example.test');
    await snap(page, 'login-register');

    // An account that exists: the server's error_description, and the dialog stays.
    await submit.click();
    await toast('当前用户已存在').waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toContain('saber-access-token=');

    await form.getByLabel('账号名称').fill('newbie');
    await submit.click();
    await page.waitForURL(/\/wel\/index/);
    const [user] = await product.server.db.query<{ status: number; phone: string }>(
      "SELECT status, phone FROM blade_user WHERE account = 'newbie' AND tenant_id = '000000'",
    );
    expect(user).toMatchObject({ status: 1, phone: '13700137000' });
  });

  it("shows the social sources of the tenant typed in, not another tenant's", async () => {
    await openLoginPage();
    const social = page.getByRole('button', { name: SOCIAL_SOURCE });
    await social.waitFor();
    const tenantField = page.getByPlaceholder('请输入租户ID');
    await tenantField.fill('654321');
    await expect.poll(() => social.count()).toBe(0);
    await tenantField.fill('000000');
    await social.waitFor();
  });

  it('signs a third-party account in: unbound → registration dialog → audit → bound', async () => {
    provider.currentUser = { id: 'fh-42', login: 'octo', name: 'Octo Cat' };
    await openLoginPage();
    await page.getByRole('button', { name: SOCIAL_SOURCE }).click();

    const apply = dialog('第三方注册');
    await apply.waitFor();
    expect(new URL(page.url()).search).toBe('');
    const submit = apply.getByRole('button', { name: '确定' });
    await apply.getByLabel('租户编号').fill('');
    await submit.click();
    await apply.getByText('请先输入租户编号', { exact: true }).waitFor();
    await apply.getByLabel('租户编号').fill('000000');
    await apply.getByLabel('用户姓名').fill('章鱼猫');
    await apply.getByLabel('账号名称').fill('octocat');
    await apply.getByLabel('密码', { exact: true }).fill('Octo-1234');
    await apply.getByLabel('确认密码').fill('Octo-1234');
    await submit.click();

    const notice = dialog('注册提示');
    await notice.getByText('注册申请已提交,请耐心等待管理员通过!').waitFor();
    await snap(page, 'login-social-registered');
    await notice.getByRole('button', { name: '确定' }).click();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => document.cookie)).not.toContain('saber-access-token=');

    // Awaiting audit: the third-party login is refused.
    await page.getByRole('button', { name: SOCIAL_SOURCE }).click();
    await toast('用户未审核').waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toContain('saber-access-token=');

    // An administrator passes the audit; the same third-party account now signs straight in.
    await product.server.db.query("UPDATE blade_user SET status = 1 WHERE account = 'octocat' AND tenant_id = '000000'");
    await page.getByRole('button', { name: SOCIAL_SOURCE }).click();
    await page.waitForURL(/\/wel\/index/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-userInfo') ?? 'null'));
    expect(stored.content).toMatchObject({ account: 'octocat' });
    expect(stored.content.oauth_id).not.toBe('');
  });

  it('refuses a social callback whose state it did not issue', async () => {
    await page.goto(`${product.url}/login?source=${SOCIAL_SOURCE}&code=forged&state=forged`);
    await toast('登录请求已失效,请重新登录').waitFor();
    await page.getByPlaceholder('请输入账号').waitFor();
    expect(await page.evaluate(() => document.cookie)).not.toContain('saber-access-token=');
  });

  it('with SSO on, signs in through the authorize page and logs out through the SSO logout address', async () => {
    process.env.BLADE_SSO = 'on';
    try {
      await page.goto(`${product.url}/login`);
      await page.waitForURL(/\/api\/blade-auth\/oauth\/authorize\?/);
      const authorize = new URL(page.url());
      expect(authorize.searchParams.get('client_id')).toBe('saber');
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${product.url}/login`);
      await page.getByLabel('账号').fill('admin');
      await page.getByLabel('密码').fill(ADMIN_PASSWORD);
      await page.getByLabel('验证码').fill(await latestCaptchaText(product));
      await snap(page, 'login-sso-authorize');
      await page.getByRole('button', { name: '登录' }).click();
      await page.waitForURL(/\/wel\/index/);

      await page.locator('.app-header__user').hover();
      await page.getByRole('menuitem', { name: '退出登录' }).click();
      await confirmDialogOk(page);
      // The SSO session ended too: back at the authorize page, which asks for the password again.
      await page.waitForURL(/\/api\/blade-auth\/oauth\/authorize\?/);
      await page.getByLabel('密码').waitFor();
      expect(await page.evaluate(() => document.cookie)).not.toContain('saber-access-token=');
    } finally {
      delete process.env.BLADE_SSO;
    }
  });
});
