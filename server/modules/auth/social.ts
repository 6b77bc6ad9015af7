import type { ServerServices } from '../../blade/context';
import { nextId } from '../../blade/ids';
import type { Db } from '../../db/types';
import { OutboundRefused, outboundPolicy, outboundRequest, type OutboundPolicy, type OutboundRequest } from '../../outbound';
import { assertUserActive, findUser } from '../../users/lookup';
import { startSession } from '../../users/sessions';
import { issueGuestTokens, issueTokens } from '../../users/token-response';
import { OAUTH, oauthError } from './oauth-error';
import { assertTenantUsable, tenantOf, type TokenRequest } from './token-request';

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

/**
 * A JSON answer of the provider: only URLs of the provider row are fetched, and only on hosts the outbound policy
 * allows (an administrator's `BLADE_OUTBOUND_ALLOW`). Nothing of a failed answer reaches the client.
 */
async function providerJson(
  policy: OutboundPolicy,
  url: string,
  init: Omit<OutboundRequest, 'timeoutMs'>,
): Promise<Record<string, unknown>> {
  try {
    const response = await outboundRequest(policy, url, { ...init, timeoutMs: PROVIDER_TIMEOUT_MS });
    if (response.status < 200 || response.status >= 300) throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
    const body: unknown = JSON.parse(response.text);
    if (typeof body !== 'object' || body === null) throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
    return body as Record<string, unknown>;
  } catch (error) {
    if (error instanceof OutboundRefused) console.warn(`[social] ${error.message}`);
    if (error instanceof Error && error.name === 'OAuthError') throw error;
    throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
  }
}

const textOf = (...values: unknown[]) => {
  const found = values.find((value) => typeof value === 'string' || typeof value === 'number');
  return found === undefined ? '' : String(found);
};

/** Code → provider access token → profile, the OAuth2 authorization-code flow from the client side. */
async function profileOf(policy: OutboundPolicy, provider: SocialProvider, code: string) {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    client_id: provider.client_id,
    client_secret: provider.client_secret,
  });
  if (provider.redirect_uri) form.set('redirect_uri', provider.redirect_uri);
  const token = await providerJson(policy, provider.token_url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: form.toString(),
  });
  const accessToken = textOf(token.access_token);
  if (!accessToken) throw oauthError(OAUTH.invalidRequest, SOCIAL_FAILED);
  const info = await providerJson(policy, provider.user_info_url, {
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
  const { db } = services;
  const { source, code } = request.params;
  const tenantId = tenantOf(request);
  if (!source || !code) throw oauthError(OAUTH.invalidRequest);
  await assertTenantUsable(db, tenantId);
  const provider = await providerOf(db, tenantId, source);
  if (!provider) throw oauthError(OAUTH.invalidRequest, '未配置该第三方登录来源');
  const profile = await profileOf(outboundPolicy(services.config.outboundAllow ?? []), provider, code);
  const oauth = await upsertOauth(db, tenantId, source, profile);
  if (oauth.user_id) {
    const user = await findUser.byId(db, tenantId, oauth.user_id);
    if (user) {
      assertUserActive(user);
      return issueTokens(services, user, request, await startSession(db, user), oauth.id);
    }
  }
  return issueGuestTokens(
    services.tokens,
    { tenantId, oauthId: oauth.id, username: profile.username, nickname: profile.nickname, avatar: profile.avatar },
    request,
  );
}
