import type { CacheFigures } from '../bounded-cache';

/** The one database seam of the server: PGlite (embedded) and PostgreSQL (pg) both implement it. */
export interface Db {
  /** One statement with bound parameters ($1, $2...). Values are never spliced into the SQL text. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * A read whose answer may be served from memory until a write through this Db to a table it reads (or a statement
   * whose tables are unknown, see `sql-tables.ts`). Only for SELECTs that depend on nothing but their parameters and
   * the data (no `now()`); callers must not mutate the rows.
   */
  cachedQuery<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Whether `cachedQuery` really keeps answers (every write goes through this process): only then may a costly read
   * (a deep list page's keyset anchors) be computed once and reused.
   */
  keepsReads(): boolean;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Messages to every process on this database (PostgreSQL NOTIFY, delivered after the sender's commit). Absent where
   * one process owns the database (PGlite): there the in-process wake-ups reach everyone.
   */
  notify?(channel: string, payload: string): Promise<void>;
  /** Calls `onMessage` with each payload `notify` sends on `channel`, from any process; answers how to stop. */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** Forgets every read kept by `cachedQuery` (`oauth/clear-cache`). */
  clearCache(): void;
  /** The sizes and limits of the database's in-process caches: kept reads (PGlite), prepared statements' texts. */
  cacheFigures?(): Promise<CacheFigures[]>;
  /** Where the database runs in a thread of its own (PGlite): that thread's heap and its memory outside it, in bytes. */
  threadMemory?(): Promise<ThreadMemory | undefined>;
  close(): Promise<void>;
}

export interface ThreadMemory {
  heapUsed: number;
  heapTotal: number;
  /** PGlite's WebAssembly memory is counted here: it can grow but never shrink. */
  external: number;
  arrayBuffers: number;
}

/** PostgreSQL type oids whose default JS parsing would lose information or shift time zones. */
export const PG_TYPE = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114 } as const;

/**
 * One parsing rule for both drivers: bigints stay strings (snowflake ids exceed 2^53), numerics become numbers,
 * dates and local timestamps are kept as the text PostgreSQL sends (`yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss`).
 */
export const textParsers: Record<number, (value: string) => unknown> = {
  [PG_TYPE.INT8]: (value) => value,
  [PG_TYPE.NUMERIC]: (value) => Number(value),
  [PG_TYPE.DATE]: (value) => value,
  [PG_TYPE.TIMESTAMP]: (value) => value.slice(0, 19),
};
