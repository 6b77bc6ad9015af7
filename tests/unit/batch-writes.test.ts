import { describe, expect, it } from 'vitest';
import { batchesOf, BATCH_SIZE, multiRowInsert } from '../../server/blade/batch';

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('batchesOf', () => {
  it('hands on arrays of at most the size, in order, the last one short', async () => {
    expect(await collect(batchesOf([1, 2, 3, 4, 5], 2))).toEqual([[1, 2], [3, 4], [5]]);
    expect(await collect(batchesOf([], 2))).toEqual([]);
    expect((await collect(batchesOf(Array.from({ length: 1001 }, (_, index) => index)))).map((batch) => batch.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 1]);
  });

  it('hands a batch on before reading the next item of the source', async () => {
    const read: number[] = [];
    async function* source() {
      for (let item = 1; item <= 5; item += 1) {
        read.push(item);
        yield item;
      }
    }
    const seenWhenHanded: number[][] = [];
    for await (const batch of batchesOf(source(), 2)) seenWhenHanded.push([batch.length, read.length]);
    // The first batch is handed on once its second item is read, not after the whole source.
    expect(seenWhenHanded).toEqual([[2, 2], [2, 4], [1, 5]]);
  });
});

describe('multiRowInsert', () => {
  it('names every column any row has, binds each value and gives DEFAULT where a row has none', () => {
    const statement = multiRowInsert('blade_x', [
      new Map<string, unknown>([['id', '1'], ['code', 'a']]),
      new Map<string, unknown>([['id', '2'], ['size', 3]]),
    ]);
    expect(statement.sql).toBe('INSERT INTO blade_x (id, code, size) VALUES ($1, $2, DEFAULT), ($3, DEFAULT, $4)');
    expect(statement.values).toEqual(['1', 'a', '2', 3]);
  });

  it('binds null as a value (the row says "no value"), unlike an absent column', () => {
    const statement = multiRowInsert('blade_x', [new Map<string, unknown>([['id', '1'], ['code', null]])]);
    expect(statement.sql).toBe('INSERT INTO blade_x (id, code) VALUES ($1, $2)');
    expect(statement.values).toEqual(['1', null]);
  });

  it('refuses an empty batch', () => {
    expect(() => multiRowInsert('blade_x', [])).toThrow(/no rows/);
  });
});
