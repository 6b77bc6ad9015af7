import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { ADMIN_TENANT, type ServerServices } from '../../blade/context';
import { formatDateTime } from '../../blade/serializer';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS, type TokenClaims } from '../../blade/token';
import type { Db } from '../../db/types';
import { checkCaptcha } from './captcha';
import { clearFailures, isLocked, recordFailure } from './lockout';
import { OAUTH, oauthError } from './oauth-error';
import { registerGrant } from './register';
import { decryptField } from './sm2';
import { smsGrant } from './sms';
import { socialGrant } from './social';
import { authorizationCodeGrant } from './sso';

/** Everything the token endpoint reads from a request: merged query/form parameters and the relevant headers. */
export interface TokenRequest {
  params: Record<string, string>;
  clientId: string;
  tenantHeader?: string;
  deptHeader?: string;
  roleHeader?: string;
  captchaKey?: string;
  captchaCode?: string;
}

export interface UserRow {
  id: string;
  tenant_id: string;
  account: string;
  password: string | null;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  role_id: string | null;
  dept_id: string | null;
  post_id: string | null;
  status: number;
}

export const USER_COLUMNS = 'id, tenant_id, account, password, name, real_name, avatar, role_id, dept_id, post_id, status';
const splitIds = (list: string | null) => (list ?? '').split(',').filter((id) => /^\d+$/.test(id));

export async function assertTenantUsable(db: Db, tenantId: string) {
  const [tenant] = await db.query<{ expire_time: string | null; status: number }>(
    'SELECT expire_time, status FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0',
    [tenantId],
  );
  if (!tenant) throw oauthError(OAUTH.tenantNotFound);
  const expired = tenant.expire_time !== null && tenant.expire_time < formatDateTime(new Date());
  if (tenantId !== ADMIN_TENANT && (expired || tenant.status !== 1)) throw oauthError(OAUTH.tenantExpired);
}

/** `Dept-Id` / `Role-Id` choose one of the user's depts / roles; anything else is refused. */
function choose(owned: string[], requested: string | undefined): string[] {
  if (!requested) return owned;
  if (!owned.includes(requested)) throw oauthError(OAUTH.unauthorizedUser, '所选部门或角色不属于当前用户');
  return [requested];
}

/** User status: 1 active; a guest registration waits for an administrator (0) who may refuse it (2). */
export const USER_STATUS = { active: 1, awaitingAudit: 0, refused: 2 } as const;

/** Only active users get tokens; a registration still awaiting audit says so. */
export function assertUserActive(user: { status: number }) {
  if (user.status === USER_STATUS.awaitingAudit) throw oauthError(OAUTH.unauthorizedUser, '用户未审核');
  if (user.status !== USER_STATUS.active) throw oauthError(OAUTH.unauthorizedUser);
}

/** The tenant a token request is for: header `Tenant-Id`, else parameter `tenantId`, else the administrator tenant. */
export const tenantOf = (request: TokenRequest) => request.tenantHeader || request.params.tenantId || ADMIN_TENANT;

/**
 * The raw token response of blade-contract §3 for a user, with a fresh access token and a refresh token.
 * `oauthId` names the third-party account the user signed in with (social grant).
 */
export async function issueTokens(
  services: ServerServices,
  user: UserRow,
  request: TokenRequest,
  sessionId: string,
  oauthId = '',
) {
  const { db, tokens } = services;
  const roleIds = choose(splitIds(user.role_id), request.roleHeader);
  const deptIds = choose(splitIds(user.dept_id), request.deptHeader);
  const roles = await db.query<{ id: string; role_alias: string }>(
    'SELECT id, role_alias FROM blade_role WHERE id = ANY(string_to_array($1, \',\')::bigint[]) AND is_deleted = 0',
    [roleIds.join(',')],
  );
  const roleName = roleIds.flatMap((id) => roles.find((role) => role.id === id)?.role_alias ?? []).join(',');
  const claims: Omit<TokenClaims, 'token_type'> = {
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
    client_id: request.clientId,
    session_id: sessionId,
  };
  const [accessToken, refreshToken] = await Promise.all([
    tokens.sign(claims, 'access_token'),
    tokens.sign(claims, 'refresh_token'),
  ]);
  const { session_id: _session, ...publicClaims } = claims;
  return {
    access_token: accessToken,
    token_type: 'bearer',
    refresh_token: refreshToken,
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: 'all',
    ...publicClaims,
    avatar: user.avatar ?? '',
    license: 'powered by blade-compatible server',
  };
}

