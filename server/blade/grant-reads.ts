import { approximateBytes, BoundedCache, processWide } from '../bounded-cache';
import type { Db } from '../db/types';
import type { BladeUser } from './context';

/**
 * Reads of what roles may do (menus and buttons, data and API scopes), kept in this process at the revision of
 * sessions and grants the request's session check read (`BladeUser.authRevision`): every change of those tables moves
 * it, by trigger (migration 037), in whichever process or SQL session it is made, and the check reads it after the
 * request arrived. A kept read is served only at the revision it was read at. On PostgreSQL, where nothing else is
 * kept, they were three round trips of every request of a user who is not the administrator.
 */
const kept = processWide(
  new BoundedCache<string, { revision: string; rows: unknown[] }>('grantReads', {
    maxEntries: 2000,
    maxBytes: 8 * 1024 * 1024,
    sizeOf: (key, entry) => 64 + key.length + approximateBytes(entry.rows),
  }),
);

/** A number per database: servers on different databases in one process (tests) must not share what they read. */
const databaseNumbers = new WeakMap<Db, number>();
let databases = 0;
const numberOf = (db: Db) => {
  let number = databaseNumbers.get(db);
  if (number === undefined) databaseNumbers.set(db, (number = ++databases));
  return number;
};

/** `sql` with `params` as `db.cachedQuery` answers it, kept at the caller's revision where the request has one. */
export async function grantRead<T>(db: Db, user: BladeUser, sql: string, params: unknown[]): Promise<T[]> {
  const revision = user.authRevision;
  if (revision === undefined) return db.cachedQuery<T>(sql, params);
  const key = `${numberOf(db)}\u0000${sql}\u0000${JSON.stringify(params)}`;
  const hit = kept.get(key);
  if (hit?.revision === revision) return hit.rows as T[];
  // Read after the revision was: at least as new as it, so right to serve at it.
  const rows = await db.cachedQuery<T>(sql, params);
  kept.set(key, { revision, rows });
  return rows;
}
