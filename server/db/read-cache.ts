import { approximateBytes, BoundedCache, type CacheFigures } from '../bounded-cache';
import { statementEffect, type TableCatalog, type TableSet } from './sql-tables';

interface Entry {
  /** The clock when the read began: served while no table it read was written after. */
  readAt: number;
  tables: TableSet;
  rows: unknown[];
}

/** Statements classified so far, by their text (a server runs a bounded set of texts, a few hundred). */
const EFFECTS_KEPT = 5000;
/** Statement texts are a few hundred bytes; an odd long one (a generated IN list) must not pin megabytes. */
const EFFECTS_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Read results kept at most, by estimate: 500 list pages of 20 rows take a few MB, so this only bites when large
 * reads (an import's reference check, a long tree) would otherwise hold memory the process never gives back
 * (design.md §7: idle ≤ 400 MB, back within 10 % of idle after load).
 */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Results of repeatable reads, valid until a write to a table they read. Sound only where every write goes through
 * this process (PGlite owns its data dir). Each statement is classified from its text and the catalog
 * (`sql-tables.ts`): a write moves the clock of the tables it changes (its triggers' targets included), and an entry
 * is served only when none of the tables it read moved since it began. A statement whose tables cannot be told,
 * and every statement while the catalog is unknown or outdated by DDL, counts as touching every table.
 */
export class ReadCache {
  private clock = 0;
  /** The clock of the last write to every table (a statement whose tables are unknown). */
  private everyTableWritten = 0;
  /** The clock of the last write to any table: what an entry reading unknown tables is checked against. */
  private anyTableWritten = 0;
  private readonly tableWritten = new Map<string, number>();
  private readonly entries: BoundedCache<string, Entry>;
  private readonly pending = new Map<string, { readAt: number; rows: Promise<unknown[]> }>();
  private catalog: TableCatalog | undefined;
  /** Moves on every schema change: a catalog read before it no longer describes the database. */
  private schemaVersion = 0;
  private catalogVersion = -1;
  private readonly effects = new BoundedCache<string, ReturnType<typeof statementEffect>>('sqlEffects', {
    maxEntries: EFFECTS_KEPT,
    maxBytes: EFFECTS_MAX_BYTES,
    sizeOf: (sql) => 64 + sql.length,
  });
  private hitCount = 0;
  private missCount = 0;

  constructor(capacity = 500, maxBytes = READ_CACHE_MAX_BYTES) {
    this.entries = new BoundedCache('readCache', {
      maxEntries: capacity,
      maxBytes,
      sizeOf: (key, entry) => 64 + key.length + approximateBytes(entry.rows),
    });
  }

  /** Whether the catalog must be (re)read before statements can be told apart by table. */
  needsCatalog(): boolean {
    return this.catalogVersion !== this.schemaVersion;
  }

  /** The version to hand back to `useCatalog` with a catalog read from now on. */
  catalogRequested(): number {
    return this.schemaVersion;
  }

  /** Takes a catalog read when the schema was at `version`; ignored if the schema changed meanwhile. */
  useCatalog(catalog: TableCatalog, version: number): void {
    if (version !== this.schemaVersion) return;
    this.catalog = catalog;
    this.catalogVersion = version;
    this.effects.clear();
  }

  private effectOf(sql: string) {
    if (this.needsCatalog()) return statementEffect(sql, undefined);
    let effect = this.effects.get(sql);
    if (!effect) {
      effect = statementEffect(sql, this.catalog);
      this.effects.set(sql, effect);
    }
    return effect;
  }

  /**
   * Call around every statement: a write invalidates what was read from the tables it changes. Answers the tables
   * it changed, for a transaction to invalidate again at its end.
   */
  noteStatement(sql: string): TableSet | undefined {
    const effect = this.effectOf(sql);
    if ('reads' in effect) return undefined;
    if ('schema' in effect) {
      this.noteSchemaChange();
      return 'all';
    }
    this.noteWriteTo(effect.writes);
    return effect.writes;
  }

  /** Invalidates what was read from `tables`. */
  noteWriteTo(tables: TableSet): void {
    if (tables === 'all') return this.noteWrite();
    if (tables.size === 0) return;
    this.clock++;
    this.anyTableWritten = this.clock;
    for (const table of tables) this.tableWritten.set(table, this.clock);
  }

  /** DDL ran: everything read so far is invalid, and so is the catalog. */
  noteSchemaChange(): void {
    this.schemaVersion++;
    this.noteWrite();
  }

  /** Invalidates everything read so far. */
  noteWrite(): void {
    this.clock++;
    this.everyTableWritten = this.anyTableWritten = this.clock;
    // Every entry is stale now: give their memory back at once rather than as they are pushed out.
    this.entries.clear();
  }

  /** Reads answered from memory and reads that ran, since the start. */
  stats(): { hits: number; misses: number; entries: number } {
    return { hits: this.hitCount, misses: this.missCount, entries: this.entries.size };
  }

  /** The kept reads and classified statements, for the health endpoint (a stale entry found counts as a miss). */
  figures(): CacheFigures[] {
    return [{ ...this.entries.figures(), hits: this.hitCount, misses: this.missCount }, this.effects.figures()];
  }

  private isCurrent(readAt: number, tables: TableSet): boolean {
    if (tables === 'all') return this.anyTableWritten <= readAt;
    if (this.everyTableWritten > readAt) return false;
    for (const table of tables) if ((this.tableWritten.get(table) ?? 0) > readAt) return false;
    return true;
  }

  async read<T>(sql: string, params: unknown[], run: () => Promise<T[]>): Promise<T[]> {
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const effect = this.effectOf(sql);
    const tables: TableSet = 'reads' in effect ? effect.reads : 'all';
    const hit = this.entries.get(key);
    if (hit && this.isCurrent(hit.readAt, hit.tables)) {
      this.hitCount++;
      return hit.rows as T[];
    }
    // Identical reads arriving together share one statement: twenty clients asking for the same deep page would
    // otherwise queue twenty scans on the one connection.
    const pending = this.pending.get(key);
    if (pending && this.isCurrent(pending.readAt, tables)) {
      this.hitCount++;
      return pending.rows as Promise<T[]>;
    }
    this.missCount++;
    const readAt = this.clock;
    const rows = run();
    this.pending.set(key, { readAt, rows });
    try {
      const answer = await rows;
      // A write that ran meanwhile moved its tables' clock past readAt: the entry is then stale on arrival.
      this.entries.set(key, { readAt, tables, rows: answer });
      return answer;
    } finally {
      if (this.pending.get(key)?.rows === rows) this.pending.delete(key);
    }
  }
}
