import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CacheFigures } from '../bounded-cache';
import { PgliteThread } from './pglite-thread';
import { ReadCache } from './read-cache';
import { CATALOG_SQL, catalogOf, type CatalogRow, type TableSet } from './sql-tables';
import type { Db, ThreadMemory } from './types';

/**
 * One transaction of the database thread; nested `transaction` calls join it (PGlite has no savepoint API here).
 * `written` collects the tables its statements changed, invalidated again when it ends.
 */
function onTransaction(thread: PgliteThread, tx: number, cache: ReadCache, written: TableSet[]): Db {
  const query = async <T>(sql: string, params: unknown[] = []) => {
    const tables = cache.noteStatement(sql);
    if (tables) written.push(tables);
    return thread.call<T[]>({ op: 'query', sql, params, tx });
  };
  const db: Db = {
    query,
    // Inside a transaction a read may see its own uncommitted writes: never cache it.
    cachedQuery: query,
    keepsReads: () => false,
    exec: async (sql) => {
      cache.noteSchemaChange();
      written.push('all');
      await thread.call({ op: 'exec', sql, tx });
    },
    transaction: (fn) => fn(db),
    clearCache: () => cache.noteWrite(),
    close: async () => undefined,
  };
  return db;
}

const INIT_SCRIPT = fileURLToPath(new URL('./init-pglite.mjs', import.meta.url));

/** Runs initdb in a child process when the directory holds no database yet. */
async function ensureInitialized(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await promisify(execFile)(process.execPath, [INIT_SCRIPT, dataDir]);
}

/**
 * Embedded PostgreSQL kept in `dataDir`, run in a thread of its own (one instance per process: PGlite is
 * memory-hungry). `cache` keeps its repeatable reads here, in the server's thread (given by a test that watches what
 * is read again).
 */
export async function openPglite(dataDir: string, cache = new ReadCache()): Promise<Db> {
  await ensureInitialized(dataDir);
  const thread = await PgliteThread.start(dataDir);
  // Which tables exist and what their triggers write, read again after a schema change when a read is to be kept
  // (not before every statement: a start's migrations would read it after each one). Until then writes count as
  // writing every table.
  let catalogRead: Promise<void> | undefined;
  const readCatalog = () =>
    (catalogRead ??= (async () => {
      const version = cache.catalogRequested();
      const rows = await thread.call<CatalogRow[]>({ op: 'query', sql: CATALOG_SQL, params: [] });
      cache.useCatalog(catalogOf(rows), version);
    })().finally(() => (catalogRead = undefined)));
  const query = async <T>(sql: string, params: unknown[] = []) => {
    cache.noteStatement(sql);
    try {
      return await thread.call<T[]>({ op: 'query', sql, params });
    } finally {
      cache.noteStatement(sql);
    }
  };
  return {
    query,
    cachedQuery: async (sql, params = []) => {
      if (cache.needsCatalog()) await readCatalog();
      return cache.read(sql, params, () => query(sql, params));
    },
    keepsReads: () => true,
    // Several statements at once (migrations, DDL): counted as a schema change.
    exec: async (sql) => {
      cache.noteSchemaChange();
      try {
        await thread.call({ op: 'exec', sql });
      } finally {
        cache.noteSchemaChange();
      }
    },
    transaction: async (fn) => {
      const written: TableSet[] = [];
      const tx = await thread.call<number>({ op: 'begin' });
      try {
        let result: Awaited<ReturnType<typeof fn>>;
        try {
          result = await fn(onTransaction(thread, tx, cache, written));
        } catch (error) {
          // The caller's error is what it sees; a rollback that failed too has nothing to add to it.
          await thread.call({ op: 'end', tx, commit: false }).catch(() => undefined);
          throw error;
        }
        await thread.call({ op: 'end', tx, commit: true });
        return result;
      } finally {
        // Commit (or rollback) changes what readers see of the tables written.
        for (const tables of written) cache.noteWriteTo(tables);
      }
    },
    clearCache: () => cache.noteWrite(),
    cacheFigures: async () => [...cache.figures(), ...(await thread.call<CacheFigures[]>({ op: 'figures' }))],
    threadMemory: () => thread.call<ThreadMemory>({ op: 'memory' }),
    close: () => thread.close(),
  };
}
