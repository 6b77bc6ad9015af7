import { randomUUID } from 'node:crypto';
import type { Db } from '../db/types';

/** Refresh tokens live 7 days (blade-contract §3); a session lives as long as its newest refresh token. */
export const SESSION_SECONDS = 604800;

/**
 * Login sessions: every token carries its session id, and a token is good only while its session is. A session
 * ends at logout, and (database triggers, so every code path and every process agrees) when its user's password,
 * status or deletion changes; the lock-out ends them too.
 */
export async function startSession(db: Db, user: { tenant_id: string; id: string }): Promise<string> {
  const sessionId = randomUUID();
  // Sessions whose refresh tokens have all expired are of no further use.
  await db.query('DELETE FROM blade_auth_session WHERE expires_at < $1', [Date.now()]);
  await db.query(
    'INSERT INTO blade_auth_session (session_id, tenant_id, user_id, expires_at) VALUES ($1, $2, $3, $4)',
    [sessionId, user.tenant_id, user.id, Date.now() + SESSION_SECONDS * 1000],
  );
  return sessionId;
}

/** A refresh extends the session. */
export async function extendSession(db: Db, sessionId: string): Promise<void> {
  await db.query('UPDATE blade_auth_session SET expires_at = $1 WHERE session_id = $2', [
    Date.now() + SESSION_SECONDS * 1000,
    sessionId,
  ]);
}

/** Whether the session is live for this user: not revoked, not expired. */
export async function sessionLive(db: Db, sessionId: string, userId: string, tenantId: string): Promise<boolean> {
  const [session] = await db.query<{ expires_at: string }>(
    `SELECT expires_at FROM blade_auth_session WHERE session_id = $1 AND user_id = $2 AND tenant_id = $3 AND revoked = 0`,
    [sessionId, /^\d{1,19}$/.test(userId) ? userId : '0', tenantId],
  );
  return !!session && Number(session.expires_at) >= Date.now();
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.query('UPDATE blade_auth_session SET revoked = 1 WHERE session_id = $1 AND revoked = 0', [sessionId]);
}

export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db.query('UPDATE blade_auth_session SET revoked = 1 WHERE user_id = $1 AND revoked = 0', [userId]);
}

/** How many session answers a process keeps; past that the cache starts over. */
const CACHE_CAPACITY = 20_000;

export interface SessionCheck {
  /** Whether an access token of this session may still be used. */
  isLive(sessionId: string, userId: string, tenantId: string): Promise<boolean>;
}

/**
 * The per-request revocation check, kept off the database: answers are cached in this process and dropped when
 * the revision counter in the database moves (every revocation moves it, by trigger). Reading the counter is a
 * primary-key read, answered from PGlite's read cache while nothing was written, so several processes on one
 * PostgreSQL see a revocation on their next request.
 */
export function createSessionCheck(db: Db): SessionCheck {
  let revision: string | undefined;
  const live = new Map<string, boolean>();
  return {
    async isLive(sessionId, userId, tenantId) {
      const [row] = await db.cachedQuery<{ version: string }>('SELECT version FROM blade_auth_revision WHERE id = 1');
      const current = row?.version ?? '0';
      if (current !== revision) {
        live.clear();
        revision = current;
      }
      const key = `${sessionId}\u0000${userId}\u0000${tenantId}`;
      const known = live.get(key);
      if (known !== undefined) return known;
      const answer = await sessionLive(db, sessionId, userId, tenantId);
      // A revocation that landed while we read would be missed by this entry: keep it only if nothing moved.
      if (revision === current) {
        if (live.size >= CACHE_CAPACITY) live.clear();
        live.set(key, answer);
      }
      return answer;
    },
  };
}
