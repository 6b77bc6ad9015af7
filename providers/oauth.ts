import axios, { type CreateAxiosDefaults, type InternalAxiosRequestConfig } from 'axios';
import { siteConfig } from './config';
import { finishProgress, startProgress } from './progress';
import { getTenantId, getUserInfo, storeTokenResponse, type TokenResponse } from './session';
import { getRefreshToken, getToken } from './storage';

/**
 * The OAuth side of the Blade protocol (blade-contract §3), kept apart from http.ts so that both http.ts (refresh on
 * 401) and auth.ts (login, logout) can use it without importing each other.
 */

export const TOKEN_URL = '/api/blade-auth/oauth/token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The access token for this request instead of the stored one (a social guest, who is never stored). */
    bearerToken?: string;
  }
}

/** Settings every Blade client shares: same origin, spec timeout, HTTP 200–500 answered by the body's code. */
export const bladeAxiosDefaults: CreateAxiosDefaults = {
  baseURL: '',
  timeout: siteConfig.requestTimeoutMs,
  validateStatus: (status) => status >= 200 && status <= 500,
  // The browser adapters; the Node http adapter cannot resolve same-origin relative URLs.
  adapter: ['xhr', 'fetch'],
  // Blade authenticates by header, not by an XSRF cookie: without a cookie name, axios sends at once instead of first
  // asking the browser's cookie store for one (a round trip before every request).
  xsrfCookieName: '',
};

export function basicAuthorization(): string {
  return `Basic ${btoa(`${siteConfig.clientId}:${siteConfig.clientSecret}`)}`;
}

/** Client credentials, the stored token and the tenant, on every request; a caller's Tenant-Id wins. */
export function applyBladeHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const { headers } = config;
  headers.set('Authorization', basicAuthorization());
  const token = config.bearerToken ?? getToken();
  // A retried request must carry the current token, not the one it was first sent with.
  if (token) headers.set(siteConfig.tokenHeader, `bearer ${token}`);
  else headers.delete(siteConfig.tokenHeader);
  if (!headers.has('Tenant-Id')) headers.set('Tenant-Id', getTenantId());
  return config;
}

/** Token endpoints answer raw JSON and must never go through the 401 handling of http.ts. */
export const oauthClient = axios.create(bladeAxiosDefaults);
oauthClient.interceptors.request.use((config) => {
  startProgress();
  return applyBladeHeaders(config);
});
oauthClient.interceptors.response.use(
  (response) => {
    finishProgress();
    return response;
  },
  (error: unknown) => {
    finishProgress();
    return Promise.reject(error);
  },
);

/** A refused token request: `code` is the OAuth error_code (or envelope code), `message` its description. */
export class OAuthError extends Error {
  readonly code: number | undefined;

  constructor(message: string, code?: number) {
    super(message);
    this.name = 'OAuthError';
    this.code = code;
  }
}

interface TokenFailure {
  error_code?: number;
  error_description?: string;
  code?: number;
  msg?: string;
}

/** POST /oauth/token with its parameters in the query string; resolves only with an access token. */
export async function requestToken(
  params: Record<string, string>,
  headers: Record<string, string>,
): Promise<TokenResponse> {
  const response = await oauthClient.post<Partial<TokenResponse> & TokenFailure>(TOKEN_URL, null, {
    params,
    headers,
  });
  const body = response.data ?? {};
  if (typeof body.access_token === 'string' && body.access_token) return body as TokenResponse;
  throw new OAuthError(
    body.error_description || body.msg || '系统错误',
    body.error_code ?? body.code ?? response.status,
  );
}

/** Department and role to switch to (spec §4); both are sent empty otherwise. */
export interface SwitchTarget {
  deptId?: string;
  roleId?: string;
}

let refreshInFlight: Promise<void> | undefined;

/**
 * Trades the stored refresh token for new tokens and stores them. Plain refreshes started while one is running share
 * it (concurrent 401s and the timer cause one request); a department/role switch always sends its own.
 */
export function refreshToken(switchTo?: SwitchTarget): Promise<void> {
  if (switchTo) return requestRefresh(switchTo);
  refreshInFlight ??= requestRefresh({}).finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

async function requestRefresh(target: SwitchTarget): Promise<void> {
  // A plain refresh keeps the department and role the session has (a switched one stays switched), as Saber does.
  const current = getUserInfo();
  const deptId = target.deptId ?? current?.dept_id ?? '';
  const roleId = target.roleId ?? current?.role_id ?? '';
  const storedRefreshToken = getRefreshToken();
  if (!storedRefreshToken) throw new OAuthError('no refresh token stored', 401);
  const tenantId = getTenantId();
  const response = await requestToken(
    { grant_type: 'refresh_token', scope: 'all', refresh_token: storedRefreshToken, tenantId },
    { 'Tenant-Id': tenantId, 'Dept-Id': deptId, 'Role-Id': roleId },
  );
  storeTokenResponse(response);
}
