import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheFigures } from '../../server/bounded-cache';
import { openPglite } from '../../server/db/pglite';
import { PreparedStatements, STATEMENTS_KEPT } from '../../server/db/pglite-statements';
import { textParsers, type Db } from '../../server/db/types';
import { freshDataDir } from './data-dir';

const statementFigures = async (db: Db): Promise<CacheFigures> => (await db.cacheFigures!()).find((figure) => figure.name === 'pgliteStatements')!;

/** The error a call throws, with the fields the server reads (`store-write.ts` maps unique violations by them). */
async function failureOf(call: Promise<unknown>) {
  const error = (await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )) as { message: string; code?: string; constraint?: string; detail?: string; table?: string; query?: string } | undefined;
  if (!error) throw new Error('the statement succeeded');
  const { message, code, constraint, detail, table, query } = error;
  return { message, code, constraint, detail, table, query };
}

describe('prepared statements on PGlite', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = freshDataDir('blade-statements-');
    db = await openPglite(dir);
    await db.exec(`CREATE TABLE kept_row (
      id bigint PRIMARY KEY, name varchar(64) NOT NULL, amount numeric(12, 2), rank int, born timestamp, day date,
      doc jsonb, tags text[], flag boolean, CONSTRAINT kept_row_name_key UNIQUE (name))`);
  });

  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a repeated statement from one prepared statement, with the rows of the plain path', async () => {
    const insert = `INSERT INTO kept_row (id, name, amount, rank, born, day, doc, tags, flag)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`;
    const rows = [
      ['1900000000000000001', 'first', 12.5, 3, '2026-11-27 10:00:00', '2026-11-27', { a: 1, nested: ['x'] }, ['p', 'q'], true],
      ['1900000000000000002', '第二', null, null, null, null, null, null, null],
      ['1900000000000000003', 'third', '7', -1, '2026-01-02 03:04:05', '2026-01-02', [1, 2], [], false],
      ['1900000000000000004', "it's", 0, 0, '1999-12-31 23:59:59', '1999-12-31', '"text"', ['with, comma', 'and "quote"'], true],
      // PGlite's parser drops a leading byte-order mark from a text it reads: the prepared path must do the same.
      ['1900000000000000005', '\uFEFFmarked', null, null, null, null, null, ['\uFEFF'], null],
    ];
    const inserted = [];
    for (const values of rows) inserted.push(...(await db.query(insert, values)));
    expect(inserted[0]).toEqual({
      id: '1900000000000000001', name: 'first', amount: 12.5, rank: 3, born: '2026-11-27 10:00:00', day: '2026-11-27',
      doc: { a: 1, nested: ['x'] }, tags: ['p', 'q'], flag: true,
    });
    expect(inserted[1]).toMatchObject({ name: '第二', amount: null, doc: null, tags: null, flag: null });
    expect(inserted[3]).toMatchObject({ name: "it's", doc: 'text', tags: ['with, comma', 'and "quote"'] });

    const select = 'SELECT * FROM kept_row WHERE id = $1 OR name = ANY($2) OR ($3::jsonb IS NOT NULL AND doc @> $3) ORDER BY id';
    const cases: unknown[][] = [
      ['1900000000000000001', [], null],
      ['0', ['第二', "it's"], null],
      ['0', [], { a: 1 }],
      [1900000000000000003n, ['nobody'], null],
      ['0', ['\uFEFFmarked'], null],
    ];
    const before = await statementFigures(db);
    // The first sight of a text runs PGlite's plain path; the second and third reuse the prepared statement.
    const answers = [];
    for (let round = 0; round < 3; round++) answers.push(await Promise.all(cases.map((values) => db.query(select, values))));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0].map((found) => found.map((row) => row.name))).toEqual([['first'], ['第二', "it's"], ['first'], ['third'], ['marked']]);

    // An answer larger than one chunk of PGlite's output.
    const long = "SELECT n, repeat('é', n % 300) AS pad FROM generate_series(1, $1::int) AS n";
    const longAnswers = [];
    for (let round = 0; round < 3; round++) longAnswers.push(await db.query(long, [5000]));
    expect(longAnswers[0]).toHaveLength(5000);
    expect(longAnswers[1]).toEqual(longAnswers[0]);
    expect(longAnswers[2]).toEqual(longAnswers[0]);

    const after = await statementFigures(db);
    // Bypassing the prepared statements (PGlite's `query` each time) would leave these unmoved.
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(2 * cases.length);
    expect(after.entries).toBeGreaterThan(0);
    expect(after.maxEntries).toBe(STATEMENTS_KEPT);
    const [prepared] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE NOT from_sql');
    expect(prepared.n).toBe(after.entries);
  });

  it('sees the schema a DDL statement left, through exec, query or a transaction rolled back', async () => {
    const all = 'SELECT * FROM kept_row ORDER BY id LIMIT 1';
    await db.query(all);
    expect(Object.keys((await db.query(all))[0])).not.toContain('note');

    await db.exec("ALTER TABLE kept_row ADD COLUMN note text DEFAULT 'n'");
    expect((await db.query(all))[0]).toMatchObject({ note: 'n' });
    expect((await db.query(all))[0]).toMatchObject({ note: 'n' });

    await db.query('ALTER TABLE kept_row DROP COLUMN note');
    expect(Object.keys((await db.query(all))[0])).not.toContain('note');

    await expect(
      db.transaction(async (tx) => {
        await tx.exec('ALTER TABLE kept_row ADD COLUMN extra int DEFAULT 5');
        expect((await tx.query(all))[0]).toMatchObject({ extra: 5 });
        expect((await tx.query(all))[0]).toMatchObject({ extra: 5 });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(Object.keys((await db.query(all))[0])).not.toContain('extra');
    expect(Object.keys((await db.query(all))[0])).not.toContain('extra');
  });

  it('throws the errors of the plain path, and a failed statement still rolls its transaction back', async () => {
    const insert = 'INSERT INTO kept_row (id, name) VALUES ($1, $2)';
    const plain = await failureOf(db.query(`${insert} -- once`, ['1900000000000000009', 'first']));
    const prepared = [];
    for (let round = 0; round < 3; round++) prepared.push(await failureOf(db.query(insert, ['1900000000000000009', 'first'])));
    for (const failure of prepared) expect({ ...failure, query: failure.query?.replace(' -- once', '') }).toEqual({ ...plain, query: insert });
    expect(plain).toMatchObject({ code: '23505', constraint: 'kept_row_name_key', table: 'kept_row', detail: 'Key (name)=(first) already exists.' });

    const bad = 'SELECT nothing FROM kept_row WHERE id = $1';
    for (let round = 0; round < 3; round++) expect(await failureOf(db.query(bad, ['1']))).toMatchObject({ code: '42703', query: bad });

    const count = 'SELECT count(*)::int AS n FROM kept_row';
    const [{ n: rowsBefore }] = await db.query<{ n: number }>(count);
    for (let round = 0; round < 2; round++) {
      const failure = await failureOf(
        db.transaction(async (tx) => {
          await tx.query(insert, [`190000000000000010${round}`, `kept in transaction ${round}`]);
          await tx.query(insert, ['1900000000000000001', 'first']);
        }),
      );
      expect(failure).toMatchObject({ code: '23505', constraint: 'kept_row_pkey' });
    }
    expect((await db.query<{ n: number }>(count))[0].n).toBe(rowsBefore);
    // The connection is usable again, prepared statements included.
    await db.transaction(async (tx) => tx.query(insert, ['1900000000000000200', 'kept after failures']));
    expect((await db.query<{ n: number }>(count))[0].n).toBe(rowsBefore + 1);
  });
});

describe('PreparedStatements', () => {
  let dir: string;
  let pglite: PGlite;

  beforeAll(async () => {
    dir = freshDataDir('blade-statements-bound-');
    pglite = await PGlite.create({ dataDir: dir, parsers: textParsers });
  });

  afterAll(async () => {
    await pglite?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const preparedInPglite = async () =>
    (await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE NOT from_sql')).rows[0].n;

  it('keeps a bounded number of statements and closes those it drops or forgets', async () => {
    const statements = new PreparedStatements(pglite, 3);
    for (let text = 0; text < 10; text++) {
      for (let round = 0; round < 3; round++) {
        expect(await statements.query(`SELECT $1::int + ${text} AS n`, [round])).toEqual([{ n: round + text }]);
      }
    }
    const [figures] = statements.figures();
    expect(figures).toMatchObject({ name: 'pgliteStatements', entries: 3, maxEntries: 3, evictions: 7, hits: 10 });
    // Statements pushed out by the bound are closed in PGlite at once.
    expect(await preparedInPglite()).toBe(3);

    // DDL forgets them all; they are closed under the next prepared statement's lock, which leaves only that one.
    await statements.query('CREATE TABLE later (id int)', []);
    expect(statements.figures()[0].entries).toBe(0);
    for (let round = 0; round < 2; round++) expect(await statements.query('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
    expect(await preparedInPglite()).toBe(1);
  });
});
