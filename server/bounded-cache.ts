/** What the health endpoint reports of one in-process cache. */
export interface CacheFigures {
  name: string;
  entries: number;
  maxEntries: number;
  /** Estimated bytes held (see `approximateBytes`); absent where entries are of one small size. */
  bytes?: number;
  maxBytes?: number;
  hits: number;
  misses: number;
  evictions: number;
}

export interface CacheLimits<K, V> {
  maxEntries: number;
  /** With `sizeOf`: the estimated bytes kept at most; an entry larger than this alone is not kept. */
  maxBytes?: number;
  sizeOf?: (key: K, value: V) => number;
  /** Told of each entry pushed out by the bounds (not of `delete` or `clear`): to free what it holds elsewhere. */
  onEvict?: (key: K, value: V) => void;
}

/**
 * A map bounded in entries and (optionally) estimated bytes that forgets the least recently used entries first:
 * every in-process cache of the server is one, so memory taken under load is given back to the caches' bounds.
 * Recency is kept as a second chance (CLOCK): a look-up marks its entry used, and an eviction moves a used entry to
 * the back instead of forgetting it. A look-up is then one map read, not a delete and an insert of its key (a
 * statement's text, a token: hashed and compared in full at each).
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number; used: boolean }>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private evictions = 0;

  constructor(
    readonly name: string,
    private readonly limits: CacheLimits<K, V>,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked used (see the class); counts a hit or a miss. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    entry.used = true;
    return entry.value;
  }

  /** The value without counting or reordering. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const bytes = this.limits.sizeOf?.(key, value) ?? 0;
    if (this.limits.maxBytes !== undefined && bytes > this.limits.maxBytes) return;
    this.entries.set(key, { value, bytes, used: false });
    this.bytes += bytes;
    while (this.entries.size > this.limits.maxEntries || (this.limits.maxBytes !== undefined && this.bytes > this.limits.maxBytes)) {
      // A Map iterates in insertion order: the first entry is the one inserted or moved back longest ago.
      const [oldest, entry] = this.entries.entries().next().value as [K, { value: V; bytes: number; used: boolean }];
      // The entry being set is never the one to go (every older one may have been read since it was moved back).
      if (entry.used || (oldest === key && this.entries.size > 1)) {
        entry.used = false;
        this.entries.delete(oldest);
        this.entries.set(oldest, entry);
        continue;
      }
      this.delete(oldest);
      this.evictions++;
      this.limits.onEvict?.(oldest, entry.value);
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** The values, about least recently used first (the order evictions take), without counting or reordering. */
  *values(): IterableIterator<V> {
    for (const entry of this.entries.values()) yield entry.value;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  figures(): CacheFigures {
    const { maxEntries, maxBytes, sizeOf } = this.limits;
    const { name, hits, misses, evictions } = this;
    return { name, entries: this.entries.size, maxEntries, ...(sizeOf ? { bytes: this.bytes, maxBytes } : {}), hits, misses, evictions };
  }
}

/** Caches that live as long as the process (module-level ones), reported by the health endpoint. */
const processCaches: BoundedCache<unknown, unknown>[] = [];

/** Registers a module-level cache for the health endpoint; answers it. */
export function processWide<K, V>(cache: BoundedCache<K, V>): BoundedCache<K, V> {
  processCaches.push(cache as BoundedCache<unknown, unknown>);
  return cache;
}

export const processCacheFigures = (): CacheFigures[] => processCaches.map((cache) => cache.figures());

/** Per value a rough V8 cost: small enough to compute on every insert, close enough to bound memory. */
const OBJECT_OVERHEAD = 48;
const SLOT_BYTES = 16;

/**
 * Estimated heap bytes of a value read from the database (rows of strings, numbers, nested JSON): strings count their
 * length (one byte per Latin-1 character, two past it is not worth telling apart), objects their slots. Walks the
 * value once, as the driver did when it built it.
 */
export function approximateBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return 16 + value.length;
  if (value === null || typeof value !== 'object') return 8;
  // Past a few levels a database row is not nested further; a cycle would otherwise never end.
  if (depth > 8) return OBJECT_OVERHEAD;
  if (ArrayBuffer.isView(value)) return OBJECT_OVERHEAD + value.byteLength;
  let bytes = OBJECT_OVERHEAD;
  if (Array.isArray(value)) {
    for (const item of value) bytes += SLOT_BYTES + approximateBytes(item, depth + 1);
    return bytes;
  }
  // Property names are shared by the rows of one statement (one hidden class): only the slots count.
  for (const key in value) bytes += SLOT_BYTES + approximateBytes((value as Record<string, unknown>)[key], depth + 1);
  return bytes;
}
