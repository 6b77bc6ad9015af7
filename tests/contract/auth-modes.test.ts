import { md5 } from 'js-md5';
import { http as route, HttpResponse } from 'msw';
import { sm2 } from 'sm-crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authProvider,
  browserNavigation,
  endGuestSession,
  registerAccount,
  registerGuest,
  sendSmsCode,
  stopTokenRefreshTimer,
  switchDeptRole,
  type SocialGuest,
} from '../../providers/auth';
import { loadSiteSettings, resetSiteSettings, siteConfig } from '../../providers/config';
import { BladeError, configureHttp } from '../../providers/http';
import { homeTab, storeKeys } from '../../providers/session';
import { getRefreshToken, getStore, getToken, setRefreshToken, setStore, setToken } from '../../providers/storage';
import { describeRequest, envelope, server, tokenResponse, useMockServer, type SeenRequest } from './support';

useMockServer();

const TOKEN_URL = '/api/blade-auth/oauth/token';
const LOGOUT_URL = '/api/blade-auth/oauth/logout';
const notifyError = vi.fn<(msg: string) => void>();
const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);

beforeEach(() => {
  notifyError.mockReset();
  assign.mockClear();
  reload.mockClear();
  configureHttp({ notifyError, whitelistCodes: [] });
  resetSiteSettings();
});

afterEach(() => {
  stopTokenRefreshTimer();
  resetSiteSettings();
});

function captureTokenRequests(answer: () => Response = () => HttpResponse.json(tokenResponse)): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.use(
    route.post(TOKEN_URL, async ({ request }) => {
      seen.push(await describeRequest(request));
      return answer();
    }),
  );
  return seen;
}

function serveSiteSettings(settings: Record<string, unknown>): void {
  server.use(route.get('/site-config.json', () => HttpResponse.json(settings)));
}

/** What a login must leave behind (spec §4): tokens, tenant, user, home tab only, no lock. */
function expectSessionStarted(accessToken = tokenResponse.access_token): void {
  expect(getToken()).toBe(accessToken);
  expect(getStore({ name: storeKeys.tenantId })).toBe(tokenResponse.tenant_id);
  expect(getStore({ name: storeKeys.userInfo })).toMatchObject({ user_id: tokenResponse.user_id });
  expect(getStore({ name: storeKeys.tagList })).toEqual([homeTab]);
  expect(getStore({ name: storeKeys.isLock })).toBeUndefined();
  expect(getStore({ name: storeKeys.lockPasswd })).toBeUndefined();
}

function lockedWorkspace(): void {
  setStore({ name: storeKeys.isLock, content: true });
  setStore({ name: storeKeys.lockPasswd, content: '1234' });
  setStore({ name: storeKeys.tagList, content: [{ ...homeTab, value: '/old' }] });
}

describe('site settings', () => {
  it('default to the spec: tenant mode and captcha on, registration and SSO off, no social sources', async () => {
    serveSiteSettings({});
    await loadSiteSettings();
    expect(siteConfig).toMatchObject({
      tenantMode: true,
      captchaMode: true,
      registerMode: false,
      ssoMode: false,
      socialSources: [],
      sm2PublicKey: '',
    });
  });

  it('take the deployment switches from /site-config.json, ignoring unknown or mistyped entries', async () => {
    serveSiteSettings({
      captchaMode: false,
      registerMode: true,
      ssoMode: 'yes',
      clientSecret: 'leaked',
      socialSources: [{ source: 'gitee', authorizeUrl: 'https://gitee.test/oauth/authorize', clientId: 'c1' }, { source: '' }],
    });
    await loadSiteSettings();
    expect(siteConfig.captchaMode).toBe(false);
    expect(siteConfig.registerMode).toBe(true);
    expect(siteConfig.ssoMode).toBe(false);
    expect(siteConfig.clientSecret).toBe('saber_secret');
    expect(siteConfig.socialSources).toEqual([
      { source: 'gitee', name: 'gitee', authorizeUrl: 'https://gitee.test/oauth/authorize', clientId: 'c1' },
    ]);
  });

  it('keep the defaults when the document cannot be read', async () => {
    server.use(route.get('/site-config.json', () => HttpResponse.error()));
    await loadSiteSettings();
    expect(siteConfig.captchaMode).toBe(true);
  });

  it('switch the account login to the password grant when the captcha is off', async () => {
    serveSiteSettings({ captchaMode: false });
    await loadSiteSettings();
    const seen = captureTokenRequests();
    await authProvider.login({ username: 'admin', password: 'admin' });
    expect(seen[0].query.grant_type).toBe('password');
  });
});

