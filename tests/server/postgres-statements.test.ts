import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../server/db/postgres';
import { StatementNames } from '../../server/db/postgres-statements';
import { freshPostgresDatabase } from './printed-product';

/**
 * On PostgreSQL a statement text the server runs a second time is named, so each connection parses and plans it once
 * (node-postgres sent every statement unnamed: parsed and planned at every run).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL statements named by their texts', () => {
  it('names a text run again, never a one-off, and answers the same rows named or not', async () => {
    const database = await freshPostgresDatabase('blade_statement_names');
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    const names = new StatementNames();
    const prepared = async () =>
      (await client.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows;
    try {
      const again = 'SELECT n, n * $1::int AS twice FROM generate_series(1, 3) AS n';
      const first = await names.run(client, again, [2], false);
      expect(await prepared(), 'seen once: not named').toEqual([]);
      const second = await names.run(client, again, [2], false);
      expect(second).toEqual(first);
      expect(first).toEqual([{ n: 1, twice: 2 }, { n: 2, twice: 4 }, { n: 3, twice: 6 }]);
      const [named] = await prepared();
      expect(named.statement).toBe(again);
      expect(named.name).toMatch(/^blade_0_[0-9a-f]{24}$/);
      expect(await names.run(client, again, [3], false)).toEqual([{ n: 1, twice: 3 }, { n: 2, twice: 6 }, { n: 3, twice: 9 }]);
      expect(await prepared(), 'prepared once').toHaveLength(1);
      await names.run(client, 'SELECT 1 AS once', [], false);
      expect((await prepared()).map((statement) => statement.statement)).toEqual([again]);
      expect(names.figures().find((figure) => figure.name === 'postgresStatements')).toMatchObject({ entries: 1, maxEntries: 200 });
    } finally {
      await client.end();
      await database!.drop();
    }
  });

  it('answers the new shape of a table another process changed after the statement was named', async () => {
    const database = await freshPostgresDatabase('blade_statement_shape');
    const db = await openPostgres(database!.url);
    const other = new pg.Client({ connectionString: database!.url });
    await other.connect();
    try {
      await db.query('CREATE TABLE shaped (id int PRIMARY KEY)');
      await db.query('INSERT INTO shaped VALUES (1)');
      for (let run = 0; run < 3; run++) expect(await db.query('SELECT * FROM shaped')).toEqual([{ id: 1 }]);
      // The pool's connection planned `SELECT *` for one column; the database server then refuses to run that plan.
      await other.query("ALTER TABLE shaped ADD COLUMN label text DEFAULT 'x'");
      for (let run = 0; run < 3; run++) expect(await db.query('SELECT * FROM shaped')).toEqual([{ id: 1, label: 'x' }]);
      // In a transaction the refusal has aborted it: the error reaches the caller, as any error would.
      await other.query('ALTER TABLE shaped DROP COLUMN label');
      await expect(db.transaction((tx) => tx.query('SELECT * FROM shaped'))).rejects.toMatchObject({ code: '0A000' });
      expect(await db.query('SELECT * FROM shaped')).toEqual([{ id: 1 }]);
    } finally {
      await other.end();
      await db.close();
      await database!.drop();
    }
  });
});
