import { md5 } from 'js-md5';
import { http as route, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authProvider,
  fetchCaptcha,
  refreshToken,
  startTokenRefreshTimer,
  stopTokenRefreshTimer,
  tokenNeedsRefresh,
} from '../../providers/auth';
import { resetSiteSettings, siteConfig } from '../../providers/config';
import { configureHttp } from '../../providers/http';
import { homeTab, storeKeys } from '../../providers/session';
import { getRefreshToken, getStore, getToken, setRefreshToken, setStore, setToken } from '../../providers/storage';
import { describeRequest, envelope, server, tokenResponse, useMockServer, type SeenRequest } from './support';

useMockServer();

const TOKEN_URL = '/api/blade-auth/oauth/token';

/** The token response without its tokens: what login must keep as `userInfo`. */
const storedUserInfo: Record<string, unknown> = { ...tokenResponse };
delete storedUserInfo.access_token;
delete storedUserInfo.refresh_token;
const notifyError = vi.fn<(msg: string) => void>();

beforeEach(() => {
  notifyError.mockReset();
  configureHttp({ notifyError, whitelistCodes: [] });
  // The deployment's defaults (no SSO): logout reads them.
  resetSiteSettings();
  server.use(route.get('/site-config.json', () => HttpResponse.json({})));
});

