import type { Db } from '../../db/types';
import { nextId } from '../../blade/ids';

/** 5 failed logins of an account within 30 minutes lock it (blade-contract §3). */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 30 * 60 * 1000;

export async function isLocked(db: Db, tenantId: string, account: string): Promise<boolean> {
  const [row] = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM blade_login_failure WHERE tenant_id = $1 AND account = $2 AND failed_at > $3',
    [tenantId, account, Date.now() - FAILURE_WINDOW_MS],
  );
  return Number(row.n) >= MAX_FAILURES;
}

export async function recordFailure(db: Db, tenantId: string, account: string): Promise<void> {
  await db.query('DELETE FROM blade_login_failure WHERE failed_at <= $1', [Date.now() - FAILURE_WINDOW_MS]);
  await db.query('INSERT INTO blade_login_failure (id, tenant_id, account, failed_at) VALUES ($1, $2, $3, $4)', [
    nextId(),
    tenantId,
    account,
    Date.now(),
  ]);
}

/** Forgets the failures of an account: after a successful login, or when an administrator unlocks it. */
export async function clearFailures(db: Db, tenantId: string, account: string): Promise<void> {
  await db.query('DELETE FROM blade_login_failure WHERE tenant_id = $1 AND account = $2', [tenantId, account]);
}
