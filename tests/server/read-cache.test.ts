import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramSchema } from '../../resources/param/schema';
import { ReadCache } from '../../server/db/read-cache';
import { catalogOf, type CatalogRow } from '../../server/db/sql-tables';
import type { Db } from '../../server/db/types';
import { migratedDatabase } from './data-dir';

/** A fake table read: counts how often the database is really asked. */
function source() {
  let value = 1;
  let reads = 0;
  return {
    set: (next: number) => (value = next),
    reads: () => reads,
    run: async () => {
      reads++;
      return [{ value }];
    },
  };
}

describe('ReadCache', () => {
  it('serves a repeated read from memory until a write', async () => {
    const cache = new ReadCache();
    const table = source();
    expect(await cache.read('SELECT v', [1], table.run)).toEqual([{ value: 1 }]);
    expect(await cache.read('SELECT v', [1], table.run)).toEqual([{ value: 1 }]);
    expect(table.reads()).toBe(1);

    table.set(2);
    cache.noteStatement('UPDATE t SET v = 2');
    expect(await cache.read('SELECT v', [1], table.run)).toEqual([{ value: 2 }]);
    expect(table.reads()).toBe(2);
  });

  it('keys entries by SQL and parameters', async () => {
    const cache = new ReadCache();
    const table = source();
    await cache.read('SELECT v', [1], table.run);
    await cache.read('SELECT v', [2], table.run);
    await cache.read('SELECT w', [1], table.run);
    expect(table.reads()).toBe(3);
  });

  it('treats SELECTs as reads and everything else as writes', async () => {
    const cache = new ReadCache();
    const table = source();
    await cache.read('SELECT v', [], table.run);
    cache.noteStatement('  select 1');
    await cache.read('SELECT v', [], table.run);
    expect(table.reads()).toBe(1);
    for (const write of ['INSERT INTO t VALUES (1)', 'WITH gone AS (DELETE FROM t RETURNING 1) SELECT 1', 'delete from t']) {
      cache.noteStatement(write);
      await cache.read('SELECT v', [], table.run);
    }
    expect(table.reads()).toBe(4);
  });

  it('never serves a result read while a write was running', async () => {
    const cache = new ReadCache();
    const table = source();
    await cache.read('SELECT v', [], async () => {
      const rows = await table.run();
      cache.noteWrite();
      return rows;
    });
    await cache.read('SELECT v', [], table.run);
    expect(table.reads()).toBe(2);
  });

  it('forgets the least recently used entries beyond its capacity', async () => {
    const cache = new ReadCache(2);
    const table = source();
    await cache.read('a', [], table.run);
    await cache.read('b', [], table.run);
    await cache.read('a', [], table.run);
    await cache.read('c', [], table.run);
    expect(table.reads()).toBe(3);
    await cache.read('a', [], table.run);
    expect(table.reads()).toBe(3);
    await cache.read('b', [], table.run);
    expect(table.reads()).toBe(4);
  });

  it('keeps its reads within a byte bound, least recently used forgotten first, and reports its figures', async () => {
    const cache = new ReadCache(500, 30_000);
    const wide = (text: string) => async () => [{ text: text.repeat(10_000) }];
    await cache.read('a', [], wide('a'));
    await cache.read('b', [], wide('b'));
    await cache.read('a', [], wide('a'));
    await cache.read('c', [], wide('c'));
    const [reads] = cache.figures();
    expect(reads).toMatchObject({ name: 'readCache', entries: 2, maxEntries: 500, maxBytes: 30_000, hits: 1, misses: 3 });
    expect(reads.bytes).toBeGreaterThan(20_000);
    expect(reads.bytes).toBeLessThanOrEqual(30_000);
    const table = source();
    await cache.read('a', [], table.run);
    await cache.read('b', [], table.run);
    expect(table.reads()).toBe(1);
  });

  it('does not keep a read larger than its byte bound', async () => {
    const cache = new ReadCache(500, 5_000);
    let reads = 0;
    const huge = async () => {
      reads++;
      return [{ text: 'x'.repeat(10_000) }];
    };
    await cache.read('big', [], huge);
    await cache.read('big', [], huge);
    expect(reads).toBe(2);
    expect(cache.figures()[0]).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('gives the memory of every entry back when everything is written', async () => {
    const cache = new ReadCache();
    const table = source();
    await cache.read('a', [], table.run);
    cache.noteWrite();
    expect(cache.figures()[0]).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('lets identical reads that arrive together share one statement, but not across a write', async () => {
    const cache = new ReadCache();
    const table = source();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowRun = async () => {
      await gate;
      return table.run();
    };
    const first = cache.read('SELECT v', [], slowRun);
    const second = cache.read('SELECT v', [], slowRun);
    cache.noteStatement('UPDATE t SET v = 2');
    table.set(2);
    const afterWrite = cache.read('SELECT v', [], slowRun);
    release();
    const [firstRows, secondRows, afterWriteRows] = await Promise.all([first, second, afterWrite]);
    expect(secondRows).toBe(firstRows);
    expect(afterWriteRows).not.toBe(firstRows);
    expect(table.reads()).toBe(2);
  });

  it('does not keep a failed shared read', async () => {
    const cache = new ReadCache();
    const table = source();
    const failing = async () => {
      await Promise.resolve();
      throw new Error('connection lost');
    };
    const answers = await Promise.allSettled([cache.read('SELECT v', [], failing), cache.read('SELECT v', [], failing)]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect(await cache.read('SELECT v', [], table.run)).toEqual([{ value: 1 }]);
  });
});

/** Tables a, b, counted (written by a's trigger) and a view over b. */
function catalogued(): ReadCache {
  const cache = new ReadCache();
  const rows: CatalogRow[] = [
    ...['a', 'b', 'counted', 'child'].map((name) => ({ kind: 'table', name, detail: null })),
    { kind: 'opaque', name: 'b_view', detail: null },
    { kind: 'trigger', name: 'a', detail: 'BEGIN INSERT INTO counted (n) VALUES (1) ON CONFLICT (n) DO UPDATE SET n = counted.n + 1; RETURN NULL; END' },
    { kind: 'cascade', name: 'b', detail: 'child' },
  ];
  cache.useCatalog(catalogOf(rows), cache.catalogRequested());
  return cache;
}

describe('ReadCache per table', () => {
  it('keeps reads of other tables across a write and drops the reads of the table written', async () => {
    const cache = catalogued();
    const a = source();
    const b = source();
    await cache.read('SELECT v FROM a WHERE id = $1', [1], a.run);
    await cache.read('SELECT v FROM b', [], b.run);
    cache.noteStatement('UPDATE a SET v = 2 WHERE id = $1');
    await cache.read('SELECT v FROM b', [], b.run);
    expect(b.reads()).toBe(1);
    await cache.read('SELECT v FROM a WHERE id = $1', [1], a.run);
    expect(a.reads()).toBe(2);
    cache.noteStatement('delete from public."b" where id = $1');
    await cache.read('SELECT v FROM b', [], b.run);
    expect(b.reads()).toBe(2);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 4 });
  });

  it("counts what a table's triggers and cascading keys write as written with it", async () => {
    const cache = catalogued();
    const counted = source();
    const child = source();
    await cache.read('SELECT n FROM counted', [], counted.run);
    await cache.read('SELECT v FROM child JOIN b ON b.id = child.b_id', [], child.run);
    cache.noteStatement("INSERT INTO a (v) VALUES ('INSERT INTO b')");
    await cache.read('SELECT n FROM counted', [], counted.run);
    await cache.read('SELECT v FROM child JOIN b ON b.id = child.b_id', [], child.run);
    expect([counted.reads(), child.reads()]).toEqual([2, 1]);
    cache.noteStatement('WITH gone AS (DELETE FROM b RETURNING id) SELECT count(*) FROM gone');
    await cache.read('SELECT v FROM child JOIN b ON b.id = child.b_id', [], child.run);
    expect(child.reads()).toBe(2);
  });

  it('drops every read after a statement whose tables it cannot tell, and reads through a view on any write', async () => {
    const cache = catalogued();
    const b = source();
    const view = source();
    await cache.read('SELECT v FROM b', [], b.run);
    await cache.read('SELECT v FROM b_view', [], view.run);
    cache.noteStatement('UPDATE a SET v = 1');
    await cache.read('SELECT v FROM b_view', [], view.run);
    expect(view.reads()).toBe(2);
    for (const unknown of ['INSERT INTO elsewhere VALUES (1)', 'TRUNCATE b', 'SET search_path = x']) {
      cache.noteStatement(unknown);
      await cache.read('SELECT v FROM b', [], b.run);
    }
    expect(b.reads()).toBe(4);
    cache.noteStatement('ALTER TABLE a ADD COLUMN w integer');
    expect(cache.needsCatalog()).toBe(true);
    await cache.read('SELECT v FROM b', [], b.run);
    cache.noteStatement('UPDATE a SET v = 1');
    await cache.read('SELECT v FROM b', [], b.run);
    expect(b.reads(), 'without a current catalog a write counts as writing everything').toBe(6);
  });
});

describe('the embedded database keeps reads per table', () => {
  let database: Awaited<ReturnType<typeof migratedDatabase>>;
  let db: Db;
  const TENANT = '535353';

  beforeAll(async () => {
    database = await migratedDatabase('read-cache-', [paramSchema]);
    db = database.db;
  }, 60_000);

  afterAll(() => database?.close());

  const readParams = () => db.cachedQuery('SELECT id, param_value FROM blade_param WHERE tenant_id = $1 ORDER BY id', [TENANT]);
  const readCount = () => db.cachedQuery('SELECT live_rows FROM blade_row_count WHERE table_name = $1 AND tenant_id = $2', ['blade_param', TENANT]);
  const readDicts = () => db.cachedQuery('SELECT id FROM blade_dict WHERE tenant_id = $1', [TENANT]);

  it('serves a read of one table across writes to another, and reads again after a write to it', async () => {
    const params = await readParams();
    const dicts = await readDicts();
    await db.query(`UPDATE blade_dict SET remark = 'x' WHERE tenant_id = $1`, [TENANT]);
    await db.transaction((tx) => tx.query(`UPDATE blade_user SET status = status WHERE tenant_id = $1`, [TENANT]));
    expect(await readParams(), 'cache hit: the very rows first read').toBe(params);
    expect(await readDicts()).not.toBe(dicts);

    await db.query(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, status, is_deleted)
       VALUES (7300000000000000001, $1, 'p', 'k', 'v', 1, 0)`,
      [TENANT],
    );
    const after = await readParams();
    expect(after).not.toBe(params);
    expect(after).toEqual([{ id: '7300000000000000001', param_value: 'v' }]);
  });

  it("drops a read of the live-row counts when a write to a counted table moves them through its trigger", async () => {
    expect(await readCount()).toEqual([{ live_rows: '1' }]);
    await db.transaction((tx) =>
      tx.query(
        `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, status, is_deleted)
         VALUES (7300000000000000002, $1, 'p2', 'k2', 'v', 1, 0)`,
        [TENANT],
      ),
    );
    expect(await readCount()).toEqual([{ live_rows: '2' }]);
  });

  it('reads the catalog again after a schema change: a new table is told apart from the others', async () => {
    await db.exec('CREATE TABLE read_cache_probe (id integer PRIMARY KEY, v integer)');
    await db.query('INSERT INTO read_cache_probe VALUES (1, 1)');
    const params = await readParams();
    const probe = await db.cachedQuery('SELECT v FROM read_cache_probe');
    await db.query('UPDATE read_cache_probe SET v = 2');
    expect(await readParams()).toBe(params);
    expect(await db.cachedQuery('SELECT v FROM read_cache_probe')).not.toBe(probe);
    expect(await db.cachedQuery('SELECT v FROM read_cache_probe')).toEqual([{ v: 2 }]);
  });
});
