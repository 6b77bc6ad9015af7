import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import type { Db } from '../../server/db/types';
import { freshDataDir } from './data-dir';

/**
 * The embedded database runs in a thread of its own: the server's thread goes on answering while a statement runs,
 * and what crosses between them (rows, errors, transactions) is what PGlite gave in the server's thread.
 */
describe('the embedded database in its own thread', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = freshDataDir('blade-thread-');
    db = await openPglite(dir);
    await db.exec(`CREATE TABLE thread_row (id int PRIMARY KEY, name text NOT NULL CONSTRAINT thread_row_name_key UNIQUE, born timestamptz, data bytea)`);
  });

  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the server thread free while a long statement runs', async () => {
    const order: string[] = [];
    const long = db.query('SELECT count(*) AS n FROM generate_series(1, 3000000)').then(([row]) => order.push(`statement ${row.n}`));
    // In the server's thread, the statement would have held up this timer until it ended.
    await new Promise((resolve) => setTimeout(resolve, 1));
    order.push('timer');
    await long;
    expect(order).toEqual(['timer', 'statement 3000000']);
  });

  it('carries values and rows of every kind across', async () => {
    const born = new Date('2026-11-28T06:00:00Z');
    const [row] = await db.query<{ id: number; name: string; born: Date; data: Uint8Array }>(
      'INSERT INTO thread_row (id, name, born, data) VALUES ($1, $2, $3, $4) RETURNING *',
      [1, '第一', born, new Uint8Array([0, 1, 255])],
    );
    expect(row.id).toBe(1);
    expect(row.name).toBe('第一');
    expect(row.born).toBeInstanceOf(Date);
    expect(row.born.getTime()).toBe(born.getTime());
    expect([...row.data]).toEqual([0, 1, 255]);
    expect(await db.query('SELECT $1::bigint AS big', [1900000000000000003n])).toEqual([{ big: '1900000000000000003' }]);
  });

  it('throws PostgreSQL’s error with the fields the server reads, and a value that cannot cross as an error', async () => {
    const error = await db.query('INSERT INTO thread_row (id, name) VALUES (2, $1)', ['第一']).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'thread_row_name_key', table: 'thread_row' });
    expect((error as Error).message).toMatch(/duplicate key/);
    await expect(db.query('SELECT $1::text', [() => 'a function'])).rejects.toThrow();
    // The database goes on answering after both.
    expect(await db.query('SELECT count(*)::int AS n FROM thread_row')).toEqual([{ n: 1 }]);
  });

  it('commits a transaction that resolves, rolls back one that throws, and holds other statements until it ends', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO thread_row (id, name) VALUES (10, 'rolled back')`);
        throw new Error('the caller’s own failure');
      }),
    ).rejects.toThrow('the caller’s own failure');
    expect(await db.query(`SELECT id FROM thread_row WHERE id = 10`)).toEqual([]);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const writing = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO thread_row (id, name) VALUES (11, 'committed')`);
      await released;
      return 'done';
    });
    // A statement outside waits for the open transaction, then sees its row.
    const outside = db.query<{ id: number }>(`SELECT id FROM thread_row WHERE id = 11`);
    release();
    expect(await writing).toBe('done');
    expect(await outside).toEqual([{ id: 11 }]);
  });
});
