import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/types';
import { createSessionCheck } from '../../server/users/sessions';

/**
 * The per-request session check reads the revocation counter once for the requests of one turn of the event loop,
 * and never answers a request from a read sent before the request arrived: a revocation that ended before then is
 * always seen. A database whose answers the test releases one by one stands in for the server's.
 */
interface Pending {
  sql: string;
  answer(rows: unknown[]): void;
}

function heldDatabase() {
  const pending: Pending[] = [];
  const query = (sql: string) => new Promise<unknown[]>((resolve) => pending.push({ sql, answer: resolve }));
  const db = { query, cachedQuery: query } as unknown as Db;
  const revisionReads = () => pending.filter((read) => read.sql.includes('blade_auth_revision'));
  return { db, pending, revisionReads };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const SESSION = ['session-1', '1123598821738675201', '000000'] as const;
const liveSession = [{ expires_at: String(Date.now() + 60_000), tenant_found: 1, status: 1, expire_time: null }];

describe('the session check', () => {
  it('reads the revocation counter once for the requests of one turn', async () => {
    const { db, pending, revisionReads } = heldDatabase();
    const check = createSessionCheck(db);
    const answers = Promise.all(Array.from({ length: 20 }, () => check.isLive(...SESSION)));
    await nextTurn();
    expect(revisionReads()).toHaveLength(1);
    revisionReads()[0].answer([{ version: '5' }]);
    await nextTurn();
    for (const read of pending.filter((candidate) => candidate.sql.includes('blade_auth_session'))) read.answer(liveSession);
    expect(await answers).toEqual(Array(20).fill(true));
  });

  it('answers a request that arrived after a read was sent from a read of its own, which sees the revocation', async () => {
    const { db, pending, revisionReads } = heldDatabase();
    const check = createSessionCheck(db);
    // Signed in and checked once: the session's answer is kept for revision 5.
    const first = check.isLive(...SESSION);
    await nextTurn();
    revisionReads()[0].answer([{ version: '5' }]);
    await nextTurn();
    pending.find((read) => read.sql.includes('blade_auth_session'))!.answer(liveSession);
    expect(await first).toBe(true);

    // A request's read is sent; the logout ends before it is answered, and another request arrives then.
    const before = check.isLive(...SESSION);
    await nextTurn();
    expect(revisionReads()).toHaveLength(2);
    const after = check.isLive(...SESSION);
    await nextTurn();
    expect(revisionReads()).toHaveLength(3);
    // The read sent before the logout saw the old counter; the one sent after sees the moved one.
    revisionReads()[1].answer([{ version: '5' }]);
    expect(await before).toBe(true);
    revisionReads()[2].answer([{ version: '6' }]);
    await nextTurn();
    const reread = pending.filter((read) => read.sql.includes('blade_auth_session'));
    expect(reread).toHaveLength(2);
    reread[1].answer([]);
    expect(await after).toBe(false);
  });
});
