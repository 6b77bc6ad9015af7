import type { Registry } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { BladeUser } from './context';
import type { SqlParams } from './query';

/*
 * What the store calls of a resource's `server.ts`: its write and remove hooks and its list scope. Apart from
 * behaviour.ts (whose routes need the store) so that the store and the behaviour do not import each other.
 */

/** A row being written, as a `server.ts` hook sees it inside the write transaction. */
export interface WriteContext {
  tx: Db;
  user: BladeUser;
  schema: ResourceSchema;
  registry: Registry;
  /** The row's id (new on insert). */
  id: string;
  isInsert: boolean;
  /**
   * A `store.patch` from server code (an operation setting some columns), not a form's submit: the values are the
   * server's own, and only the patched fields are present.
   */
  isPatch: boolean;
  /** Values about to be stored, by field name; a hook may change them (before) or read them (after). */
  values: Record<string, unknown>;
  /** The stored row before an update, as answered on the wire. */
  before?: Record<string, unknown>;
  /** The request body as sent. */
  body: Record<string, unknown>;
  /**
   * Values answered once in the submit's `data` (the schema's `revealOnCreate`: a generated secret, an initial
   * password); a hook sets them, nothing stores them in clear.
   */
  revealed: Record<string, string>;
  /** Set when the row is one of a `store.insertMany` batch. */
  batch?: WriteBatch;
}

/**
 * The batch a row is inserted with: every row's `beforeWrite` runs, then all `size` rows are inserted by one
 * statement, so a hook's read does not see the batch's other rows yet. `once` runs a piece of work once per batch and
 * hands every row its answer (a quota check counting the whole batch, the hash of a password the rows share).
 */
export interface WriteBatch {
  index: number;
  size: number;
  once<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export interface RemoveContext {
  tx: Db;
  user: BladeUser;
  schema: ResourceSchema;
  registry: Registry;
  ids: string[];
}

/** The hooks of a resource's behaviour that the store runs inside its reads and writes. */
export interface StoreHooks {
  /**
   * The body a submit goes on with, read before it is told insert from update: a resource keyed by something other
   * than its id in BladeX (a region by its code) says here which row a BladeX client's body means.
   */
  submitBody?(context: { db: Db; user: BladeUser; body: Record<string, unknown> }): Promise<Record<string, unknown>>;
  beforeWrite?(context: WriteContext): Promise<void> | void;
  afterWrite?(context: WriteContext): Promise<void> | void;
  beforeRemove?(context: RemoveContext): Promise<void> | void;
  /** Extra predicates of every list (e.g. main tasks only), over the base alias `t`. */
  listScope?(user: BladeUser, query: Record<string, string>, params: SqlParams): string[];
}
