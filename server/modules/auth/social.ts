import { randomUUID } from 'node:crypto';
import type { ServerServices } from '../../blade/context';
import { nextId } from '../../blade/ids';
import { ACCESS_TOKEN_SECONDS } from '../../blade/token';
import type { Db } from '../../db/types';
import {
  assertTenantUsable,
  assertUserActive,
  issueTokens,
  startSession,
  tenantOf,
  USER_COLUMNS,
  type TokenRequest,
  type UserRow,
} from './login';
import { OAUTH, oauthError } from './oauth-error';

/** A row of `blade_social_provider`: an OAuth2 source an administrator configured. */
export interface SocialProvider {
  source: string;
  client_id: string;
  client_secret: string;
  authorize_url: string;
  token_url: string;
  user_info_url: string;
  redirect_uri: string | null;
}

const PROVIDER_TIMEOUT_MS = 10_000;
const SOCIAL_FAILED = '第三方登录失败';

export async function providerOf(db: Db, tenantId: string, source: string): Promise<SocialProvider | undefined> {
  const [provider] = await db.query<SocialProvider>(
    `SELECT source, client_id, client_secret, authorize_url, token_url, user_info_url, redirect_uri
     FROM blade_social_provider WHERE tenant_id = $1 AND source = $2 AND is_deleted = 0 AND status = 1`,
    [tenantId, source],
  );
  return provider;
}

/** The provider's authorization page for a browser to visit (`GET oauth/render/{source}`). */
export function authorizeUrlOf(provider: SocialProvider, state: string): string {
  const url = new URL(provider.authorize_url);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.client_id);
  if (provider.redirect_uri) url.searchParams.set('redirect_uri', provider.redirect_uri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** A JSON answer of the provider; only URLs of the provider row are ever fetched (no URL comes from a request). */
async function providerJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  try {
    const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!response.ok) throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
    return body as Record<string, unknown>;
  } catch (error) {
    if (error instanceof Error && error.name === 'OAuthError') throw error;
    throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
  }
}

const textOf = (...values: unknown[]) => {
  const found = values.find((value) => typeof value === 'string' || typeof value === 'number');
  return found === undefined ? '' : String(found);
};

/** Code → provider access token → profile, the OAuth2 authorization-code flow from the client side. */
async function profileOf(provider: SocialProvider, code: string) {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    client_id: provider.client_id,
    client_secret: provider.client_secret,
  });
  if (provider.redirect_uri) form.set('redirect_uri', provider.redirect_uri);
  const token = await providerJson(provider.token_url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form,
  });
  const accessToken = textOf(token.access_token);
  if (!accessToken) throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
  const info = await providerJson(provider.user_info_url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
  });
  const uuid = textOf(info.uuid, info.id, info.sub);
  if (!uuid) throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
  return {
    uuid,
    username: textOf(info.username, info.login, info.name).slice(0, 255),
    nickname: textOf(info.nickname, info.name, info.login).slice(0, 255),
    avatar: textOf(info.avatar, info.avatar_url, info.picture).slice(0, 1000),
    email: textOf(info.email).slice(0, 255),
  };
}

/** Records (or refreshes) the third-party account; answers its id and the bound user, if any. */
async function upsertOauth(db: Db, tenantId: string, source: string, profile: Awaited<ReturnType<typeof profileOf>>) {
  const [row] = await db.query<{ id: string; user_id: string | null }>(
    `INSERT INTO blade_user_oauth (id, tenant_id, source, uuid, username, nickname, avatar, email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (tenant_id, source, uuid) DO UPDATE
       SET username = EXCLUDED.username, nickname = EXCLUDED.nickname, avatar = EXCLUDED.avatar, email = EXCLUDED.email
     RETURNING id, user_id`,
    [nextId(), tenantId, source, profile.uuid, profile.username, profile.nickname, profile.avatar, profile.email],
  );
  return row;
}

/**
 * Grant `social`: exchanges the provider's `code`. A third-party account bound to a user signs that user in; an
 * unbound one gets a guest token (`user_id` -1, `oauth_id` set) with which the front end offers registration.
 */
export async function socialGrant(services: ServerServices, request: TokenRequest) {
  const { db, tokens } = services;
  const { source, code } = request.params;
  const tenantId = tenantOf(request);
  if (!source || !code) throw oauthError(OAUTH.invalidRequest);
  await assertTenantUsable(db, tenantId);
  const provider = await providerOf(db, tenantId, source);
  if (!provider) throw oauthError(OAUTH.invalidRequest, '未配置该第三方登录来源');
  const profile = await profileOf(provider, code);
  const oauth = await upsertOauth(db, tenantId, source, profile);
  if (oauth.user_id) {
    const [user] = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM blade_user WHERE id = $1 AND tenant_id = $2 AND is_deleted = 0`,
      [oauth.user_id, tenantId],
    );
    if (user) {
      assertUserActive(user);
      return issueTokens(services, user, request, await startSession(db, user), oauth.id);
    }
  }
  // A guest: no roles, no refreshable session; the token only proves the third-party account for register-guest.
  const claims = {
    tenant_id: tenantId,
    user_id: '-1',
    dept_id: '',
    post_id: '',
    role_id: '',
    oauth_id: oauth.id,
    account: profile.username,
    user_name: profile.username,
    nick_name: profile.nickname,
    real_name: profile.nickname,
    role_name: '',
    detail: { type: 'web' },
    client_id: request.clientId,
    session_id: randomUUID(),
  };
  const { session_id: _session, ...publicClaims } = claims;
  return {
    access_token: await tokens.sign(claims, 'access_token'),
    token_type: 'bearer',
    refresh_token: await tokens.sign(claims, 'refresh_token'),
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: 'all',
    ...publicClaims,
    avatar: profile.avatar,
    license: 'powered by blade-compatible server',
  };
}
