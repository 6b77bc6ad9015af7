import { PGlite, type Transaction } from '@electric-sql/pglite';
import { textParsers, type Db } from './types';

/** Wraps one PGlite transaction; nested `transaction` calls join it (PGlite has no savepoint API here). */
function onTransaction(tx: Transaction): Db {
  const db: Db = {
    query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await tx.exec(sql);
    },
    transaction: (fn) => fn(db),
    close: async () => undefined,
  };
  return db;
}

/** Embedded PostgreSQL kept in `dataDir` (one instance per process: PGlite is memory-hungry). */
export async function openPglite(dataDir: string): Promise<Db> {
  const pglite = await PGlite.create({ dataDir, parsers: textParsers });
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await pglite.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await pglite.exec(sql);
    },
    transaction: (fn) => pglite.transaction((tx) => fn(onTransaction(tx))),
    close: () => pglite.close(),
  };
}