afterEach(() => {
  stopTokenRefreshTimer();
  vi.useRealTimers();
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

function signedInSession(): void {
  setToken('access-1');
  setRefreshToken('refresh-1');
  setStore({ name: storeKeys.token, content: 'access-1' });
  setStore({ name: storeKeys.userInfo, content: { user_id: '1' } });
  setStore({ name: storeKeys.menu, content: [{ id: '1' }] });
  setStore({ name: storeKeys.menuAll, content: [{ id: '1' }] });
  setStore({ name: storeKeys.permission, content: { param_add: true } });
  setStore({ name: storeKeys.tagList, content: [homeTab, { ...homeTab, value: '/system/param' }] });
  setStore({ name: storeKeys.isLock, content: true });
  setStore({ name: storeKeys.lockPasswd, content: '1234' });
}

function expectSignedOut(): void {
  expect(getToken()).toBeUndefined();
  expect(getRefreshToken()).toBeUndefined();
  for (const name of Object.values(storeKeys).filter((name) => name !== storeKeys.tenantId)) {
    expect(getStore({ name }), name).toBeUndefined();
  }
}

describe('login', () => {
  it('sends the Blade captcha grant with an md5 password, then stores the session', async () => {
    setStore({ name: storeKeys.isLock, content: true });
    setStore({ name: storeKeys.lockPasswd, content: '1234' });
    setStore({ name: storeKeys.tagList, content: [{ ...homeTab, value: '/old' }] });
    const seen = captureTokenRequests();

    const result = await authProvider.login({
      tenantId: '000000',
      username: 'admin',
      password: 'admin',
      captchaKey: 'key-1',
      captchaCode: 'ab12',
    });

    expect(result).toEqual({ success: true, redirectTo: '/' });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request.query).toEqual({
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
    });
    expect(request.headers).toMatchObject({
      authorization: `Basic ${btoa('saber:saber_secret')}`,
      'tenant-id': '000000',
      'captcha-key': 'key-1',
      'captcha-code': 'ab12',
      'dept-id': '',
      'role-id': '',
    });

    expect(getToken()).toBe('access-1');
    expect(getRefreshToken()).toBe('refresh-1');
    expect(getStore({ name: storeKeys.tenantId })).toBe('000000');
    expect(getStore({ name: storeKeys.token })).toBe('access-1');
    expect(getStore({ name: storeKeys.userInfo })).toEqual(storedUserInfo);
    expect(getStore({ name: storeKeys.tagList })).toEqual([homeTab]);
    expect(getStore({ name: storeKeys.isLock })).toBeUndefined();
    expect(getStore({ name: storeKeys.lockPasswd })).toBeUndefined();
  });

  it('never puts the plain password on the wire', async () => {
    const seen = captureTokenRequests();
    await authProvider.login({ username: 'admin', password: 'S3cret-Plain' });
    const wire = JSON.stringify(seen[0]);
    expect(wire).not.toContain('S3cret-Plain');
    expect(seen[0].query.password).toBe(md5('S3cret-Plain'));
    expect(seen[0].query.tenantId).toBe(siteConfig.tenantId);
  });

  it('reports error_description as a failed login and stores no session', async () => {
    captureTokenRequests(() =>
      HttpResponse.json({ error_code: 2004, error_description: '用户名或密码错误' }, { status: 400 }),
    );
    const result = await authProvider.login({ tenantId: '000000', username: 'admin', password: 'wrong' });
    expect(result).toEqual({ success: false, error: { name: '登录失败', message: '用户名或密码错误' } });
    expect(getToken()).toBeUndefined();
    expect(getStore({ name: storeKeys.userInfo })).toBeUndefined();
    // The login form shows the failure; the http layer must not toast it a second time.
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('reports a failure answered with HTTP 200 and success false', async () => {
    captureTokenRequests(() =>
      HttpResponse.json({ success: false, error_code: 2001, error_description: '验证码不正确' }),
    );
    const result = await authProvider.login({ username: 'admin', password: 'admin' });
    expect(result).toMatchObject({ success: false, error: { message: '验证码不正确' } });
    expect(getToken()).toBeUndefined();
  });
});

describe('logout', () => {
  it('tells the server with the current token, then clears the whole session', async () => {
    signedInSession();
    const seen: SeenRequest[] = [];
    server.use(
      route.get('/api/blade-auth/oauth/logout', async ({ request }) => {
        seen.push(await describeRequest(request));
        return envelope({});
      }),
    );
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/login' });
    expect(seen).toHaveLength(1);
    expect(seen[0].headers['blade-auth']).toBe('bearer access-1');
    expectSignedOut();
  });

  it('signs out locally even when the server call fails, without an error message', async () => {
    signedInSession();
    server.use(route.get('/api/blade-auth/oauth/logout', () => HttpResponse.error()));
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/login' });
    expectSignedOut();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('does not try to refresh when the server says the token is already invalid', async () => {
    signedInSession();
    const refreshes = captureTokenRequests();
    server.use(route.get('/api/blade-auth/oauth/logout', () => envelope(null, 401, '请求未授权')));
    await authProvider.logout({});
    expect(refreshes).toHaveLength(0);
    expectSignedOut();
  });
});

describe('check, identity and errors', () => {
  it('is authenticated exactly when a token is stored', async () => {
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: '/login' });
    // Signed out under an open page: the login page sends the user back there.
    window.history.pushState(null, '', '/test/project?current=3');
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: `/login?redirect=${encodeURIComponent('/test/project?current=3')}` });
    window.history.pushState(null, '', '/');
    setToken('access-1');
    expect(await authProvider.check()).toEqual({ authenticated: true });
  });

  it('treats an empty token as a local logout', async () => {
    signedInSession();
    setToken('');
    expect(await authProvider.check()).toEqual({ authenticated: false, logout: true, redirectTo: '/login' });
    expectSignedOut();
  });

  it('builds the identity from the stored user info', async () => {
    expect(await authProvider.getIdentity!()).toBeNull();
    setStore({ name: storeKeys.userInfo, content: storedUserInfo });
    expect(await authProvider.getIdentity!()).toEqual({
      id: '1123598821738675201',
      name: '管理员',
      avatar: 'https://example.test/avatar.png',
      account: 'admin',
      tenantId: '000000',
      roleName: 'administrator',
      roleId: '1123598816738675201',
      deptId: '1123598813738675201',
    });
    setStore({ name: storeKeys.userInfo, content: { ...storedUserInfo, real_name: '' } });
    expect(await authProvider.getIdentity!()).toMatchObject({ name: 'admin' });
  });

  it('logs out on a 401 error only, to the login page that sends the user back where they were', async () => {
    const unauthorized = { code: 401, statusCode: 401, message: '请求未授权' };
    window.history.pushState(null, '', '/system/param/12/edit?current=2');
    expect(await authProvider.onError(unauthorized)).toEqual({
      logout: true,
      redirectTo: `/login?redirect=${encodeURIComponent('/system/param/12/edit?current=2')}`,
      error: unauthorized,
    });
    // Already on the login page (the http layer got there first): its return address is kept, not nested.
    window.history.pushState(null, '', `/login?redirect=${encodeURIComponent('/system/param/new')}`);
    expect(await authProvider.onError(unauthorized)).toMatchObject({ redirectTo: `/login?redirect=${encodeURIComponent('/system/param/new')}` });
    window.history.pushState(null, '', '/');
    expect(await authProvider.onError({ code: 500, message: '服务器异常' })).toEqual({});
    expect(await authProvider.onError(new Error('Network Error'))).toEqual({});
  });
});

describe('captcha', () => {
  it('fetches {key, image} from the captcha endpoint', async () => {
    server.use(
      route.get('/api/blade-auth/oauth/captcha', () =>
        HttpResponse.json({ key: 'c-1', image: 'data:image/png;base64,AAAA' }),
      ),
    );
    expect(await fetchCaptcha()).toEqual({ key: 'c-1', image: 'data:image/png;base64,AAAA' });
  });
});

describe('token refresh', () => {
  it('sends Dept-Id and Role-Id when switching, and stores the new tokens and user info', async () => {
    signedInSession();
    setStore({ name: storeKeys.tenantId, content: '000000' });
    const seen = captureTokenRequests(() =>
      HttpResponse.json({ ...tokenResponse, access_token: 'access-2', refresh_token: 'refresh-2', dept_id: 'd2', role_id: 'r2' }),
    );
    await refreshToken({ deptId: 'd2', roleId: 'r2' });
    expect(seen[0].query).toEqual({
      grant_type: 'refresh_token',
      scope: 'all',
      refresh_token: 'refresh-1',
      tenantId: '000000',
    });
    expect(seen[0].headers).toMatchObject({ 'tenant-id': '000000', 'dept-id': 'd2', 'role-id': 'r2' });
    expect(getToken()).toBe('access-2');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(getStore({ name: storeKeys.userInfo })).toMatchObject({ dept_id: 'd2', role_id: 'r2' });
  });

  it('fails when the server refuses the refresh token', async () => {
    signedInSession();
    captureTokenRequests(() => HttpResponse.json({ error_code: 2010, error_description: '令牌无效' }, { status: 400 }));
    await expect(refreshToken()).rejects.toThrow('令牌无效');
    expect(getToken()).toBe('access-1');
  });

  it('knows when the token record has reached the configured age', () => {
    expect(tokenNeedsRefresh()).toBe(false);
    setStore({ name: storeKeys.token, content: 'access-1' });
    const storedAt = getStore({ name: storeKeys.token, debug: true })!.datetime;
    expect(tokenNeedsRefresh(storedAt + (siteConfig.tokenTime - 1) * 1000)).toBe(false);
    expect(tokenNeedsRefresh(storedAt + siteConfig.tokenTime * 1000)).toBe(true);
  });

  it('refreshes from the timer once the token is old enough, checking every interval', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    signedInSession();
    let refreshed: () => void = () => {};
    const refreshSeen = new Promise<void>((resolve) => {
      refreshed = resolve;
    });
    const seen = captureTokenRequests(() => {
      refreshed();
      return HttpResponse.json({ ...tokenResponse, access_token: 'access-2' });
    });
    startTokenRefreshTimer();

    vi.advanceTimersByTime(siteConfig.tokenCheckIntervalMs);
    expect(seen).toHaveLength(0);

    vi.setSystemTime(Date.now() + siteConfig.tokenTime * 1000);
    vi.advanceTimersByTime(siteConfig.tokenCheckIntervalMs);
    await refreshSeen;
    await vi.waitFor(() => expect(getToken()).toBe('access-2'));
    expect(seen).toHaveLength(1);
    expect(seen[0].query.grant_type).toBe('refresh_token');

    stopTokenRefreshTimer();
    vi.setSystemTime(Date.now() + siteConfig.tokenTime * 1000);
    vi.advanceTimersByTime(siteConfig.tokenCheckIntervalMs * 3);
    expect(seen).toHaveLength(1);
  });
});
