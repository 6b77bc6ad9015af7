import { describe, expect, it } from 'vitest';
import { approximateBytes, BoundedCache } from '../../server/bounded-cache';

const sized = (maxEntries: number, maxBytes?: number) =>
  new BoundedCache<string, string>('test', { maxEntries, maxBytes, sizeOf: maxBytes === undefined ? undefined : (_key, value) => value.length });

describe('BoundedCache', () => {
  it('forgets the least recently used entry past its entry bound', () => {
    const cache = sized(2);
    cache.set('a', '1');
    cache.set('b', '2');
    expect(cache.get('a')).toBe('1');
    cache.set('c', '3');
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('1');
    expect(cache.peek('c')).toBe('3');
    expect(cache.figures()).toMatchObject({ entries: 2, maxEntries: 2, evictions: 1 });
  });

  it('keeps an entry set while every older one was read since, and forgets the one read longest ago', () => {
    const cache = sized(3);
    for (const key of ['a', 'b', 'c']) cache.set(key, key);
    for (const key of ['a', 'b', 'c']) cache.get(key);
    cache.set('d', 'd');
    expect(['a', 'b', 'c', 'd'].map((key) => cache.peek(key))).toEqual([undefined, 'b', 'c', 'd']);
    // b, c and d all count as unread now: a read of c keeps it past the next two entries.
    cache.get('c');
    cache.set('e', 'e');
    cache.set('f', 'f');
    expect(['b', 'c', 'd', 'e', 'f'].map((key) => cache.peek(key))).toEqual([undefined, 'c', undefined, 'e', 'f']);
    expect(cache.figures()).toMatchObject({ entries: 3, evictions: 3 });
  });

  it('forgets least recently used entries until its bytes are within the bound', () => {
    const cache = sized(100, 10);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    cache.get('a');
    cache.set('c', 'xxxxxx');
    // b (least recently used) goes first; a and c make 10 bytes.
    expect([cache.peek('a'), cache.peek('b'), cache.peek('c')]).toEqual(['xxxx', undefined, 'xxxxxx']);
    expect(cache.figures()).toMatchObject({ entries: 2, bytes: 10, maxBytes: 10 });
    cache.set('d', 'xxxxxxxxx');
    expect(cache.figures()).toMatchObject({ entries: 1, bytes: 9, evictions: 3 });
  });

  it('does not keep an entry larger than the byte bound, and keeps the others', () => {
    const cache = sized(100, 10);
    cache.set('a', 'xxx');
    cache.set('huge', 'x'.repeat(11));
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.peek('a')).toBe('xxx');
  });

  it('counts bytes of a replaced or deleted entry out', () => {
    const cache = sized(100, 100);
    cache.set('a', 'xxxx');
    cache.set('a', 'xx');
    expect(cache.figures()).toMatchObject({ entries: 1, bytes: 2 });
    cache.delete('a');
    expect(cache.figures()).toMatchObject({ entries: 0, bytes: 0 });
  });

  it('counts hits and misses of its look-ups', () => {
    const cache = sized(2);
    cache.set('a', '1');
    cache.get('a');
    cache.get('b');
    expect(cache.figures()).toMatchObject({ hits: 1, misses: 1 });
  });
});

describe('approximateBytes', () => {
  it('grows with the text and the number of rows', () => {
    const row = (text: string) => ({ id: '1', name: text, count: 3, meta: { tags: ['a'] } });
    expect(approximateBytes([row('x'.repeat(1000))])).toBeGreaterThan(approximateBytes([row('x')]) + 990);
    const oneRow = approximateBytes([row('abc')]);
    expect(approximateBytes([row('abc'), row('abc')])).toBeGreaterThan(1.9 * oneRow - 100);
  });
});