describe('phone login (sms_code)', () => {
  it('asks for a code with tenant and phone, and answers its id', async () => {
    const seen: SeenRequest[] = [];
    server.use(
      route.post('/api/blade-auth/oauth/sms/send-validate', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({ id: 'sms-7' });
      }),
    );
    expect(await sendSmsCode('000000', '13800138000')).toBe('sms-7');
    expect(seen[0].query).toEqual({ tenantId: '000000', phone: '13800138000' });
  });

  it('shows the server message when the code cannot be sent', async () => {
    server.use(route.post('/api/blade-auth/oauth/sms/send-validate', () => envelope(null, 400, '发送过于频繁', 400)));
    await expect(sendSmsCode('000000', '13800138000')).rejects.toBeInstanceOf(BladeError);
    expect(notifyError).toHaveBeenCalledWith('发送过于频繁');
  });

  it('signs in with grant sms_code (phone, id, value) and starts the session', async () => {
    lockedWorkspace();
    const seen = captureTokenRequests();
    const result = await authProvider.login({
      type: 'phone',
      tenantId: '000000',
      phone: '13800138000',
      smsId: 'sms-7',
      smsCode: '123456',
    });
    expect(result).toEqual({ success: true, redirectTo: '/' });
    expect(seen[0].query).toEqual({
      tenantId: '000000',
      scope: 'all',
      grant_type: 'sms_code',
      phone: '13800138000',
      id: 'sms-7',
      value: '123456',
    });
    expect(seen[0].headers).toMatchObject({ 'tenant-id': '000000', 'dept-id': '', 'role-id': '' });
    expectSessionStarted();
  });

  it('reports a wrong code and stores no session', async () => {
    captureTokenRequests(() => HttpResponse.json({ error_code: 2000, error_description: '验证码不正确' }, { status: 400 }));
    const result = await authProvider.login({ type: 'phone', phone: '13800138000', smsId: 'sms-7', smsCode: '000000' });
    expect(result).toEqual({ success: false, error: { name: '登录失败', message: '验证码不正确' } });
    expect(getToken()).toBeUndefined();
  });
});

describe('SM2 encryption', () => {
  it('encrypts the md5 password and the phone number with the configured public key', async () => {
    const keys = sm2.generateKeyPairHex();
    serveSiteSettings({ sm2PublicKey: keys.publicKey });
    await loadSiteSettings();
    const seen = captureTokenRequests();
    await authProvider.login({ username: 'admin', password: 'S3cret' });
    await authProvider.login({ type: 'phone', phone: '13800138000', smsId: 'sms-7', smsCode: '123456' });

    const [account, phone] = seen;
    expect(account.query.password).not.toBe(md5('S3cret'));
    expect(sm2.doDecrypt(account.query.password, keys.privateKey, 0)).toBe(md5('S3cret'));
    expect(phone.query.phone).not.toContain('13800138000');
    expect(sm2.doDecrypt(phone.query.phone, keys.privateKey, 0)).toBe('13800138000');
  });
});

