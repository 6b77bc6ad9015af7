import type { Db } from '../db/types';
import { OAUTH, oauthError } from '../modules/auth/oauth-error';
import type { Context } from 'hono';
import { recordEvent } from '../blade/logs';
import { attemptAllowed, clearFailures, countAttempt, FAILURE_WINDOW_MS, MAX_FAILURES, recordFailure } from './lockout';
import { assertUserActive, findUser, type UserRow } from './lookup';
import { passwordMatches } from './password';

/**
 * The one password check (password grant and SSO form): the attempt is counted before anything else, an account
 * over the limit is refused unchecked, and only an active user with the right password passes.
 */
export async function userOfCredentials(db: Db, tenantId: string, account: string, md5: string, origin?: Context): Promise<UserRow> {
  const attempt = await countAttempt(db, tenantId, account);
  if (!attemptAllowed(attempt)) throw oauthError(OAUTH.tooManyFailures);
  const user = await findUser.byAccount(db, tenantId, account);
  if (!user) throw oauthError(OAUTH.userNotFound);
  if (!(await passwordMatches(user.password, md5))) {
    await recordFailure(db, user.id, attempt);
    if (attempt === MAX_FAILURES) {
      const data = `账号 ${account} 连续${MAX_FAILURES}次密码错误，已锁定${FAILURE_WINDOW_MS / 60_000}分钟`;
      await recordEvent(db, origin, { level: 'WARN', logId: 'account-locked', data }, { tenantId, account, userId: user.id, deptId: user.dept_id ?? undefined });
    }
    throw oauthError(OAUTH.badPassword);
  }
  assertUserActive(user);
  await clearFailures(db, tenantId, account);
  return user;
}
