import type { AuthProvider } from '@refinedev/core';
import { loadSiteSettings, siteConfig } from './config';
import { encryptPassword, encryptPhone } from './crypto';
import { http } from './http';
import { oauthClient, refreshToken, requestToken, type SwitchTarget } from './oauth';
import { clearSession, getUserInfo, resetWorkspace, storeKeys, storeTokenResponse, type TokenResponse } from './session';
import { getStore, getToken } from './storage';

export { refreshToken, OAuthError, type SwitchTarget } from './oauth';

export const LOGIN_PATH = '/login';
export const LOGIN_FAILED = '登录失败';
export const REGISTER_FAILED = '注册失败';
const LOGOUT_URL = '/api/blade-auth/oauth/logout';
const CAPTCHA_URL = '/api/blade-auth/oauth/captcha';
const SMS_SEND_URL = '/api/blade-auth/oauth/sms/send-validate';
const REGISTER_GUEST_URL = '/api/blade-system/user/register-guest';

/** Account login (grant `captcha` when the captcha is on, else `password`); `password` is plain and encrypted here. */
export interface AccountLogin {
  type?: 'account';
  tenantId?: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/** Phone login (grant `sms_code`): `smsId` is the id `sms/send-validate` answered, `smsCode` what the user typed. */
export interface PhoneLogin {
  type: 'phone';
  tenantId?: string;
  phone: string;
  smsId: string;
  smsCode: string;
}

/** The social provider's callback (grant `social`). */
export interface SocialLogin {
  type: 'social';
  tenantId?: string;
  source: string;
  code: string;
  state: string;
}

/** The single sign-on server's callback (grant `authorization_code`). */
export interface SsoLogin {
  type: 'sso';
  tenantId?: string;
  code: string;
  redirectUri: string;
}

export type LoginParams = AccountLogin | PhoneLogin | SocialLogin | SsoLogin;

/** Self-registration (grant `register`); plain password and phone, encrypted here. */
export interface RegisterParams {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  phone?: string;
  email?: string;
}

/**
 * A social login whose third-party account has no local user yet: the server answers a guest token with an
 * `oauth_id` and no user id. The guest is never stored as a session; it can only apply for an account.
 */
export interface SocialGuest {
  tenantId: string;
  oauthId: string;
  accessToken: string;
}

/** What the third-party registration dialog sends (`register-guest`); the password is plain here. */
export interface GuestRegistration {
  tenantId: string;
  name: string;
  account: string;
  password: string;
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

/** Leaving the single-page app for another site (SSO, social providers) or reloading it; replaceable in tests. */
export const browserNavigation = {
  assign: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
};

export async function fetchCaptcha(): Promise<Captcha> {
  const response = await http.get<Captcha>(CAPTCHA_URL);
  return response.data;
}

/** Asks the server to text a login code to `phone`; resolves with the code's id the sms_code grant needs. */
export async function sendSmsCode(tenantId: string, phone: string): Promise<string> {
  const response = await http.post<{ data: { id: string } }>(SMS_SEND_URL, null, {
    params: { tenantId, phone: await encryptPhone(phone) },
  });
  return String(response.data.data.id);
}

/** Headers of every token request; Dept-Id and Role-Id stay empty unless switching (spec §7). */
function loginHeaders(tenantId: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tenant-Id': tenantId, 'Dept-Id': '', 'Role-Id': '', ...extra };
}

/** The token request of each login mode (blade-contract §3, spec §7). */
async function tokenRequestOf(params: LoginParams): Promise<{ query: Record<string, string>; headers: Record<string, string> }> {
  const tenantId = params.tenantId || siteConfig.tenantId;
  const common = { tenantId, scope: 'all' };
  switch (params.type) {
    case 'phone':
      return {
        query: { ...common, grant_type: 'sms_code', phone: await encryptPhone(params.phone), id: params.smsId, value: params.smsCode },
        headers: loginHeaders(tenantId),
      };
    case 'social':
      return {
        query: { ...common, grant_type: 'social', source: params.source, code: params.code, state: params.state },
        headers: loginHeaders(tenantId),
      };
    case 'sso':
      return {
        query: { ...common, grant_type: 'authorization_code', code: params.code, redirect_uri: params.redirectUri },
        headers: loginHeaders(tenantId),
      };
    default:
      return {
        query: {
          ...common,
          username: params.username,
          // Blade never gets the password itself: its md5 hex, SM2-encrypted when configured (blade-contract §3).
          password: await encryptPassword(params.password),
          grant_type: siteConfig.captchaMode ? 'captcha' : 'password',
          type: 'account',
        },
        headers: loginHeaders(tenantId, {
          'Captcha-Key': params.captchaKey ?? '',
          'Captcha-Code': params.captchaCode ?? '',
        }),
      };
  }
}

/** BladeX marks a social login without a local account by an empty or "-1" user id next to the oauth id. */
function guestOf(tokens: TokenResponse): SocialGuest | undefined {
  const unbound = !tokens.user_id || tokens.user_id === '-1';
  if (!unbound || !tokens.oauth_id) return undefined;
  return { tenantId: tokens.tenant_id, oauthId: tokens.oauth_id, accessToken: tokens.access_token };
}

/** Spec §4: a login stores tokens, tenant and user, resets the tabs to home and clears the lock. */
function startSession(tokens: TokenResponse): void {
  storeTokenResponse(tokens);
  resetWorkspace();
  startTokenRefreshTimer();
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function login(params: LoginParams) {
  try {
    const { query, headers } = await tokenRequestOf(params);
    const tokens = await requestToken(query, headers);
    const guest = params.type === 'social' ? guestOf(tokens) : undefined;
    // No redirect: the login page opens the third-party registration dialog instead.
    if (guest) return { success: true, guest };
    startSession(tokens);
    return { success: true, redirectTo: '/' };
  } catch (error) {
    return { success: false, error: { name: LOGIN_FAILED, message: messageOf(error) } };
  }
}

/**
 * Grant `register`: creates the account and signs it in. Rejects with the server's error_description (spec §8
 * "register also rejects").
 */
export async function registerAccount({ tenantId, name, account, password, phone, email }: RegisterParams): Promise<void> {
  const tokens = await requestToken(
    {
      tenantId,
      grant_type: 'register',
      scope: 'all',
      name,
      username: account,
      account,
      password: await encryptPassword(password),
      phone: phone ? await encryptPhone(phone) : '',
      email: email ?? '',
    },
    loginHeaders(tenantId),
  );
  startSession(tokens);
}

async function register(params: RegisterParams) {
  try {
    await registerAccount(params);
    return { success: true, redirectTo: '/' };
  } catch (error) {
    return { success: false, error: { name: REGISTER_FAILED, message: messageOf(error) } };
  }
}

/**
 * Applies for a local account for a social guest (`register-guest`, spec §7). Resolves on success; rejects with the
 * server's message, or without one when the server gave none (the dialog then shows `提交失败`).
 */
export async function registerGuest(guest: SocialGuest, form: GuestRegistration): Promise<void> {
  await http.post(REGISTER_GUEST_URL, null, {
    params: {
      tenantId: form.tenantId,
      name: form.name,
      account: form.account,
      password: await encryptPassword(form.password),
      oauthId: guest.oauthId,
    },
    headers: { 'Tenant-Id': form.tenantId },
    bearerToken: guest.accessToken,
    silent: true,
  });
}

/** Spec §4: after applying, the guest is logged out until an administrator passes the audit. */
export async function endGuestSession(guest: SocialGuest): Promise<void> {
  await oauthClient.get(LOGOUT_URL, { bearerToken: guest.accessToken }).catch(() => undefined);
  clearSession();
}

/** Where the browser goes after logging out of single sign-on: the SSO server, back to this app's login page. */
export function ssoLogoutUrl(origin = window.location.origin): string {
  const url = new URL(siteConfig.ssoLogoutUrl, origin);
  url.searchParams.set('redirect_uri', `${origin}${LOGIN_PATH}`);
  return url.toString();
}

async function logout() {
  stopTokenRefreshTimer();
  // Tell the server while the token is still stored; a failure must not keep the user signed in.
  await oauthClient.get(LOGOUT_URL).catch(() => undefined);
  clearSession();
  await loadSiteSettings();
  if (siteConfig.ssoMode) {
    // Spec §2: in SSO mode logout ends the SSO session too, which then sends the browser back to /login.
    browserNavigation.assign(ssoLogoutUrl());
    return { success: true };
  }
  return { success: true, redirectTo: LOGIN_PATH };
}

/**
 * Spec §4 department/role switch: a token for the chosen pair (refresh with Dept-Id/Role-Id), stored as the session,
 * then a reload so menus, buttons and data follow the new role.
 */
export async function switchDeptRole(deptId: string, roleId: string): Promise<void> {
  await refreshToken({ deptId, roleId } satisfies SwitchTarget);
  browserNavigation.reload();
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

/**
 * The login page, told where to send the user back to after logging in again: the address in use when the session
 * ended (or the return address already given, when the login page is showing).
 */
export function loginAddressReturningHere(): string {
  if (typeof window === 'undefined') return LOGIN_PATH;
  const { pathname, search } = window.location;
  if (pathname === LOGIN_PATH) return `${pathname}${search}`;
  if (pathname === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: `${pathname}${search}` })}`;
}

export const authProvider: AuthProvider = {
  login,
  logout,
  register,
  check: async () => {
    const token = getToken();
    if (token) return { authenticated: true };
    // Spec §2: an empty stored token forces a local logout.
    if (token === '') {
      stopTokenRefreshTimer();
      clearSession();
      return { authenticated: false, logout: true, redirectTo: LOGIN_PATH };
    }
    // A session that ended under an open page (expired, revoked) comes back to that page after the next login.
    return { authenticated: false, redirectTo: loginAddressReturningHere() };
  },
  getIdentity: async () => {
    const userInfo = getUserInfo();
    return userInfo ? identityOf(userInfo) : null;
  },
  onError: async (error) => {
    if (errorCodeOf(error) === 401) return { logout: true, redirectTo: loginAddressReturningHere(), error };
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
