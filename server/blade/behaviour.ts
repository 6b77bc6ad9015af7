import type { Context } from 'hono';
import type { z } from 'zod';
import type { Db } from '../db/types';
import type { BladeEnv, BladeUser, ServerServices } from './context';
import type { StoreHooks } from './hooks';
import type { OperationHandler, OperationSpec, ParsedInput } from './operation';
import type { ResourceStore } from './store-types';

export type { RemoveContext, WriteContext } from './hooks';

type Input = z.ZodType<unknown>;
type Handler = (c: Context<BladeEnv>) => Response | Promise<Response>;

/** What a resource's custom endpoints are mounted with: each carries its guard, declared where it is mounted. */
export interface ResourceRoutes {
  store: ResourceStore;
  services: ServerServices;
  /**
   * Mounts the declared operation `alias` at its method and path (or `spec.path`), guarded by its button code: the
   * inputs `spec` declares are parsed before `handler` runs (a 400 naming the field), and a successful POST leaves an
   * operation-log row.
   */
  operation<B extends Input | undefined = undefined, Q extends Input | undefined = undefined, P extends Input | undefined = undefined>(
    alias: string,
    spec: OperationSpec<B, Q, P>,
    handler: OperationHandler<ParsedInput<B>, ParsedInput<Q>, ParsedInput<P>>,
  ): void;
  /** A read endpoint (full path), open to whoever may open this screen or one that picks its rows. */
  read(path: string, handler: Handler, method?: 'GET' | 'POST'): void;
  /** A read endpoint (full path, GET) open to every signed-in caller: lookups any screen makes (dictionary options). */
  open(path: string, handler: Handler): void;
  /** A write endpoint (full path) guarded by the button of the declared operation `alias`, its body read by hand. */
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
