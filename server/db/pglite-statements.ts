import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { BoundedCache, type CacheFigures } from '../bounded-cache';
import { readMessages, type ReadMessages } from './pglite-messages';

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Statements kept prepared at most: a server runs a few hundred texts (one per list page size and offset, per
 * resource), and each keeps its parse tree and plans in PGlite's memory, which WebAssembly never gives back.
 */
export const STATEMENTS_KEPT = 200;
/** Texts seen once, remembered to prepare them when they come again (a one-off text is never prepared). */
const SEEN_KEPT = 2000;
const SEEN_MAX_BYTES = 2 * 1024 * 1024;

/** Only these are prepared: their plans depend on nothing but the schema, which `forgetAll` follows. */
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
/** Statements that change neither the schema nor the session's settings: every other one forgets the prepared. */
const HARMLESS = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH|LOCK|NOTIFY|LISTEN|UNLISTEN|SHOW|EXPLAIN|VALUES)\b/i;

/** Whether a statement may change the schema or a setting (DDL, SET, DO...): plans prepared before may not hold. */
export const mayChangeSchema = (sql: string): boolean => !HARMLESS.test(sql);

interface Prepared {
  name: string;
  /** The parameters' type oids, as PostgreSQL inferred them: which serializer each value takes. */
  paramTypes: number[];
  /**
   * The columns (Describe of the statement), taken for every execution instead of describing each portal: a plan
   * whose columns change fails rather than answering others ("cached plan must not change result type").
   */
  fields: Field[];
}

interface Field {
  name: string;
  dataTypeID: number;
}

/**
 * The rows of an answer as PGlite's `parseResults` builds them (each column's parser by its type, the last of two
 * columns of one name kept), one property after another: its `Object.fromEntries` over a fresh array of pairs per row
 * gave every row an object of its own shape, the worker's costliest step after PostgreSQL itself.
 */
function rowsOf<T>(fields: Field[], messages: ReadMessages['messages'], parsers: PGlite['parsers']): T[] {
  const parse = fields.map((field) => parsers[field.dataTypeID] as ((value: string, typeId: number) => unknown) | undefined);
  const rows: T[] = [];
  for (const message of messages) {
    if (message.name !== 'dataRow') continue;
    const row: Record<string, unknown> = {};
    for (let index = 0; index < fields.length; index++) {
      const text = message.fields[index];
      const { name, dataTypeID } = fields[index];
      const parser = parse[index];
      const value = text === null || text === undefined ? null : parser ? parser(text, dataTypeID) : text;
      // A column named __proto__ is a property, as fromEntries defines it, not the row's prototype.
      if (name === '__proto__') Object.defineProperty(row, name, { value, enumerable: true, writable: true, configurable: true });
      else row[name] = value;
    }
    rows.push(row as T);
  }
  return rows;
}

