import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import type { Registry } from '../resources/registry';
import { requireAuth } from './blade/auth';
import { applyRoleScopes } from './blade/role-scopes';
import { limitBodies, requireKnownBodyType } from './blade/body';
import type { BladeApp, BladeEnv, BladeModule, ServerServices } from './blade/context';
import { createResourceStore } from './blade/crud';
import { mountResource } from './blade/mount';
import { R } from './blade/envelope';
import { BladeError, MSG } from './blade/errors';
import { createTokenService, loadSignKey } from './blade/token';
import { withDefaults, type ServerConfig } from './config';
import { runMigrations } from './db/migrate';
import { openDb } from './db/open';
import { ensureAllResourceTables } from './db/resource-tables';
import { seedDatabase } from './db/seed';
import { holdsDemoResources } from './db/seed-demo';
import { seedDictsOf } from './db/seed-data/dicts';
import { seedMenusOf } from './db/seed-data/menus';
import type { Db } from './db/types';
import { AUTH_PUBLIC_PATHS, authModule } from './modules/auth';
import { SYSTEM_GUEST_PATHS, SYSTEM_PUBLIC_PATHS, systemModule } from './modules/system';
import { RESOURCE_PUBLIC_PATHS, resourceModule } from './modules/resource';
import { deskModule } from './modules/desk';
import { siteModule } from './modules/site';
import { ossModule } from './modules/oss';
import { openEmbeddedStore, openObjectStore } from './storage';
import { LocalObjectStore } from './storage/local';
import { createTenantStores } from './storage/tenant-stores';
import { EXECUTION_PUBLIC_PATHS, executionModule } from './modules/execution';
import { jobModule } from './modules/job';
import { flowModule } from './modules/flow';
import { messageModule } from './modules/message';
import { HEALTH_PUBLIC_PATHS, healthModule } from './modules/health';
import { processCacheFigures } from './bounded-cache';
import { collectWhenIdle } from './idle-collection';
import type { ObjectStore } from './storage/types';
import { proxyTo } from './proxy';
import { loadResourceBehaviours } from './resource-behaviours';

import { createSessionCheck } from './users/sessions';
import { securityHeaders, serveSpa } from './serving';

const SSO_FORM_PATH = '/api/blade-auth/oauth/authorize';

/** Feature modules, in mounting order. Generic resource CRUD is mounted from the registry after them. */
const MODULES: BladeModule[] = [
  authModule,
  systemModule,
  deskModule,
  siteModule,
  resourceModule,
  ossModule,
  executionModule,
  jobModule,
  flowModule,
  messageModule,
  healthModule,
];
// The agent paths authenticate with a terminal token instead of a user's JWT.
const PUBLIC_PATHS = new Set([
  ...AUTH_PUBLIC_PATHS,
  ...SYSTEM_PUBLIC_PATHS,
  ...RESOURCE_PUBLIC_PATHS,
  ...EXECUTION_PUBLIC_PATHS,
  ...HEALTH_PUBLIC_PATHS,
]);

/** What the caller hands in: the resources to run with, and services instead of the defaults (tests inject a loopback object store). */
export interface ServerExtras {
  /** The registry (the product's is `resources/schemas.ts`; a test may bring its own). */
  resources: Registry;
  storage?: ObjectStore;
  /** Told what the start is doing as each step begins (a first start seeds for many seconds: say so). */
  onStartStep?: StartStep;
}
const GUEST_PATHS = new Set(SYSTEM_GUEST_PATHS);
const API_PREFIXES = ['/api/', '/gateway/'];
const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(prefix));

export interface RunningServer {
  url: string;
  port: number;
  /** The server's database (opened on first use in proxy mode, where the server itself never needs it). */
  db: Db;
  close(): Promise<void>;
  /** The administrator password generated on this start, if it was (it is stored only as a hash). */
  adminPassword?: string;
}

/** One place turns every failure into the Blade envelope; internals never leak (no stack traces). */
function handleError(error: Error, c: Context): Response {
  if (error instanceof BladeError) return c.json(R.fail(error.code, error.message), error.httpStatus as 200);
  if (error instanceof HTTPException && error.status < 500) {
    return c.json(R.fail(400, `${MSG.paramInvalid}: ${error.message}`), 400);
  }
  // PostgreSQL class 22 "data exception": a client value the database cannot take (bad encoding, out of range).
  if (String((error as { code?: unknown }).code ?? '').startsWith('22')) return c.json(R.fail(400, MSG.paramType), 400);
  console.error(`[blade] ${c.req.method} ${c.req.path} failed:`, error);
  return c.json(R.fail(500, MSG.serverError), 500);
}

function notFound(app: BladeApp) {
  return (c: Context) => {
    if (!isApiPath(c.req.path)) return c.text('Not Found', 404);
    const otherMethod = app.routes.some((route) => route.method !== 'ALL' && route.path === c.req.path);
    if (otherMethod) return c.json(R.fail(405, MSG.methodNotAllowed), 405);
    return c.json(R.fail(404, MSG.notFound), 404);
  };
}

const noop = () => undefined;

export type StartStep = (step: string) => void;