describe('social login', () => {
  it('sends grant social with source, code and state; a bound user gets a session', async () => {
    lockedWorkspace();
    const seen = captureTokenRequests(() => HttpResponse.json({ ...tokenResponse, oauth_id: 'oauth-1' }));
    const result = await authProvider.login({ type: 'social', tenantId: '000000', source: 'gitee', code: 'c-1', state: 's-1' });
    expect(result).toEqual({ success: true, redirectTo: '/' });
    expect(seen[0].query).toEqual({
      tenantId: '000000',
      scope: 'all',
      grant_type: 'social',
      source: 'gitee',
      code: 'c-1',
      state: 's-1',
    });
    expectSessionStarted();
  });

  it.each(['-1', ''])('answers a guest, never a session, for an unbound account (user_id %j)', async (userId) => {
    captureTokenRequests(() =>
      HttpResponse.json({ ...tokenResponse, access_token: 'guest-1', user_id: userId, oauth_id: 'oauth-9' }),
    );
    const result = await authProvider.login({ type: 'social', source: 'gitee', code: 'c-1', state: 's-1' });
    expect(result).toEqual({
      success: true,
      guest: { tenantId: '000000', oauthId: 'oauth-9', accessToken: 'guest-1' },
    });
    expect(getToken()).toBeUndefined();
    expect(getStore({ name: storeKeys.userInfo })).toBeUndefined();
  });

  it('reports a refused code', async () => {
    captureTokenRequests(() => HttpResponse.json({ error_code: 2000, error_description: '第三方授权失败' }, { status: 400 }));
    const result = await authProvider.login({ type: 'social', source: 'gitee', code: 'bad', state: 's-1' });
    expect(result).toMatchObject({ success: false, error: { message: '第三方授权失败' } });
    expect(getToken()).toBeUndefined();
  });
});

describe('third-party registration (register-guest)', () => {
  const guest: SocialGuest = { tenantId: '000000', oauthId: 'oauth-9', accessToken: 'guest-1' };
  const form = { tenantId: '000000', name: '张三', account: 'zhangsan', password: 'Pass-1234' };

  it('applies with tenantId, name, account, md5 password and oauthId, carrying the guest token', async () => {
    const seen: SeenRequest[] = [];
    server.use(
      route.post('/api/blade-system/user/register-guest', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({}, 200, '操作成功');
      }),
    );
    await registerGuest(guest, form);
    expect(seen[0].query).toEqual({
      tenantId: '000000',
      name: '张三',
      account: 'zhangsan',
      password: md5('Pass-1234'),
      oauthId: 'oauth-9',
    });
    expect(seen[0].headers).toMatchObject({ 'tenant-id': '000000', 'blade-auth': 'bearer guest-1' });
  });

  it('rejects with the server message and shows nothing itself (the dialog does)', async () => {
    server.use(route.post('/api/blade-system/user/register-guest', () => envelope(null, 400, '账号已存在', 400)));
    await expect(registerGuest(guest, form)).rejects.toMatchObject({ msg: '账号已存在' });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('rejects on a network failure', async () => {
    server.use(route.post('/api/blade-system/user/register-guest', () => HttpResponse.error()));
    await expect(registerGuest(guest, form)).rejects.not.toBeInstanceOf(BladeError);
  });

  it('ends the guest session on the server and locally', async () => {
    const seen: SeenRequest[] = [];
    server.use(
      route.get(LOGOUT_URL, async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({});
      }),
    );
    await endGuestSession(guest);
    expect(seen[0].headers['blade-auth']).toBe('bearer guest-1');
    expect(getToken()).toBeUndefined();
  });
});

