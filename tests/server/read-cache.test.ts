import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/db/read-cache';

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
