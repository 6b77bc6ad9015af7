import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres';
import { freshPostgresDatabase } from './printed-product';

/**
 * The database server may end a connection the pool holds idle (a restart, an administrator's command): the pool
 * drops it and the next query gets a new one, and the process goes on (an unhandled pool error would end it).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections ended by the database server', () => {
  it('answers the next query after its idle connections were terminated', async () => {
    const database = await freshPostgresDatabase('blade_idle_connections');
    const db = await openPostgres(database!.url);
    const admin = new pg.Client({ connectionString: database!.url });
    await admin.connect();
    try {
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      // The pool hears of it on its idle connection; then the next query runs on a new one.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await db.query<{ two: number }>('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    } finally {
      await admin.end();
      await db.close();
      await database!.drop();
    }
  });
});
