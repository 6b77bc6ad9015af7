import type { Context } from 'hono';
import type { Registry } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { BladeEnv, BladeUser, ServerServices } from './context';
import type { SqlParams } from './query';
import type { ResourceStore } from './crud';

/** A row being written, as a `server.ts` hook sees it inside the write transaction. */
export interface WriteContext {
  tx: Db;
  user: BladeUser;
  schema: ResourceSchema;
  registry: Registry;
  /** The row's id (new on insert). */
  id: string;
  isInsert: boolean;
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
}

export interface RemoveContext {
  tx: Db;
  user: BladeUser;
  schema: ResourceSchema;
  registry: Registry;
  ids: string[];
}

type Handler = (c: Context<BladeEnv>) => Response | Promise<Response>;

/** What a resource's custom endpoints are mounted with: each carries its guard, declared where it is mounted. */
export interface ResourceRoutes {
  store: ResourceStore;
  services: ServerServices;
  /** Mounts the declared operation `alias` at its method and path, guarded by its button code. */
  operation(alias: string, handler: Handler): void;
  /** A read endpoint (full path), open to whoever may open this screen or one that picks its rows. */
  read(path: string, handler: Handler, method?: 'GET' | 'POST'): void;
  /** A read endpoint (full path, GET) open to every signed-in caller: lookups any screen makes (dictionary options). */
  open(path: string, handler: Handler): void;
  /** A write endpoint (full path) guarded by the button of the declared operation `alias`. */
  write(path: string, alias: string, handler: Handler): void;
}

/** Optional behaviour of a resource (`resources/<name>/server.ts` exports it as `behaviour`). */
export interface ResourceBehaviour {
  beforeWrite?(context: WriteContext): Promise<void> | void;
  afterWrite?(context: WriteContext): Promise<void> | void;
  beforeRemove?(context: RemoveContext): Promise<void> | void;
  /** Extra predicates of every list (e.g. main tasks only), over the base alias `t`. */
  listScope?(user: BladeUser, query: Record<string, string>, params: SqlParams): string[];
  /** Custom endpoints and operations, mounted before the generic ones. */
  routes?(routes: ResourceRoutes): void;
  /**
   * Rows of this resource as another screen lists them through a link (a project's members): the names behind its
   * ids and what the link's columns add (a user's roles, departments, tenant and child users).
   */
  decorateLinked?(db: Db, user: BladeUser, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]>;
}
