import type { Db } from '../db/types';
import { revokeUserSessions } from './sessions';

/** 5 failed logins of an account within 30 minutes lock it (blade-contract §3). */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 30 * 60 * 1000;

/**
 * Counts a login attempt before its password is checked, in one atomic statement, so a burst of parallel guesses
 * cannot all slip under the limit: answers the attempt's number in the window (a success forgets them all).
 * The window restarts 30 minutes after the last attempt.
 */
export async function countAttempt(db: Db, tenantId: string, account: string): Promise<number> {
  const now = Date.now();
  const [row] = await db.query<{ attempts: number }>(
    `INSERT INTO blade_login_attempt (tenant_id, account, attempts, last_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (tenant_id, account) DO UPDATE SET
       attempts = CASE WHEN blade_login_attempt.last_at < $4 THEN 1 ELSE blade_login_attempt.attempts + 1 END,
       last_at = EXCLUDED.last_at
     RETURNING attempts`,
    [tenantId, account, now, now - FAILURE_WINDOW_MS],
  );
  return Number(row.attempts);
}

/** An attempt past the limit is refused without looking at its password. */
export const attemptAllowed = (attempt: number) => attempt <= MAX_FAILURES;

/** A failed attempt that reaches the limit locks the account, which ends its sessions too. */
export async function recordFailure(db: Db, userId: string, attempt: number): Promise<void> {
  if (attempt >= MAX_FAILURES) await revokeUserSessions(db, userId);
  // Counters of accounts nobody tried for a window are of no further use.
  await db.query('DELETE FROM blade_login_attempt WHERE last_at < $1', [Date.now() - FAILURE_WINDOW_MS]);
}

export async function isLocked(db: Db, tenantId: string, account: string): Promise<boolean> {
  const [row] = await db.query<{ attempts: number }>(
    'SELECT attempts FROM blade_login_attempt WHERE tenant_id = $1 AND account = $2 AND last_at >= $3',
    [tenantId, account, Date.now() - FAILURE_WINDOW_MS],
  );
  return !!row && Number(row.attempts) >= MAX_FAILURES;
}

/** Forgets the attempts of an account: after a successful login, or when an administrator unlocks it. */
export async function clearFailures(db: Db, tenantId: string, account: string): Promise<void> {
  await db.query('DELETE FROM blade_login_attempt WHERE tenant_id = $1 AND account = $2', [tenantId, account]);
}
