import type { ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { BladeUser } from './context';
import type { BladeError } from './errors';
import type { pageOf } from './query';
import type { ReadModel } from './read-model';

export type Row = Record<string, unknown>;
/** A list page; `totalEstimated` when its total is an estimate (a filter over a large table, `totals.ts`). */
export type Page = ReturnType<typeof pageOf<Row>> & { totalEstimated?: true };

/** What a submit hands back besides the id: the values its hooks reveal once. */
export interface SubmitSink {
  revealed?: Record<string, string>;
}

/**
 * Who patches, and in which transaction: an operation's call (its `user`) fits as it is; `tx` joins a transaction the
 * caller holds (several patches as one step).
 */
export interface PatchContext {
  user: BladeUser;
  tx?: Db;
}

/** One row of a `validateMany`: the values to store, or why the row is refused. */
export type RowCheck = { values: Row; error?: undefined } | { values?: undefined; error: BladeError };

export interface ResourceStore {
  schema: ResourceSchema;
  model: ReadModel;
  list(user: BladeUser, query: Record<string, string>): Promise<Page>;
  /** The row with its child rows, or undefined when it does not exist, is deleted, or belongs to another tenant. */
  detail(user: BladeUser, id: string): Promise<Row | undefined>;
  /** Insert (no id) or update (id) in one transaction with the child rows; undefined when the row is not the caller's. */
  submit(user: BladeUser, body: unknown, sink?: SubmitSink): Promise<string | undefined>;
  /**
   * Updates the given stored fields of one row, as an edit would: parsed and checked field by field, refs resolved,
   * row rules, the resource's write hooks (`isPatch` set), audit fields and the caller's tenant and data scope. A name
   * that is no stored field of the schema is a 400 naming it; a row outside the caller's scope is `数据不存在`.
   * Server-maintained (read-only) fields may be patched: the caller is server code, not a form.
   */
  patch(context: PatchContext, id: string, changes: Row): Promise<void>;
  /**
   * The checks an insert of `body` would pass through, without writing: parsing, refs (and their fills), row rules
   * and unique values; throws the 400 submit would. Hooks and child rows are not run. Answers the values to store.
   */
  validate(user: BladeUser, body: unknown): Promise<Row>;
  /**
   * `patch` of the caller's rows among `ids` (at most 500; others are left alone) with the same changes, in one
   * transaction: rows locked by one read, each through the write hooks (`batch` set) and checks, then one UPDATE for
   * the rows the hooks leave alike. Answers how many rows were patched.
   */
  patchMany(context: PatchContext, ids: readonly string[], changes: Row): Promise<number>;
  /**
   * Inserts rows as submit inserts one each (parsing, refs and fills, row rules, write hooks with `batch` set, audit
   * fields, tenant, child rows and links), all in one transaction (the caller's `tx` when given): the rows' values by
   * one multi-row INSERT per 500 rows, so a batch costs a few statements rather than a few per row. All rows or none:
   * the first refused row throws its 400 as submit would. Answers the new ids in order.
   */
  insertMany(context: PatchContext, bodies: readonly unknown[]): Promise<string[]>;
  /**
   * `validate` of many insert bodies at once, each row answered on its own (its values, or the 400 submit would throw
   * for it) in order: the refs, dictionary items and unique values a batch names are read with one query per field.
   * Reads through `tx` when given.
   */
  validateMany(context: PatchContext, bodies: readonly unknown[]): Promise<RowCheck[]>;
  /** Logical delete of the caller's rows among `ids` (and their child rows); answers how many were deleted. */
  remove(user: BladeUser, ids: string[]): Promise<number>;
  /** The caller's rows among `ids` (at most 1000), in no particular order. */
  byIds(user: BladeUser, ids: string[]): Promise<Row[]>;
  /** Id and label pairs for pickers (at most 100). */
  select(user: BladeUser, query: Record<string, string>): Promise<Row[]>;
  /** Tree resources: every node, nested under `children`. */
  tree(user: BladeUser): Promise<Row[]>;
  /** Tree resources: the rows matching the filters, nested under their parents (BladeX's `list` of a tree). */
  treeList(user: BladeUser, query: Record<string, string>): Promise<Row[]>;
  /** Tree resources: the children of `parentId` with `hasChildren`. */
  lazyList(user: BladeUser, parentId: string): Promise<Row[]>;
}
