import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin, md5, serverUrl, withRegistrationOpen } from './client';
import { ADMIN_PASSWORD, TESTER } from './fixtures';

const TOKEN = '/api/blade-auth/oauth/token';
const tokenCall = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  call(`${TOKEN}?${new URLSearchParams({ tenantId: '000000', scope: 'all', ...params })}`, {
    method: 'POST',
    headers: { 'Tenant-Id': '000000', ...headers },
  });

let admin: string;
beforeAll(async () => {
  admin = await loginAdmin();
});

describe('grant sms_code', () => {
  const phone = '13800000000'; // the seeded tester's phone

  // Without an enabled SMS setting the code goes to the recording channel: the send log shows its text.
  async function latestCode(): Promise<string> {
    const records = (await call(`/api/blade-resource/sms/log/list?phone=${phone}`, { token: admin })).body.data.records;
    expect(records[0].phone).toBe('138****0000');
    return records[0].content.match(/\d{6}/)[0];
  }

  it('sends a 6-digit code (recorded, rate-limited) and signs the phone owner in with it once', async () => {
    const sent = await call(`/api/blade-auth/oauth/sms/send-validate?tenantId=000000&phone=${phone}`, { method: 'POST' });
    expect(sent.body).toMatchObject({ code: 200, success: true });
    const { id } = sent.body.data;
    expect(id).toMatch(/^\d+$/);
    const again = await call(`/api/blade-auth/oauth/sms/send-validate?tenantId=000000&phone=${phone}`, { method: 'POST' });
    expect(again.body).toMatchObject({ code: 400, msg: '短信发送过于频繁,请稍后再试' });

    const code = await latestCode();
    const wrong = await tokenCall({ grant_type: 'sms_code', phone, id, value: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error_description).toBe('验证码不正确');

    const ok = await tokenCall({ grant_type: 'sms_code', phone, id, value: code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ account: 'tester', token_type: 'bearer' });
    const reused = await tokenCall({ grant_type: 'sms_code', phone, id, value: code });
    expect(reused.body.error_description).toBe('验证码不正确');
  });

  it('refuses a malformed phone number', async () => {
    const sent = await call('/api/blade-auth/oauth/sms/send-validate?tenantId=000000&phone=12345', { method: 'POST' });
    expect(sent.body).toMatchObject({ code: 400, success: false });
  });
});

describe('grant register', () => {
  const account = `reg${Date.now() % 100000}`;
  const params = { grant_type: 'register', account, name: '注册用户', password: md5('Register-1'), phone: '13900000001' };

  it('is refused while registration is off, and works once the tenant enables it', async () => {
    const off = await tokenCall(params);
    expect(off.status).toBe(400);
    expect(off.body).toEqual({ error_code: 4000, error_description: '当前系统未开启注册功能' });

    await withRegistrationOpen(admin, async () => {
      const registered = await tokenCall(params);
      expect(registered.status).toBe(200);
      expect(registered.body).toMatchObject({ account, real_name: '注册用户' });
      expect((await login({ account, password: 'Register-1' })).account).toBe(account);

      const twice = await tokenCall(params);
      expect(twice.body.error_description).toBe('当前用户已存在');
    });
    expect((await tokenCall({ ...params, account: `${account}x` })).body.error_code).toBe(4000);
  });
});

describe('Dept-Id / Role-Id switch for the seeded tester', () => {
  it('issues tokens for one of the tester own roles and depts, refreshes into another, refuses foreign ones', async () => {
    const session = await login(TESTER);
    const roles = (await call(`/api/blade-system/role/select?userId=${session.user_id}`, { token: session.access_token })).body.data;
    const depts = (await call(`/api/blade-system/dept/select?userId=${session.user_id}`, { token: session.access_token })).body.data;
    expect(roles.map((role: { roleAlias: string }) => role.roleAlias).sort()).toEqual(['notice_reader', 'user']);
    expect(depts.map((dept: { deptName: string }) => dept.deptName).sort()).toEqual(['测试部', '管理组'].sort());
    expect(String(session.role_id).split(',')).toHaveLength(2);

    const noticeRole = roles.find((role: { roleAlias: string }) => role.roleAlias === 'notice_reader').id;
    const testDept = depts.find((dept: { deptName: string }) => dept.deptName === '测试部').id;
    const switched = await tokenCall(
      { grant_type: 'refresh_token', refresh_token: session.refresh_token },
      { 'Role-Id': noticeRole, 'Dept-Id': testDept },
    );
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ role_id: noticeRole, dept_id: testDept, role_name: 'notice_reader' });
    // The menus follow the chosen role: only the desk's notices remain.
    const routes = (await call('/api/blade-system/menu/routes', { token: switched.body.access_token })).body.data;
    expect(routes.map((menu: { code: string }) => menu.code)).toEqual(['desk']);

    const adminRole = (await call('/api/blade-system/role/select', { token: admin })).body.data.find(
      (role: { roleAlias: string }) => role.roleAlias === 'administrator',
    ).id;
    const foreign = await tokenCall(
      { grant_type: 'refresh_token', refresh_token: session.refresh_token },
      { 'Role-Id': adminRole },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error_code).toBe(2005);
  });
});

