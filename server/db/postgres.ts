import pg from 'pg';
import { textParsers, type Db } from './types';

const types = {
  getTypeParser: (oid: number, format?: string) =>
    textParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text'),
};

/** A PostgreSQL server (`DATABASE_URL`) for running several instances on one database. */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, types, max: 10 });
  await pool.query('SELECT 1');

  function onClient(client: pg.PoolClient): Db {
    const query = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[];
    const tx: Db = {
      query,
      cachedQuery: query,
      keepsReads: () => false,
      exec: async (sql) => {
        await client.query(sql);
      },
      transaction: (inner) => inner(tx),
      clearCache: () => undefined,
      close: async () => undefined,
    };
    return tx;
  }

  const query = async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[];
  return {
    query,
    // Other instances write to this database too: nothing read can be kept.
    cachedQuery: query,
    keepsReads: () => false,
    exec: async (sql) => {
      await pool.query(sql);
    },
    // Nothing is cached (see cachedQuery).
    clearCache: () => undefined,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(onClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
