import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite';
import { upkeepOf, upkeepPass, visibilityPass } from '../../server/db/pglite-upkeep';
import { until } from '../until';

/**
 * The embedded database has no autovacuum: the server analyses and vacuums its tables itself. Without statistics the
 * planner took a run's next case by walking every open case of every run (one row guessed everywhere).
 */

describe('upkeepOf: autovacuum’s default thresholds', () => {
  it('vacuums past 50 + 20 % dead rows or 1 000 + 20 % inserted, analyses past 50 + 10 % changed, leaves the rest', () => {
    expect(upkeepOf({ live: 1000, dead: 251, changed: 0, inserted: 0 })).toBe('vacuum');
    expect(upkeepOf({ live: 1000, dead: 250, changed: 151, inserted: 0 })).toBe('analyze');
    expect(upkeepOf({ live: 1000, dead: 250, changed: 150, inserted: 0 })).toBeUndefined();
    expect(upkeepOf({ live: 0, dead: 0, changed: 51, inserted: 51 })).toBe('analyze');
    expect(upkeepOf({ live: 10_000, dead: 0, changed: 3001, inserted: 3001 })).toBe('vacuum');
    expect(upkeepOf({ live: 10_000, dead: 0, changed: 3000, inserted: 3000 })).toBe('analyze');
  });
});

describe('a pass over PGlite', () => {
  let dir: string;
  let pglite: PGlite;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blade-upkeep-'));
    pglite = await PGlite.create({ dataDir: dir });
  });

  afterAll(async () => {
    await pglite?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives a grown table statistics, marks a filled one visible and reclaims the dead rows of an updated one, then has nothing to do', async () => {
    await pglite.exec(
      'CREATE TABLE grown (id int PRIMARY KEY, v int); CREATE TABLE filled (id int PRIMARY KEY, v int); CREATE TABLE churned (id int PRIMARY KEY, v int)',
    );
    await pglite.query('INSERT INTO grown SELECT n, n FROM generate_series(1, 500) n');
    await pglite.query('INSERT INTO filled SELECT n, n FROM generate_series(1, 5000) n');
    await pglite.query('INSERT INTO churned SELECT n, n FROM generate_series(1, 1000) n');
    await pglite.query('VACUUM (ANALYZE) churned');
    await pglite.query('UPDATE churned SET v = v + 1 WHERE id <= 600');
    const done = await upkeepPass(pglite);
    expect(done).toEqual(
      expect.arrayContaining([
        { table: 'grown', upkeep: 'analyze' },
        { table: 'filled', upkeep: 'vacuum' },
        { table: 'churned', upkeep: 'vacuum' },
      ]),
    );
    const { rows } = await pglite.query<{ relname: string; reltuples: number; visible: boolean }>(
      `SELECT relname, reltuples, relallvisible = relpages AS visible FROM pg_class WHERE relname IN ('grown', 'filled', 'churned') ORDER BY relname`,
    );
    // Only a vacuum sets the visibility map: the filled table's keys can then be read from its index alone.
    expect(rows).toEqual([
      { relname: 'churned', reltuples: 1000, visible: true },
      { relname: 'filled', reltuples: 5000, visible: true },
      { relname: 'grown', reltuples: 500, visible: false },
    ]);
    await pglite.query('SELECT pg_stat_force_next_flush()');
    await pglite.query('SELECT 1');
    const dead = await pglite.query<{ n_dead_tup: string }>(`SELECT n_dead_tup FROM pg_stat_user_tables WHERE relname = 'churned'`);
    expect(Number(dead.rows[0].n_dead_tup)).toBe(0);
    expect(await upkeepPass(pglite)).toEqual([]);
  });

  it('vacuums lightly a table that took rows since its last vacuum, which marks their pages visible', async () => {
    await pglite.query('INSERT INTO filled SELECT n, n FROM generate_series(5001, 5100) n');
    await pglite.query('INSERT INTO churned SELECT n, n FROM generate_series(1001, 1010) n');
    // How many rows an index-only walk over the new keys had to fetch from the table.
    const heapFetches = async () => {
      await pglite.exec('SET enable_seqscan = off; SET enable_bitmapscan = off');
      const { rows } = await pglite.query<{ 'QUERY PLAN': [{ Plan: { 'Node Type': string; 'Heap Fetches': number } }] }>(
        'EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM filled WHERE id > 5000',
      );
      await pglite.exec('RESET enable_seqscan; RESET enable_bitmapscan');
      const { Plan: plan } = rows[0]['QUERY PLAN'][0];
      expect(plan['Node Type']).toBe('Index Only Scan');
      return plan['Heap Fetches'];
    };
    expect(await heapFetches()).toBe(100);
    // The grown table was only analysed so far; the churned one took ten rows, too few to be worth a vacuum.
    expect((await visibilityPass(pglite)).sort()).toEqual(['filled', 'grown']);
    expect(await heapFetches()).toBe(0);
    expect(await visibilityPass(pglite)).toEqual([]);
  });
});

describe('the embedded database as the server opens it', () => {
  it('analyses its tables by itself soon after it opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'blade-upkeep-open-'));
    const db = await openPglite(dir);
    try {
      await db.exec('CREATE TABLE listed (id int PRIMARY KEY, v int)');
      await db.query('INSERT INTO listed SELECT n, n FROM generate_series(1, 3000) n');
      await until('the first pass to analyse the new table', async () => {
        const [row] = await db.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE relname = 'listed'`);
        return Number(row.reltuples) === 3000;
      });
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
