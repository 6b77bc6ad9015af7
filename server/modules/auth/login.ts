import type { ServerServices } from '../../blade/context';
import { userOfCredentials } from '../../users/credentials';
import { isLocked } from '../../users/lockout';
import { findUser, USER_STATUS } from '../../users/lookup';
import { extendSession, sessionLive, startSession } from '../../users/sessions';
import { issueTokens } from '../../users/token-response';
import { checkCaptcha } from './captcha';
import { OAUTH, oauthError } from './oauth-error';
import { decryptField } from './sm2';
import { assertTenantUsable, tenantOf, type TokenRequest } from './token-request';

/** Grants `password` and `captcha`: md5(password) (or its SM2 ciphertext), the captcha when required. */
export async function passwordGrant(services: ServerServices, request: TokenRequest, requireCaptcha: boolean) {
  const { db } = services;
  const { username } = request.params;
  // md5(password) as lower-case hex, or its SM2 ciphertext; undecryptable ciphertext is no password at all.
  const md5 = request.params.password && decryptField(services.config, request.params.password);
  const tenantId = tenantOf(request);
  if (!username || !md5) throw oauthError(OAUTH.invalidRequest);
  if (requireCaptcha && !(await checkCaptcha(db, request.captchaKey, request.captchaCode))) {
    throw oauthError(OAUTH.badCaptcha);
  }
  await assertTenantUsable(db, tenantId);
  const user = await userOfCredentials(db, tenantId, username, md5, request.origin);
  return issueTokens(services, user, request, await startSession(db, user));
}

/** Grant `refresh_token`: a live session of an active, unlocked user. */
export async function refreshGrant(services: ServerServices, request: TokenRequest) {
  const { db, tokens } = services;
  const token = request.params.refresh_token;
  const claims = token ? await tokens.verify(token, 'refresh_token') : undefined;
  if (!claims) throw oauthError(OAUTH.invalidRefreshToken);
  // An expired, recycled or removed tenant renews no session, and says so (its sessions have ended with it).
  await assertTenantUsable(db, claims.tenant_id);
  if (!(await sessionLive(db, claims.session_id, claims.user_id, claims.tenant_id))) throw oauthError(OAUTH.invalidRefreshToken);
  const user = await findUser.byId(db, claims.tenant_id, claims.user_id);
  if (!user || user.status !== USER_STATUS.active) throw oauthError(OAUTH.invalidRefreshToken);
  if (await isLocked(db, user.tenant_id, user.account)) throw oauthError(OAUTH.tooManyFailures);
  await extendSession(db, claims.session_id);
  return issueTokens(services, user, request, claims.session_id, claims.oauth_id);
}
