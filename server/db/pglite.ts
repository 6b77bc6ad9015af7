import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { ReadCache } from './read-cache';
import { textParsers, type Db } from './types';

/** Wraps one PGlite transaction; nested `transaction` calls join it (PGlite has no savepoint API here). */
function onTransaction(tx: Transaction, cache: ReadCache): Db {
  const query = async <T>(sql: string, params: unknown[] = []) => {
    cache.noteStatement(sql);
    return (await tx.query<T>(sql, params)).rows;
  };
  const db: Db = {
    query,
    // Inside a transaction a read may see its own uncommitted writes: never cache it.
    cachedQuery: query,
    keepsReads: () => false,
    exec: async (sql) => {
      cache.noteWrite();
      await tx.exec(sql);
    },
    transaction: (fn) => fn(db),
    clearCache: () => cache.noteWrite(),
    close: async () => undefined,
  };
  return db;
}

const INIT_SCRIPT = fileURLToPath(new URL('./init-pglite.mjs', import.meta.url));

/**
 * Memory settings: PGlite's default 128 MB of shared buffers would alone take a third of the server's memory
 * budget (design.md §7); 32 MB holds the hot pages of a 100 000-row table.
 */
const POSTGRESQL_CONF = ['shared_buffers=32MB', 'wal_buffers=1MB'];

/** Runs initdb in a child process when the directory holds no database yet. */
async function ensureInitialized(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await promisify(execFile)(process.execPath, [INIT_SCRIPT, dataDir]);
}

/** Embedded PostgreSQL kept in `dataDir` (one instance per process: PGlite is memory-hungry). */
export async function openPglite(dataDir: string): Promise<Db> {
  await ensureInitialized(dataDir);
  const pglite = await PGlite.create({ dataDir, parsers: textParsers, postgresqlconf: POSTGRESQL_CONF });
  const cache = new ReadCache();
  const query = async <T>(sql: string, params: unknown[] = []) => {
    cache.noteStatement(sql);
    try {
      return (await pglite.query<T>(sql, params)).rows;
    } finally {
      cache.noteStatement(sql);
    }
  };
  return {
    query,
    cachedQuery: (sql, params = []) => cache.read(sql, params, () => query(sql, params)),
    keepsReads: () => true,
    exec: async (sql) => {
      cache.noteWrite();
      try {
        await pglite.exec(sql);
      } finally {
        cache.noteWrite();
      }
    },
    transaction: async (fn) => {
      try {
        return await pglite.transaction((tx) => fn(onTransaction(tx, cache)));
      } finally {
        // Commit (or rollback) changes what readers see.
        cache.noteWrite();
      }
    },
    clearCache: () => cache.noteWrite(),
    close: () => pglite.close(),
  };
}
