import { badRequest } from '../../blade/errors';
import { nextId } from '../../blade/ids';
import { formatDateTime } from '../../blade/serializer';
import type { TokenClaims } from '../../blade/token';
import type { Db } from '../../db/types';

/** At most this many entries per upload (the front end keeps at most 99 of them). */
const MAX_LOGS = 100;

const textOf = (value: unknown, max: number) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).replaceAll('\u0000', '').slice(0, max) : '';

/**
 * Stores the caller's uploaded local error log (`[{type, message, stack, url, time}]`) in `blade_log_error`, in
 * the caller's tenant. Only signed-in callers may write; answers how many entries were stored.
 */
export async function storeErrorLogs(db: Db, claims: TokenClaims, body: unknown): Promise<number> {
  const logs = Array.isArray(body) ? body : (body as { logs?: unknown } | null)?.logs;
  if (!Array.isArray(logs)) throw badRequest('日志格式不正确');
  if (logs.length > MAX_LOGS) throw badRequest(`一次最多上传${MAX_LOGS}条日志`);
  const now = formatDateTime(new Date());
  const userId = /^\d+$/.test(claims.user_id) ? claims.user_id : null;
  // The uploader and its first department, the columns a role's data scope reads the error log by.
  const deptId = claims.dept_id.split(',')[0];
  await db.transaction(async (tx) => {
    for (const entry of logs) {
      const log = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      await tx.query(
        `INSERT INTO blade_log_error (id, tenant_id, type, message, stack, url, log_time, user_id, account, create_time, create_user, create_dept)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $8, $11)`,
        [
          nextId(),
          claims.tenant_id,
          textOf(log.type, 64),
          textOf(log.message, 10_000),
          textOf(log.stack, 50_000),
          textOf(log.url, 2000),
          textOf(log.time, 64),
          userId,
          textOf(claims.account, 45),
          now,
          /^\d+$/.test(deptId) ? deptId : null,
        ],
      );
    }
  });
  return logs.length;
}
