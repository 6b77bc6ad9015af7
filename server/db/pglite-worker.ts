import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { collectWhenIdle } from '../idle-collection';
import { mayChangeSchema, PreparedStatements } from './pglite-statements';
import { keepUpTables } from './pglite-upkeep';
import { textParsers, type ThreadMemory } from './types';

/**
 * The embedded database's own thread: PGlite computes every statement synchronously in WebAssembly, so on the server's
 * thread a long statement (an import, a scan) held up every other request and the server used one core. Here it owns
 * PGlite, its prepared statements and its upkeep, and answers the requests of `pglite-thread.ts`.
 */

/** What the server's thread asks, each with an `id` its answer carries back. */
export type PgliteRequest =
  | { op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; answers its number, used by the statements and the `end` of it. */
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'figures' }
  | { op: 'memory' }
  | { op: 'close' };

export type PgliteAnswer = { id: number; value?: unknown; error?: ErrorFields } | { ready: true } | { failed: ErrorFields };

/** An error as fields: PostgreSQL's (code, detail, constraint, ...) cross the threads, its class does not. */
export type ErrorFields = Record<string, unknown> & { message: string };

export interface PgliteWorkerData {
  dataDir: string;
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

/**
 * Memory settings: PGlite's default 128 MB of shared buffers would alone take a third of the server's memory
 * budget (design.md §7); 32 MB holds the hot pages of a 100 000-row table.
 */
const POSTGRESQL_CONF = ['shared_buffers=32MB', 'wal_buffers=1MB'];

function fieldsOf(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) if (typeof value !== 'function') fields[key] = value;
  return fields;
}

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  /** Settles when PGlite has committed or rolled back. */
  ended: Promise<void>;
  /** Whether it ran DDL or a setting: a rollback would outdate the statements prepared since. */
  changedSchema: boolean;
}

/** Thrown into PGlite's transaction callback to have it roll back. */
const ROLLBACK = Symbol('rollback');

async function serve(port: NonNullable<typeof parentPort>, { dataDir, ...artifacts }: PgliteWorkerData): Promise<void> {
  // pg_trgm: the trigram indexes of the search forms' substring filters (migration 031).
  const pglite = await PGlite.create({ dataDir, parsers: textParsers, postgresqlconf: POSTGRESQL_CONF, extensions: { pg_trgm }, ...artifacts });
  const upkeep = keepUpTables(pglite);
  const statements = new PreparedStatements(pglite);
  const lifetime = new AbortController();
  collectWhenIdle(lifetime.signal);
  const open = new Map<number, OpenTransaction>();
  let transactions = 0;

  const opened = (tx: number) => {
    const transaction = open.get(tx);
    if (!transaction) throw new Error(`transaction ${tx} is not open`);
    return transaction;
  };

  const begin = () =>
    new Promise<number>((begun, failed) => {
      const number = ++transactions;
      let finish!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => (finish = resolve));
      const ended = pglite
        .transaction(async (tx) => {
          open.set(number, { tx, finish, ended, changedSchema: false });
          begun(number);
          if (!(await decided)) throw ROLLBACK;
        })
        .then(
          () => undefined,
          (error: unknown) => {
            if (error !== ROLLBACK) throw error;
          },
        );
      ended.catch(failed);
    });

  const end = async (tx: number, commit: boolean) => {
    const transaction = opened(tx);
    transaction.finish(commit);
    try {
      await transaction.ended;
    } finally {
      open.delete(tx);
      if (transaction.changedSchema) statements.forgetAll();
    }
  };

  const answer = async (request: PgliteRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        if (request.tx === undefined) return statements.query(request.sql, request.params);
        const transaction = opened(request.tx);
        if (mayChangeSchema(request.sql)) transaction.changedSchema = true;
        return statements.queryInTransaction(request.sql, request.params, () => transaction.tx.query(request.sql, request.params));
      }
      case 'exec': {
        statements.forgetAll();
        try {
          if (request.tx === undefined) await pglite.exec(request.sql);
          else {
            const transaction = opened(request.tx);
            transaction.changedSchema = true;
            await transaction.tx.exec(request.sql);
          }
        } finally {
          statements.forgetAll();
        }
        return undefined;
      }
      case 'begin':
        return begin();
      case 'end':
        return end(request.tx, request.commit);
      case 'figures':
        return statements.figures();
      case 'memory': {
        // In a worker these are the thread's own (its isolate's heap and the WebAssembly memory it holds).
        const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
        return { heapUsed, heapTotal, external, arrayBuffers } satisfies ThreadMemory;
      }
      case 'close':
        lifetime.abort();
        await upkeep.stop();
        await pglite.close();
        return undefined;
    }
  };

  const reply = (message: PgliteAnswer) => {
    try {
      port.postMessage(message);
    } catch (error) {
      // A value that cannot be copied across (a function in an error's fields, say): its message still goes.
      if ('id' in message) port.postMessage({ id: message.id, error: fieldsOf(message.error ? new Error(message.error.message) : error) });
      else throw error;
    }
  };
  port.on('message', ({ id, ...request }: PgliteRequest & { id: number }) => {
    answer(request).then(
      (value) => reply({ id, value }),
      (error: unknown) => reply({ id, error: fieldsOf(error) }),
    );
  });
  reply({ ready: true });
}

if (parentPort) {
  const port = parentPort;
  serve(port, workerData as PgliteWorkerData).catch((error: unknown) => port.postMessage({ failed: fieldsOf(error) } satisfies PgliteAnswer));
}