describe('single sign-on (authorization_code)', () => {
  it('exchanges the code with its redirect_uri and starts the session', async () => {
    lockedWorkspace();
    const seen = captureTokenRequests();
    const result = await authProvider.login({ type: 'sso', code: 'code-1', redirectUri: 'http://app.test/login' });
    expect(result).toEqual({ success: true, redirectTo: '/' });
    expect(seen[0].query).toEqual({
      tenantId: '000000',
      scope: 'all',
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'http://app.test/login',
    });
    expectSessionStarted();
  });

  it('reports an expired code', async () => {
    captureTokenRequests(() => HttpResponse.json({ error_code: 2000, error_description: '授权码无效' }, { status: 400 }));
    const result = await authProvider.login({ type: 'sso', code: 'used', redirectUri: 'http://app.test/login' });
    expect(result).toMatchObject({ success: false, error: { message: '授权码无效' } });
  });

  it('logs out through the SSO logout address with the redirect back to /login', async () => {
    serveSiteSettings({ ssoMode: true, ssoLogoutUrl: 'https://sso.test/logout' });
    setToken('access-1');
    setRefreshToken('refresh-1');
    const seen: SeenRequest[] = [];
    server.use(
      route.get(LOGOUT_URL, async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({});
      }),
    );
    expect(await authProvider.logout({})).toEqual({ success: true });
    expect(seen[0].headers['blade-auth']).toBe('bearer access-1');
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(assign).toHaveBeenCalledWith(`https://sso.test/logout?redirect_uri=${encodeURIComponent(`${location.origin}/login`)}`);
  });

  it('logs out to /login when SSO is off', async () => {
    serveSiteSettings({});
    server.use(route.get(LOGOUT_URL, () => envelope({})));
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/login' });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('registration (grant register)', () => {
  const form = {
    tenantId: '000000',
    name: '李四',
    account: 'lisi',
    password: 'Pass-1234',
    phone: '13900139000',
    email: 'lisi@example.test',
  };

  it('sends grant register with md5 password and signs the new account in', async () => {
    lockedWorkspace();
    const seen = captureTokenRequests();
    expect(await authProvider.register!(form)).toEqual({ success: true, redirectTo: '/' });
    expect(seen[0].query).toEqual({
      tenantId: '000000',
      grant_type: 'register',
      scope: 'all',
      name: '李四',
      username: 'lisi',
      account: 'lisi',
      password: md5('Pass-1234'),
      phone: '13900139000',
      email: 'lisi@example.test',
    });
    expectSessionStarted();
  });

  it('shows error_description and rejects, leaving no session', async () => {
    captureTokenRequests(() =>
      HttpResponse.json({ error_code: 4000, error_description: '当前系统未开启注册功能' }, { status: 400 }),
    );
    await expect(registerAccount(form)).rejects.toThrow('当前系统未开启注册功能');
    expect(await authProvider.register!(form)).toEqual({
      success: false,
      error: { name: '注册失败', message: '当前系统未开启注册功能' },
    });
    expect(getToken()).toBeUndefined();
  });
});

describe('department/role switch', () => {
  it('refreshes with Dept-Id and Role-Id, stores the new session, then reloads', async () => {
    setToken('access-1');
    setRefreshToken('refresh-1');
    setStore({ name: storeKeys.tenantId, content: '000000' });
    const seen = captureTokenRequests(() =>
      HttpResponse.json({ ...tokenResponse, access_token: 'access-2', refresh_token: 'refresh-2', dept_id: 'd2', role_id: 'r2' }),
    );
    await switchDeptRole('d2', 'r2');
    expect(seen[0].query).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(seen[0].headers).toMatchObject({ 'dept-id': 'd2', 'role-id': 'r2', 'tenant-id': '000000' });
    expect(getToken()).toBe('access-2');
    expect(getStore({ name: storeKeys.userInfo })).toMatchObject({ dept_id: 'd2', role_id: 'r2' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('neither stores nor reloads when the server refuses the pair', async () => {
    setToken('access-1');
    setRefreshToken('refresh-1');
    captureTokenRequests(() => HttpResponse.json({ error_code: 2000, error_description: '角色不属于该用户' }, { status: 400 }));
    await expect(switchDeptRole('d9', 'r9')).rejects.toThrow('角色不属于该用户');
    expect(getToken()).toBe('access-1');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('network failure', () => {
  it('fails the login without a session for every grant', async () => {
    server.use(route.post(TOKEN_URL, () => HttpResponse.error()));
    for (const params of [
      { username: 'admin', password: 'admin' },
      { type: 'phone' as const, phone: '13800138000', smsId: 's', smsCode: '1' },
      { type: 'social' as const, source: 'gitee', code: 'c', state: 's' },
      { type: 'sso' as const, code: 'c', redirectUri: 'http://app.test/login' },
    ]) {
      expect(await authProvider.login(params)).toMatchObject({ success: false, error: { name: '登录失败' } });
    }
    expect(getToken()).toBeUndefined();
    expect(notifyError).not.toHaveBeenCalled();
  });
});
