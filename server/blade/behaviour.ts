import type { Context } from 'hono';
import type { Db } from '../db/types';
import type { BladeEnv, BladeUser, ServerServices } from './context';
import type { ResourceStore } from './crud';
import type { StoreHooks } from './hooks';

export type { RemoveContext, WriteContext } from './hooks';

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
export interface ResourceBehaviour extends StoreHooks {
  /** Custom endpoints and operations, mounted before the generic ones. */
  routes?(routes: ResourceRoutes): void;
  /**
   * Rows of this resource as another screen lists them through a link (a project's members): the names behind its
   * ids and what the link's columns add (a user's roles, departments, tenant and child users).
   */
  decorateLinked?(db: Db, user: BladeUser, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]>;
}