/** Opens the database only when something asks for it. */
function lazyDb(open: () => Promise<Db>): Db {
  let pending: Promise<Db> | undefined;
  let opened: Db | undefined;
  const get = () =>
    (pending ??= open().then((db) => {
      opened = db;
      return db;
    }));
  return {
    query: async (sql, params) => (await get()).query(sql, params),
    cachedQuery: async (sql, params) => (await get()).cachedQuery(sql, params),
    keepsReads: () => opened?.keepsReads() ?? false,
    exec: async (sql) => (await get()).exec(sql),
    transaction: async (fn) => (await get()).transaction(fn),
    clearCache: () => void pending?.then((db) => db.clearCache()),
    cacheFigures: async () => (await opened?.cacheFigures?.()) ?? [],
    // As the cache figures: a health check does not open a database nothing else asked for.
    threadMemory: async () => opened?.threadMemory?.(),
    notify: async (channel, payload) => {
      await (await get()).notify?.(channel, payload);
    },
    listen: async (channel, onMessage) => (await get()).listen?.(channel, onMessage) ?? (async () => undefined),
    close: async () => (await pending)?.close(),
  };
}

export async function prepareDatabase(db: Db, config: ServerConfig, resources: Registry, onStep: StartStep = noop): Promise<string | undefined> {
  onStep('applying database migrations');
  await runMigrations(db);
  onStep('checking resource tables');
  await ensureAllResourceTables(db, resources.schemas);
  const { generatedAdminPassword } = await seedDatabase(
    db,
    { ...seedMenusOf(resources.schemas), dicts: seedDictsOf(resources.dictionaries) },
    { adminPassword: config.adminPassword, onStep, demo: holdsDemoResources(resources) },
  );
  return generatedAdminPassword;
}

/** Builds the Blade API (or the proxy to an upstream gateway) plus the SPA, without listening. */
export async function createApp(
  config: ServerConfig,
  db: Db,
  extras: ServerExtras,
): Promise<{ app: BladeApp; adminPassword?: string; stop: () => Promise<void> }> {
  const app: BladeApp = new Hono<BladeEnv>();
  app.onError(handleError);
  app.notFound(notFound(app));
  app.use('*', securityHeaders(SSO_FORM_PATH));
  // JSON and HTML answers compressed on the fly; the built assets already are (precompressed files).
  app.use('*', compress());
  if (config.upstream) {
    const forward = proxyTo(config.upstream);
    app.all('/api/*', forward);
    app.all('/gateway/*', forward);
    serveSpa(app, config.staticDir, isApiPath);
    return { app, stop: async () => {} };
  }
  for (const prefix of API_PREFIXES) app.use(`${prefix}*`, limitBodies, requireKnownBodyType);
  // The resources' server code loads while the database is prepared (a failure still ends the start, below).
  const { resources } = extras;
  const loadingBehaviours = loadResourceBehaviours(resources.schemas);
  loadingBehaviours.catch(() => undefined);
  const onStep = extras.onStartStep ?? noop;
  const adminPassword = await prepareDatabase(db, config, resources, onStep);
  const tokens = createTokenService(await loadSignKey(db, config.signKey));
  const lifetime = new AbortController();
  collectWhenIdle(lifetime.signal);
  const background = new Set<Promise<unknown>>();
  const inBackground = (work: Promise<unknown>) => {
    const settled = work.then(noop, noop).finally(() => background.delete(settled));
    background.add(settled);
  };
  onStep('opening object storage');
  const storage = extras.storage ?? (await openObjectStore(config, db));
  // A tenant may pick the embedded store even where the installation's default is an S3 service.
  const embedded = storage instanceof LocalObjectStore ? storage : await openEmbeddedStore(config, db);
  const objects = createTenantStores(db, config, storage, embedded);
  const sessions = createSessionCheck(db);
  const caches = async () => [...processCacheFigures(), ...((await db.cacheFigures?.()) ?? []), ...sessions.cacheFigures(), ...objects.cacheFigures()];
  // Middleware is mounted as `ALL`; the routes are the endpoints themselves (API scopes offer and check them).
  const routes = () => app.routes.filter((route) => route.method !== 'ALL' && isApiPath(route.path)).map(({ method, path }) => ({ method, path }));
  const services: ServerServices = { db, registry: resources, config, tokens, sessions, lifetime: lifetime.signal, inBackground, routes, caches, ...extras, storage, embeddedStorage: embedded, objects };
  const authPaths = { publicPaths: PUBLIC_PATHS, guestPaths: GUEST_PATHS };
  for (const prefix of API_PREFIXES) app.use(`${prefix}*`, requireAuth(tokens, sessions, authPaths), applyRoleScopes(db));
  for (const register of MODULES) register(app, services);
  const behaviours = await loadingBehaviours;
  for (const schema of resources.schemas) {
    const behaviour = behaviours.get(schema.name) ?? {};
    mountResource(app, createResourceStore(db, resources, schema, behaviour), behaviour, services, (name) => behaviours.get(name));
  }
  serveSpa(app, config.staticDir, isApiPath);
  // Stopping ends timers and long polls, and waits for background work: it must not meet a closed database.
  const stop = async () => {
    lifetime.abort();
    await Promise.all(background);
  };
  return { app, adminPassword, stop };
}

/**
 * Builds the app and listens. `opening` is the database already being opened by the caller (see main.ts); else it
 * is opened on first use.
 */
export async function startServer(
  partial: Partial<ServerConfig>,
  extras: ServerExtras,
  opening?: Promise<Db>,
): Promise<RunningServer> {
  const config = withDefaults(partial);
  const db = lazyDb(() => opening ?? openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const { app, adminPassword, stop } = await createApp(config, db, extras);
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    db,
    adminPassword,
    async close() {
      const stopping = stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Requests in flight may finish; idle keep-alive sockets go now, stragglers after a grace period.
        if ('closeIdleConnections' in server) {
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 2000).unref();
        }
      });
      await stopping;
      await db.close();
    },
  };
}
