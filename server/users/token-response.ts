import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type TokenClaims, type TokenService } from '../blade/token';
import type { Db } from '../db/types';
import { OAUTH, oauthError } from '../modules/auth/oauth-error';
import type { UserRow } from './lookup';

/** What a token response depends on besides the user: the client, and the dept / role the caller picked. */
export interface TokenAudience {
  clientId: string;
  deptHeader?: string;
  roleHeader?: string;
}

/** The user id of a social guest's token: a third-party account not yet bound to a user. */
export const GUEST_USER_ID = '-1';

const LICENSE = 'powered by blade-compatible server';
const splitIds = (list: string | null) => (list ?? '').split(',').filter((id) => /^\d+$/.test(id));

/**
 * `Dept-Id` / `Role-Id` choose among the user's depts / roles: one id, or a comma list (a client that refreshes with
 * the ids of its current token, as Saber does, sends all of them while nothing was switched). An id the user does not
 * hold is refused.
 */
function choose(owned: string[], requested: string | undefined): string[] {
  const ids = (requested ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
  if (ids.length === 0) return owned;
  if (!ids.every((id) => owned.includes(id))) throw oauthError(OAUTH.unauthorizedUser, '所选部门或角色不属于当前用户');
  return owned.filter((id) => ids.includes(id));
}

/** How long a client's tokens live: its own `access_token_validity` / `refresh_token_validity` when positive. */
export interface TokenValidity {
  access: number;
  refresh: number;
}

const DEFAULT_VALIDITY: TokenValidity = { access: ACCESS_TOKEN_SECONDS, refresh: REFRESH_TOKEN_SECONDS };

export async function validityOf(db: Db, clientId: string): Promise<TokenValidity> {
  const [client] = await db.query<{ access_token_validity: number | null; refresh_token_validity: number | null }>(
    'SELECT access_token_validity, refresh_token_validity FROM blade_client WHERE client_id = $1 AND is_deleted = 0',
    [clientId],
  );
  const positive = (value: number | null | undefined, fallback: number) => (value && value > 0 ? Number(value) : fallback);
  return {
    access: positive(client?.access_token_validity, DEFAULT_VALIDITY.access),
    refresh: positive(client?.refresh_token_validity, DEFAULT_VALIDITY.refresh),
  };
}

async function tokenResponse(
  tokens: TokenService,
  claims: Omit<TokenClaims, 'token_type'>,
  avatar: string,
  validity: TokenValidity = DEFAULT_VALIDITY,
) {
  const [accessToken, refreshToken] = await Promise.all([
    tokens.sign(claims, 'access_token', validity.access),
    tokens.sign(claims, 'refresh_token', validity.refresh),
  ]);
  const { session_id: _session, ...publicClaims } = claims;
  return {
    access_token: accessToken,
    token_type: 'bearer',
    refresh_token: refreshToken,
    expires_in: validity.access,
    scope: 'all',
    ...publicClaims,
    avatar,
    license: LICENSE,
  };
}

/**
 * The raw token response of blade-contract §3 for a user of a session, with a fresh access and refresh token.
 * `oauthId` names the third-party account the user signed in with (social grant).
 */
export async function issueTokens(
  services: { db: Db; tokens: TokenService },
  user: UserRow,
  audience: TokenAudience,
  sessionId: string,
  oauthId = '',
) {
  const roleIds = choose(splitIds(user.role_id), audience.roleHeader);
  const deptIds = choose(splitIds(user.dept_id), audience.deptHeader);
  const roles = await services.db.query<{ id: string; role_alias: string }>(
    "SELECT id, role_alias FROM blade_role WHERE id = ANY(string_to_array($1, ',')::bigint[]) AND is_deleted = 0",
    [roleIds.join(',')],
  );
  const roleName = roleIds.flatMap((id) => roles.find((role) => role.id === id)?.role_alias ?? []).join(',');
  return tokenResponse(
    services.tokens,
    {
      tenant_id: user.tenant_id,
      user_id: user.id,
      dept_id: deptIds.join(','),
      post_id: splitIds(user.post_id).join(','),
      role_id: roleIds.join(','),
      oauth_id: oauthId,
      account: user.account,
      user_name: user.account,
      nick_name: user.real_name ?? user.name ?? user.account,
      real_name: user.real_name ?? '',
      role_name: roleName,
      detail: { type: 'web' },
      client_id: audience.clientId,
      session_id: sessionId,
    },
    user.avatar ?? '',
    await validityOf(services.db, audience.clientId),
  );
}

/**
 * A social guest's tokens: no user, no roles, no session. They only prove the third-party account to
 * `register-guest`; every other endpoint refuses them.
 */
export function issueGuestTokens(
  tokens: TokenService,
  guest: { tenantId: string; oauthId: string; username: string; nickname: string; avatar: string },
  audience: TokenAudience,
) {
  return tokenResponse(
    tokens,
    {
      tenant_id: guest.tenantId,
      user_id: GUEST_USER_ID,
      dept_id: '',
      post_id: '',
      role_id: '',
      oauth_id: guest.oauthId,
      account: guest.username,
      user_name: guest.username,
      nick_name: guest.nickname,
      real_name: guest.nickname,
      role_name: '',
      detail: { type: 'web' },
      client_id: audience.clientId,
      session_id: randomUUID(),
    },
    guest.avatar,
  );
}
