import { createHash } from 'node:crypto';
import { inject } from 'vitest';
import { ADMIN_PASSWORD } from './fixtures';

export const serverUrl = () => inject('serverUrl');
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');
export const SABER_BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

export interface Answer<T = any> {
  status: number;
  body: T;
  text: string;
}

/** One HTTP call to the server under test; `token` goes in `Blade-Auth`, `json` as the body. */
export async function call<T = any>(
  path: string,
  options: { method?: string; token?: string; json?: unknown; body?: string; headers?: Record<string, string>; base?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Authorization: SABER_BASIC, ...options.headers };
  if (options.token) headers['Blade-Auth'] = `bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['Content-Type'] = 'application/json';
  } else if (body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${options.base ?? serverUrl()}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed as T, text };
}

/** `POST oauth/token` with the password grant, as Saber sends it (md5 password in the query string). */
export function requestToken(
  credentials: { tenantId?: string; account: string; password: string },
  options: { headers?: Record<string, string>; grantType?: string; base?: string } = {},
) {
  const query = new URLSearchParams({
    tenantId: credentials.tenantId ?? '000000',
    username: credentials.account,
    password: md5(credentials.password),
    grant_type: options.grantType ?? 'password',
    scope: 'all',
    type: 'account',
  });
  return call(`/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { 'Tenant-Id': credentials.tenantId ?? '000000', ...options.headers },
    base: options.base,
  });
}

/** An access token, or a failed expectation with the server's answer; `base` for a server of the test's own. */
export async function login(credentials: { tenantId?: string; account: string; password: string }, base?: string) {
  const answer = await requestToken(credentials, { base });
  if (answer.status !== 200 || !answer.body?.access_token) {
    throw new Error(`login of ${credentials.account} failed: ${answer.status} ${answer.text}`);
  }
  return answer.body as { access_token: string; refresh_token: string; [claim: string]: unknown };
}

export const loginAdmin = async () => (await login({ account: 'admin', password: ADMIN_PASSWORD })).access_token;

/**
 * Gives the seeded parameter `key` of tenant 000000 the value `value` while `run` goes on, then puts the old value
 * back: the test server is shared by every file, so no file may leave a parameter changed for the next.
 */
export async function withParam<T>(adminToken: string, key: string, value: string, run: () => Promise<T>): Promise<T> {
  const found = await call(`/api/blade-system/param/list?paramKey_equal=${encodeURIComponent(key)}`, { token: adminToken });
  const [param] = (found.body?.data?.records ?? []) as { id: string; paramValue: string }[];
  if (!param) throw new Error(`parameter ${key} is not seeded: ${found.text}`);
  const set = async (paramValue: string) => {
    const saved = await call('/api/blade-system/param/submit', { token: adminToken, json: { id: param.id, paramValue } });
    if (!saved.body?.success) throw new Error(`could not set ${key}: ${saved.text}`);
  };
  await set(value);
  try {
    return await run();
  } finally {
    await set(param.paramValue);
  }
}

/** Opens self-registration for tenant 000000 (param `account.registerUser`) while `run` goes on, then closes it again. */
export function withRegistrationOpen<T>(adminToken: string, run: () => Promise<T>): Promise<T> {
  return withParam(adminToken, 'account.registerUser', 'true', run);
}
