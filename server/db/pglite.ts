import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mayChangeSchema, PreparedStatements } from './pglite-statements';
import { keepUpTables } from './pglite-upkeep';
import { ReadCache } from './read-cache';
import { CATALOG_SQL, catalogOf, type CatalogRow, type TableSet } from './sql-tables';
import { textParsers, type Db } from './types';

/**
 * Wraps one PGlite transaction; nested `transaction` calls join it (PGlite has no savepoint API here). `written`
 * collects the tables its statements changed, invalidated again when it ends; `changes.schema` tells that it ran DDL,
 * whose rollback would outdate the statements prepared after it.
 */
function onTransaction(tx: Transaction, cache: ReadCache, statements: PreparedStatements, written: TableSet[], changes: { schema: boolean }): Db {
  const query = async <T>(sql: string, params: unknown[] = []) => {
    const tables = cache.noteStatement(sql);
    if (tables) written.push(tables);
    if (mayChangeSchema(sql)) changes.schema = true;
    return statements.queryInTransaction<T>(sql, params, () => tx.query<T>(sql, params));
  };
  const db: Db = {
    query,
    // Inside a transaction a read may see its own uncommitted writes: never cache it.
    cachedQuery: query,
    keepsReads: () => false,
    exec: async (sql) => {
      cache.noteSchemaChange();
      written.push('all');
      changes.schema = true;
      statements.forgetAll();
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

/**
 * Embedded PostgreSQL kept in `dataDir` (one instance per process: PGlite is memory-hungry). `cache` keeps its
 * repeatable reads (given by a test that watches what is read again).
 */
export async function openPglite(dataDir: string, cache = new ReadCache()): Promise<Db> {
  await ensureInitialized(dataDir);
  // pg_trgm: the trigram indexes of the search forms' substring filters (migration 031).
  const pglite = await PGlite.create({ dataDir, parsers: textParsers, postgresqlconf: POSTGRESQL_CONF, extensions: { pg_trgm } });
  const upkeep = keepUpTables(pglite);
  // Which tables exist and what their triggers write, read again after a schema change when a read is to be kept
  // (not before every statement: a start's migrations would read it after each one). Until then writes count as
  // writing every table.
  let catalogRead: Promise<void> | undefined;
  const readCatalog = () =>
    (catalogRead ??= (async () => {
      const version = cache.catalogRequested();
      const rows = (await pglite.query<CatalogRow>(CATALOG_SQL)).rows;
      cache.useCatalog(catalogOf(rows), version);
    })().finally(() => (catalogRead = undefined)));
  const statements = new PreparedStatements(pglite);
  const query = async <T>(sql: string, params: unknown[] = []) => {
    cache.noteStatement(sql);
    try {
      return await statements.query<T>(sql, params);
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
      statements.forgetAll();
      try {
        await pglite.exec(sql);
      } finally {
        cache.noteSchemaChange();
        statements.forgetAll();
      }
    },
    transaction: async (fn) => {
      const written: TableSet[] = [];
      const changes = { schema: false };
      try {
        return await pglite.transaction((tx) => fn(onTransaction(tx, cache, statements, written, changes)));
      } finally {
        // Commit (or rollback) changes what readers see of the tables written.
        for (const tables of written) cache.noteWriteTo(tables);
        // A rollback undoes DDL too: plans prepared after it would no longer match the schema.
        if (changes.schema) statements.forgetAll();
      }
    },
    clearCache: () => cache.noteWrite(),
    cacheFigures: () => [...cache.figures(), ...statements.figures()],
    close: async () => {
      await upkeep.stop();
      await pglite.close();
    },
  };
}
