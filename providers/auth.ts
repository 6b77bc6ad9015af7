import type { AuthProvider } from '@refinedev/core';
import { md5 } from 'js-md5';
import { siteConfig } from './config';
import { http } from './http';
import { oauthClient, refreshToken, requestToken } from './oauth';
import { clearSession, getUserInfo, resetWorkspace, storeKeys, storeTokenResponse } from './session';
import { getStore, getToken } from './storage';

export { refreshToken, type SwitchTarget } from './oauth';

export const LOGIN_PATH = '/login';
export const LOGIN_FAILED = '登录失败';
const LOGOUT_URL = '/api/blade-auth/oauth/logout';
const CAPTCHA_URL = '/api/blade-auth/oauth/captcha';

/** What the login form submits; `password` is plain text and hashed here. */
export interface LoginParams {
  tenantId?: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  type?: 'account';
}

export interface Identity {
  id: string;
  name: string;
  avatar?: string;
  account?: string;
  tenantId: string;
  roleName?: string;
  roleId?: string;
  deptId?: string;
}

export interface Captcha {
  key: string;
  /** A `data:image/...;base64` URI. */
  image: string;
}

export async function fetchCaptcha(): Promise<Captcha> {
  const response = await http.get<Captcha>(CAPTCHA_URL);
  return response.data;
}

async function login({ tenantId, username, password, captchaKey, captchaCode, type }: LoginParams) {
  const tenant = tenantId || siteConfig.tenantId;
  try {
    const tokens = await requestToken(
      {
        tenantId: tenant,
        username,
        // Blade expects the md5 hex of the password, never the password itself (blade-contract §3).
        password: md5(password),
        grant_type: siteConfig.captchaMode ? 'captcha' : 'password',
        scope: 'all',
        type: type ?? 'account',
      },
      {
        'Tenant-Id': tenant,
        'Captcha-Key': captchaKey ?? '',
        'Captcha-Code': captchaCode ?? '',
        'Dept-Id': '',
        'Role-Id': '',
      },
    );
    storeTokenResponse(tokens);
    resetWorkspace();
    startTokenRefreshTimer();
    return { success: true, redirectTo: '/' };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { success: false, error: { name: LOGIN_FAILED, message } };
  }
}

async function logout() {
  stopTokenRefreshTimer();
  // Tell the server while the token is still stored; a failure must not keep the user signed in.
  await oauthClient.get(LOGOUT_URL).catch(() => undefined);
  clearSession();
  return { success: true, redirectTo: LOGIN_PATH };
}

function errorCodeOf(error: unknown): number | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const value = code ?? statusCode;
  return typeof value === 'number' ? value : undefined;
}

export function identityOf(userInfo: NonNullable<ReturnType<typeof getUserInfo>>): Identity {
  return {
    id: userInfo.user_id,
    name: userInfo.real_name || userInfo.user_name || '',
    avatar: userInfo.avatar,
    account: userInfo.account,
    tenantId: userInfo.tenant_id,
    roleName: userInfo.role_name,
    roleId: userInfo.role_id,
    deptId: userInfo.dept_id,
  };
}

export const authProvider: AuthProvider = {
  login,
  logout,
  check: async () => {
    const token = getToken();
    if (token) return { authenticated: true };
    // Spec §2: an empty stored token forces a local logout.
    if (token === '') {
      stopTokenRefreshTimer();
      clearSession();
      return { authenticated: false, logout: true, redirectTo: LOGIN_PATH };
    }
    return { authenticated: false, redirectTo: LOGIN_PATH };
  },
  getIdentity: async () => {
    const userInfo = getUserInfo();
    return userInfo ? identityOf(userInfo) : null;
  },
  onError: async (error) => {
    if (errorCodeOf(error) === 401) return { logout: true, redirectTo: LOGIN_PATH, error };
    return {};
  },
};

/** Whether the stored token record is at least `siteConfig.tokenTime` seconds old. */
export function tokenNeedsRefresh(now = Date.now()): boolean {
  const record = getStore({ name: storeKeys.token, debug: true });
  return record !== undefined && (now - record.datetime) / 1000 >= siteConfig.tokenTime;
}

let refreshTimer: ReturnType<typeof setInterval> | undefined;

/** Spec §4: every check interval, refresh once the token has reached the configured age. */
export function startTokenRefreshTimer(): void {
  stopTokenRefreshTimer();
  refreshTimer = setInterval(() => {
    // A failed background refresh is left to the next request's 401 handling.
    if (tokenNeedsRefresh()) refreshToken().catch(() => undefined);
  }, siteConfig.tokenCheckIntervalMs);
}

export function stopTokenRefreshTimer(): void {
  if (refreshTimer !== undefined) clearInterval(refreshTimer);
  refreshTimer = undefined;
}
