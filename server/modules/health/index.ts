import { getHeapSpaceStatistics } from 'node:v8';
import type { Context } from 'hono';
import { tokenOf, userOfClaims } from '../../blade/auth';
import { ADMIN_TENANT, isAdministrator, type BladeModule, type ServerServices } from '../../blade/context';
import { R } from '../../blade/envelope';
import { idleCollections } from '../../idle-collection';
import { GUEST_USER_ID } from '../../users/token-response';

const HEALTH_PATH = '/api/blade-system/health';
/** Answered to anyone: a load balancer's probe carries no token. */
export const HEALTH_PUBLIC_PATHS = [HEALTH_PATH];

/** Whether the caller is the installation's administrator (tenant 000000, role administrator) with a live session. */
async function isInstallationAdministrator(c: Context, { tokens, sessions }: ServerServices): Promise<boolean> {
  const token = tokenOf(c.req.raw.headers, c.req.query('blade-auth'));
  const claims = token ? await tokens.verify(token, 'access_token') : undefined;
  if (!claims || claims.user_id === GUEST_USER_ID || claims.tenant_id !== ADMIN_TENANT) return false;
  if (!(await sessions.isLive(claims.session_id, claims.user_id, claims.tenant_id))) return false;
  return isAdministrator(userOfClaims(claims));
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * `GET /api/blade-system/health`: `{status: 'UP'}` for anyone; for the installation's administrator also the
 * process's memory and every in-process cache's size against its bounds (hits and misses where kept), to see
 * whether memory taken under load came back. Nothing else about the installation is told.
 */
export const healthModule: BladeModule = (app, services) => {
  app.get(HEALTH_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!(await isInstallationAdministrator(c, services))) return c.json(R.data({ status: 'UP' }));
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const thread = await services.db.threadMemory?.();
    return c.json(
      R.data({
        status: 'UP',
        uptimeSeconds: Math.round(process.uptime()),
        memoryMb: { rss: megabytes(rss), heapUsed: megabytes(heapUsed), heapTotal: megabytes(heapTotal), external: megabytes(external), arrayBuffers: megabytes(arrayBuffers) },
        // Which part of the heap holds the memory: the young generation grows under load and is given back only by V8.
        // The embedded database's thread: its own heap, and PGlite's WebAssembly memory in its `external`.
        ...(thread ? { databaseThreadMb: Object.fromEntries(Object.entries(thread).map(([name, bytes]) => [name, megabytes(bytes)])) } : {}),
        heapSpacesMb: Object.fromEntries(getHeapSpaceStatistics().filter((space) => space.space_size > 0).map((space) => [space.space_name, megabytes(space.space_size)])),
        caches: (await services.caches?.()) ?? [],
        // Full collections run when the server went idle with a grown heap; absent when Node runs without --expose-gc.
        idleCollections: idleCollections(),
      }),
    );
  });
};