/** A PostgreSQL error as PGlite's own `query` throws it (the statement and values attached). */
function asQueryError(error: unknown, sql: string, params: unknown[]): unknown {
  if (error instanceof Error && 'code' in error) Object.assign(error, { query: sql, params, queryOptions: undefined });
  return error;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Named prepared statements on PGlite's one connection. PGlite's `query` parses, analyses and plans every statement
 * again (an unnamed statement, sent as six separate messages); a statement the server repeats is parsed once here and
 * then runs as Bind, Execute and Sync in one message, and PostgreSQL's plan cache may keep its plan. Rows, errors and
 * the transaction's fate are those of `query`: the same serializers and parsers, the same error objects.
 */
export class PreparedStatements {
  private readonly prepared: BoundedCache<string, Prepared>;
  private readonly seen = new BoundedCache<string, true>('pgliteSeenStatements', {
    maxEntries: SEEN_KEPT,
    maxBytes: SEEN_MAX_BYTES,
    sizeOf: (sql) => 64 + sql.length,
  });
  /** Statements dropped from the cache, closed in PGlite at the next statement (under the connection's lock). */
  private closing: string[] = [];
  private named = 0;

  constructor(
    private readonly pglite: PGlite,
    kept = STATEMENTS_KEPT,
  ) {
    this.prepared = new BoundedCache('pgliteStatements', {
      maxEntries: kept,
      onEvict: (_sql, statement) => this.closing.push(statement.name),
    });
  }

  /** One statement outside a transaction: waits for any open transaction, as PGlite's `query` does. */
  async query<T>(sql: string, params: unknown[]): Promise<T[]> {
    if (!this.worthPreparing(sql)) return this.plainly(sql, () => this.pglite.query<T>(sql, params));
    await this.pglite._checkReady();
    return this.pglite._runExclusiveTransaction(() => this.pglite._runExclusiveQuery(() => this.run<T>(sql, params, false)));
  }

  /** One statement inside the transaction PGlite runs now (`pglite.transaction`'s callback). */
  async queryInTransaction<T>(sql: string, params: unknown[], plain: () => Promise<{ rows: T[] }>): Promise<T[]> {
    if (!this.worthPreparing(sql)) return this.plainly(sql, plain);
    return this.pglite._runExclusiveQuery(() => this.run<T>(sql, params, true));
  }

  /** The schema (or a setting) may have changed: a kept plan could now answer other columns, or fail. */
  forgetAll(): void {
    for (const statement of this.prepared.values()) this.closing.push(statement.name);
    this.prepared.clear();
  }

  figures(): CacheFigures[] {
    return [this.prepared.figures(), this.seen.figures()];
  }

  /** Prepared already, or seen before: a text the server runs once is not worth a named statement. */
  private worthPreparing(sql: string): boolean {
    if (!PREPARABLE.test(sql)) return false;
    if (this.prepared.peek(sql) || this.seen.peek(sql)) return true;
    this.seen.set(sql, true);
    return false;
  }

  private async plainly<T>(sql: string, run: () => Promise<{ rows: T[] }>): Promise<T[]> {
    try {
      return (await run()).rows;
    } finally {
      if (mayChangeSchema(sql)) this.forgetAll();
    }
  }

  /** Runs under the connection's lock. */
  private async run<T>(sql: string, params: unknown[], inTransaction: boolean): Promise<T[]> {
    await this.closeDropped();
    let statement = this.prepared.get(sql);
    try {
      if (!statement) {
        statement = await this.prepare(sql);
        await this.closeDropped();
      }
      const values = params.map((param, index) => {
        if (param === null || param === undefined) return null;
        const serializer = this.pglite.serializers[statement!.paramTypes[index]];
        return serializer ? serializer(param) : String(param);
      });
      // The answer's bytes are read here rather than by PGlite's parser, which copies every field into an
      // ArrayBuffer of its own before decoding it: a tenth of a list read's time under load.
      const chunks: Uint8Array[] = [];
      await this.pglite.execProtocolRawStream(
        joined([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) },
      );
      const { messages, error } = readMessages(chunks.length === 1 ? chunks[0] : joined(chunks));
      if (error) throw error;
      if (!inTransaction) await this.pglite.syncToFs();
      return rowsOf<T>(statement.fields, messages, this.pglite.parsers);
    } catch (error) {
      // A plan made before a schema change this adapter did not see: drop it, the next call prepares afresh.
      if (statement && (error as { code?: string }).code === '0A000') {
        this.prepared.delete(sql);
        this.closing.push(statement.name);
      }
      throw asQueryError(error, sql, params);
    }
  }

  private async prepare(sql: string): Promise<Prepared> {
    const name = `blade_${++this.named}`;
    const described = await this.pglite.execProtocolStream(
      joined([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const messages = described as BackendMessage[];
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      fields: messages.flatMap((message) =>
        message instanceof protocol.messages.RowDescriptionMessage ? message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) : [],
      ),
    };
    this.prepared.set(sql, statement);
    this.seen.delete(sql);
    return statement;
  }

  /** Close (unlike DEALLOCATE) is a protocol message, allowed even in a failed transaction. */
  private async closeDropped(): Promise<void> {
    if (this.closing.length === 0) return;
    const names = this.closing;
    this.closing = [];
    await this.pglite.execProtocolStream(joined([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]), {
      syncToFs: false,
      throwOnError: false,
    });
  }
}