describe('grant social with a provider on loopback, register-guest and audit', () => {
  let provider: Server;
  let providerUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    // A tiny OAuth2 provider: code "good-<uuid>" → token → profile of that uuid.
    provider = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        response.setHeader('Content-Type', 'application/json');
        if (request.url === '/token') {
          const code = new URLSearchParams(body).get('code') ?? '';
          if (!code.startsWith('good-')) return response.writeHead(400).end('{"error":"invalid_grant"}');
          return response.end(JSON.stringify({ access_token: `at-${code.slice(5)}`, token_type: 'bearer' }));
        }
        if (request.url === '/user') {
          const uuid = (request.headers.authorization ?? '').replace('Bearer at-', '');
          return response.end(JSON.stringify({ id: uuid, login: `gh-${uuid}`, name: `Guest ${uuid}`, avatar_url: '' }));
        }
        response.writeHead(404).end('{}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    expect(await registerProvider(providerUrl)).toBe(true);
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  /** Registers the fake provider as an administrator does. */
  async function registerProvider(url: string) {
    const answer = await call('/api/blade-auth/oauth/social-provider/submit', {
      token: admin,
      json: {
        source: 'fake',
        clientId: 'fake-client',
        clientSecret: 'fake-secret',
        authorizeUrl: `${url}/authorize`,
        tokenUrl: `${url}/token`,
        userInfoUrl: `${url}/user`,
      },
    });
    return answer.body?.success === true;
  }

  it('gives an unbound account a guest token, registers it for audit, and signs it in after audit-pass', async () => {
    const uuid = `u${Date.now()}`;
    const guest = await tokenCall({ grant_type: 'social', source: 'fake', code: `good-${uuid}`, state: 'xyz' });
    expect(guest.status).toBe(200);
    expect(guest.body.user_id).toBe('-1');
    expect(guest.body.oauth_id).toMatch(/^\d+$/);
    expect(seen).toContain('POST /token');

    const account = `guest${uuid.slice(-6)}`;
    const register = (token: string, oauthId: string) =>
      call(
        `/api/blade-system/user/register-guest?${new URLSearchParams({ tenantId: '000000', name: '访客', account, password: md5('Guest-pass1'), oauthId })}`,
        { method: 'POST', token },
      );
    expect((await register(guest.body.access_token, '123')).body.success).toBe(false);
    expect((await register(guest.body.access_token, guest.body.oauth_id)).body).toMatchObject({ code: 200, success: true });

    const waiting = await tokenCall({ grant_type: 'social', source: 'fake', code: `good-${uuid}`, state: 'xyz' });
    expect(waiting.status).toBe(400);
    expect(waiting.body).toEqual({ error_code: 2005, error_description: '用户未审核' });
    expect((await requestPassword(account, 'Guest-pass1')).body.error_description).toBe('用户未审核');

    const guestId = await userIdOf(account);
    const tester = (await login(TESTER)).access_token;
    const refused = await call(`/api/blade-system/user/audit-pass?userIds=${guestId}`, { method: 'POST', token: tester });
    expect(refused.status).toBe(403);
    const passed = await call(`/api/blade-system/user/audit-pass?userIds=${guestId}`, { method: 'POST', token: admin });
    expect(passed.body.success).toBe(true);

    const signedIn = await tokenCall({ grant_type: 'social', source: 'fake', code: `good-${uuid}`, state: 'xyz' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ account, user_id: guestId, oauth_id: guest.body.oauth_id });
  });

  it('answers a provider failure as an OAuth error, and an unknown source too', async () => {
    const bad = await tokenCall({ grant_type: 'social', source: 'fake', code: 'bad-code', state: 's' });
    expect(bad.body).toEqual({ error_code: 2000, error_description: '第三方登录失败' });
    const unknown = await tokenCall({ grant_type: 'social', source: 'nowhere', code: 'good-1', state: 's' });
    expect(unknown.body.error_description).toBe('未配置该第三方登录来源');
  });
});

async function requestPassword(account: string, password: string) {
  return tokenCall({ grant_type: 'password', username: account, password: md5(password) });
}

/** The id of a registration awaiting audit, from the administrator's audit list. */
async function userIdOf(account: string): Promise<string> {
  const answer = await call(`/api/blade-system/user/audit-list?account=${account}`, { token: admin });
  return answer.body.data.records[0].id;
}

describe('grant authorization_code (SSO)', () => {
  const redirectUri = () => `${serverUrl()}/login`;

  it('shows a login form, redirects back with a single-use code, and exchanges it for tokens', async () => {
    const query = new URLSearchParams({ client_id: 'saber', redirect_uri: redirectUri(), response_type: 'code', state: 's1' });
    const page = await fetch(`${serverUrl()}/api/blade-auth/oauth/authorize?${query}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('统一认证登录');

    const wrong = await fetch(`${serverUrl()}/api/blade-auth/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(query), tenantId: '000000', username: 'admin', password: 'nope' }),
      redirect: 'manual',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('用户名或密码错误');

    const signed = await fetch(`${serverUrl()}/api/blade-auth/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(query), tenantId: '000000', username: 'admin', password: ADMIN_PASSWORD }),
      redirect: 'manual',
    });
    expect(signed.status).toBe(302);
    const target = new URL(signed.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(redirectUri());
    expect(target.searchParams.get('state')).toBe('s1');
    const code = target.searchParams.get('code')!;

    const tokens = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri() });
    expect(tokens.status).toBe(200);
    expect(tokens.body.account).toBe('admin');
    const again = await tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri() });
    expect(again.body.error_description).toBe('授权码无效或已过期');

    // The SSO cookie signs the browser in to the next authorization without the form; SSO logout ends it.
    const cookie = signed.headers.get('set-cookie')!.split(';')[0];
    const silent = await fetch(`${serverUrl()}/api/blade-auth/oauth/authorize?${query}`, { headers: { cookie }, redirect: 'manual' });
    expect(silent.status).toBe(302);
    const logout = await fetch(
      `${serverUrl()}/api/blade-auth/oauth/logout?redirect_uri=${encodeURIComponent(redirectUri())}`,
      { headers: { cookie }, redirect: 'manual' },
    );
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe(redirectUri());
    const afterLogout = await fetch(`${serverUrl()}/api/blade-auth/oauth/authorize?${query}`, { headers: { cookie }, redirect: 'manual' });
    expect(afterLogout.status).toBe(200);
  });

  it('refuses a redirect_uri off this origin (no open redirect)', async () => {
    const query = new URLSearchParams({ client_id: 'saber', redirect_uri: 'https://evil.example/cb', response_type: 'code' });
    expect((await fetch(`${serverUrl()}/api/blade-auth/oauth/authorize?${query}`)).status).toBe(400);
    const logout = await fetch(`${serverUrl()}/api/blade-auth/oauth/logout?redirect_uri=https://evil.example/`, { redirect: 'manual' });
    expect(logout.status).toBe(200);
  });
});
