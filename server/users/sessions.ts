import { randomUUID } from 'node:crypto';
import { ADMIN_TENANT, type SessionCheck } from '../blade/context';
import { BoundedCache, type CacheFigures } from '../bounded-cache';
import type { Db } from '../db/types';

/** Refresh tokens live 7 days (blade-contract §3); a session lives as long as its newest refresh token. */
export const SESSION_SECONDS = 604800;

/**
 * Login sessions: every token carries its session id, and a token is good only while its session is. A session
 * ends at logout, and (database triggers, so every code path and every process agrees) when its user's password,
 * status or deletion changes; the lock-out ends them too, and so does its tenant's licence running out.
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

/**
 * Until when (ms since epoch) the session may be used: not revoked, not expired, and its tenant neither recycled,
 * removed nor past its licence (the administrator tenant never lapses); 0 when not at all.
 */
async function sessionLiveUntil(db: Db, sessionId: string, userId: string, tenantId: string): Promise<number> {
  const [session] = await db.query<{ expires_at: string; tenant_found: number | null; status: number | null; expire_time: string | null }>(
    `SELECT s.expires_at, CASE WHEN t.id IS NULL THEN 0 ELSE 1 END AS tenant_found, t.status, to_char(t.expire_time, 'YYYY-MM-DD"T"HH24:MI:SS') AS expire_time
       FROM blade_auth_session s
       LEFT JOIN blade_tenant t ON t.tenant_id = s.tenant_id AND t.is_deleted = 0
      WHERE s.session_id = $1 AND s.user_id = $2 AND s.tenant_id = $3 AND s.revoked = 0`,
    [sessionId, /^\d{1,19}$/.test(userId) ? userId : '0', tenantId],
  );
  if (!session) return 0;
  const until = Number(session.expires_at);
  if (tenantId === ADMIN_TENANT) return until;
  if (Number(session.tenant_found) !== 1 || Number(session.status) !== 1) return 0;
  // Licence times are local wall-clock times, as the tenant screen writes them.
  return session.expire_time ? Math.min(until, new Date(session.expire_time).getTime()) : until;
}

/** Whether the session is live for this user (see sessionLiveUntil). */
export async function sessionLive(db: Db, sessionId: string, userId: string, tenantId: string): Promise<boolean> {
  return (await sessionLiveUntil(db, sessionId, userId, tenantId)) > Date.now();
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.query('UPDATE blade_auth_session SET revoked = 1 WHERE session_id = $1 AND revoked = 0', [sessionId]);
}

export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db.query('UPDATE blade_auth_session SET revoked = 1 WHERE user_id = $1 AND revoked = 0', [userId]);
}

/**
 * How many session answers a process keeps, least recently used forgotten first: one is a key of three ids and a
 * time (about 150 bytes), so 20 000 signed-in sessions take a few MB; past that a session is read again.
 */
const CACHE_CAPACITY = 20_000;

/**
 * The per-request revocation check, kept off the database: answers are cached in this process and dropped when
 * the revision counter in the database moves (every revocation moves it, by trigger, and so does every change of a
 * role's grants: `grant-reads.ts` keeps grants by it). Reading the counter is a
 * primary-key read, answered from PGlite's read cache while nothing was written, so several processes on one
 * PostgreSQL see a revocation on their next request.
 *
 * The requests that arrive in one turn of the event loop share one read of the counter, sent after the turn: each of
 * them arrived before it was sent, so it sees every revocation that ended before any of them arrived (a read sent
 * before a request arrived could not). On PostgreSQL each read is a round trip that wakes a database server process,
 * the costliest part of a list read under load.
 */
export function createSessionCheck(db: Db): SessionCheck & { cacheFigures(): CacheFigures[] } {
  let revision: string | undefined;
  /** Until when each session may be used (see sessionLiveUntil), as last read. */
  const live = new BoundedCache<string, number>('sessions', { maxEntries: CACHE_CAPACITY });
  /** The read of the counter the requests of this turn wait for, not sent yet. */
  let nextRead: Promise<string> | undefined;
  const readRevision = () =>
    (nextRead ??= new Promise<string>((resolve, reject) =>
      setImmediate(() => {
        // Requests from now on arrive after this read is sent: they wait for the next one.
        nextRead = undefined;
        db.cachedQuery<{ version: string }>('SELECT version FROM blade_auth_revision WHERE id = 1').then(
          ([row]) => resolve(row?.version ?? '0'),
          reject,
        );
      }),
    ));
  async function liveAt(sessionId: string, userId: string, tenantId: string): Promise<string | undefined> {
    const current = await readRevision();
    if (current !== revision) {
      live.clear();
      revision = current;
    }
    const key = `${sessionId}\u0000${userId}\u0000${tenantId}`;
    let until = live.get(key);
    if (until === undefined) {
      until = await sessionLiveUntil(db, sessionId, userId, tenantId);
      // A revocation that landed while we read would be missed by this entry: keep it only if nothing moved.
      if (revision === current) live.set(key, until);
    }
    return until > Date.now() ? current : undefined;
  }
  return {
    liveAt,
    isLive: async (sessionId, userId, tenantId) => (await liveAt(sessionId, userId, tenantId)) !== undefined,
    cacheFigures: () => [live.figures()],
  };
}