export async function startSession(db: Db, user: Pick<UserRow, 'tenant_id' | 'id'>): Promise<string> {
  const sessionId = randomUUID();
  // Sessions whose refresh tokens have all expired are of no further use.
  await db.query('DELETE FROM blade_auth_session WHERE expires_at < $1', [Date.now()]);
  await db.query(
    'INSERT INTO blade_auth_session (session_id, tenant_id, user_id, expires_at) VALUES ($1, $2, $3, $4)',
    [sessionId, user.tenant_id, user.id, Date.now() + REFRESH_TOKEN_SECONDS * 1000],
  );
  return sessionId;
}

async function passwordGrant(services: ServerServices, request: TokenRequest, requireCaptcha: boolean) {
  const { db } = services;
  const { username } = request.params;
  const password = request.params.password && decryptField(services.config, request.params.password);
  const tenantId = tenantOf(request);
  if (!username || !password) throw oauthError(OAUTH.invalidRequest);
  if (requireCaptcha && !(await checkCaptcha(db, request.captchaKey, request.captchaCode))) {
    throw oauthError(OAUTH.badCaptcha);
  }
  await assertTenantUsable(db, tenantId);
  if (await isLocked(db, tenantId, username)) throw oauthError(OAUTH.tooManyFailures);
  const [user] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0`,
    [tenantId, username],
  );
  if (!user) throw oauthError(OAUTH.userNotFound);
  // The browser sends md5(password) as lower-case hex; the stored hash is bcrypt of that.
  if (!user.password || !(await bcrypt.compare(password.toLowerCase(), user.password))) {
    await recordFailure(db, tenantId, username);
    throw oauthError(OAUTH.badPassword);
  }
  assertUserActive(user);
  await clearFailures(db, tenantId, username);
  return issueTokens(services, user, request, await startSession(db, user));
}

async function refreshGrant(services: ServerServices, request: TokenRequest) {
  const { db, tokens } = services;
  const token = request.params.refresh_token;
  const claims = token ? await tokens.verify(token, 'refresh_token') : undefined;
  if (!claims) throw oauthError(OAUTH.invalidRefreshToken);
  const [session] = await db.query<{ expires_at: string }>(
    `SELECT expires_at FROM blade_auth_session
     WHERE session_id = $1 AND user_id = $2 AND tenant_id = $3 AND revoked = 0`,
    [claims.session_id, claims.user_id, claims.tenant_id],
  );
  if (!session || Number(session.expires_at) < Date.now()) throw oauthError(OAUTH.invalidRefreshToken);
  const [user] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM blade_user WHERE id = $1 AND tenant_id = $2 AND is_deleted = 0 AND status = ${USER_STATUS.active}`,
    [claims.user_id, claims.tenant_id],
  );
  if (!user) throw oauthError(OAUTH.invalidRefreshToken);
  await db.query('UPDATE blade_auth_session SET expires_at = $1 WHERE session_id = $2', [
    Date.now() + REFRESH_TOKEN_SECONDS * 1000,
    claims.session_id,
  ]);
  return issueTokens(services, user, request, claims.session_id, claims.oauth_id);
}

/** `POST /oauth/token`: the grants of blade-contract §3. */
export function grantToken(services: ServerServices, request: TokenRequest): Promise<object> {
  switch (request.params.grant_type) {
    case 'sms_code':
      return smsGrant(services, request);
    case 'social':
      return socialGrant(services, request);
    case 'authorization_code':
      return authorizationCodeGrant(services, request);
    case 'register':
      return registerGrant(services, request);
    case 'password':
      return passwordGrant(services, request, services.config.captcha);
    case 'captcha':
      return passwordGrant(services, request, true);
    case 'refresh_token':
      return refreshGrant(services, request);
    case undefined:
    case '':
      throw oauthError(OAUTH.invalidRequest);
    default:
      throw oauthError(OAUTH.unsupportedGrant);
  }
}

/** Logout: the session's refresh tokens stop working. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.query('UPDATE blade_auth_session SET revoked = 1 WHERE session_id = $1', [sessionId]);
}
