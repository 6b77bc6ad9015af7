import { createHash } from 'node:crypto';
import type pg from 'pg';
import { BoundedCache, type CacheFigures } from '../bounded-cache';

/** Statement texts named at most: each connection parses and plans a named text once, and keeps it (see below). */
const NAMED_KEPT = 200;
/** Texts seen once, remembered to name them when they come again (a one-off text is never named). */
const SEEN_KEPT = 1000;
const TEXT_BYTES = 4 * 1024 * 1024;
const textSize = (sql: string) => 64 + sql.length;

/**
 * A connection is closed after this many uses: the statements it prepared (named texts since forgotten here
 * included) live as long as it does in its database server process, and this bounds them.
 */
export const CONNECTION_USES = 10_000;

/**
 * PostgreSQL's answer to a prepared statement whose tables changed shape since it was planned (another process's DDL).
 * Its code, feature_not_supported, is shared with errors that running the text unnamed would only repeat, and its
 * message follows the server's language: the function that raised it tells it apart.
 */
const isStalePlan = (error: unknown) => {
  const { code, routine } = error as { code?: string; routine?: string };
  return code === '0A000' && routine === 'RevalidateCachedQuery';
};

/**
 * Names for the statement texts a server runs again and again: node-postgres sends an unnamed statement as Parse,
 * Bind and Execute each time, so the database server parsed and planned every list read anew; a named one is parsed
 * and planned once per connection. A text is named the second time it is seen, from a hash of it (the same name in
 * every connection and process).
 */
export class StatementNames {
  private readonly named = new BoundedCache<string, string>('postgresStatements', { maxEntries: NAMED_KEPT, maxBytes: TEXT_BYTES, sizeOf: textSize });
  private readonly seen = new BoundedCache<string, true>('postgresSeenStatements', { maxEntries: SEEN_KEPT, maxBytes: TEXT_BYTES, sizeOf: textSize });
  /** Moves when a plan went stale: every text is then named anew, so no connection runs its old statement again. */
  private generation = 0;

  private configOf(sql: string, values: unknown[]): pg.QueryConfig {
    let name = this.named.get(sql);
    if (!name && this.seen.peek(sql)) {
      this.seen.delete(sql);
      name = `blade_${this.generation}_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
      this.named.set(sql, name);
    }
    if (!name) this.seen.set(sql, true);
    return name ? { name, text: sql, values } : { text: sql, values };
  }

  /** Runs `sql` on `on` (the pool or a transaction's connection), named once it is seen again. */
  async run<T>(on: pg.Pool | pg.ClientBase, sql: string, values: unknown[], inTransaction: boolean): Promise<T[]> {
    const config = this.configOf(sql, values);
    try {
      return (await on.query(config)).rows as T[];
    } catch (error) {
      // In a transaction the error has aborted it: the caller's rollback and retry decide.
      if (!config.name || !isStalePlan(error)) throw error;
      this.generation++;
      this.named.clear();
      if (inTransaction) throw error;
      return (await on.query({ text: sql, values })).rows as T[];
    }
  }

  figures(): CacheFigures[] {
    return [this.named.figures(), this.seen.figures()];
  }
}
