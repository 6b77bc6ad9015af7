import { hostname, networkInterfaces } from 'node:os';
import type { Context } from 'hono';
import type { ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { BladeEnv } from './context';
import { isIdText, nextId } from './ids';
import { formatDateTime } from './serializer';

const SERVER_HOST = hostname();
const SERVER_IP =
  Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address ?? '127.0.0.1';
const ENV = process.env.NODE_ENV ?? 'prod';
const MAX_PARAMS = 2000;
/** Keys whose values never reach a log. */
const SECRET_KEYS = /^(.*password\d?|.*secret|.*token|captcha.*|sign(ing)?key|privatekey)$/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, SECRET_KEYS.test(key) ? '******' : redact(item, depth + 1)]),
  );
}

/** `/gateway/blade-project/project/submit` → `blade-project`. */
const serviceOf = (path: string) => path.split('/').filter(Boolean)[1] ?? '';

/**
 * Writes the operation-log row of a successful write (spec §3 Operation log): who did what, on which call, with
 * which parameters (secrets masked, cut at 2000 characters). A failure to log never fails the write it records.
 */
export async function recordOperation(db: Db, c: Context<BladeEnv>, schema: ResourceSchema, action: string, body?: unknown) {
  const user = c.get('user');
  const url = new URL(c.req.url);
  const query = Object.fromEntries(url.searchParams);
  const params = JSON.stringify(redact(body === undefined ? query : { ...query, body })).slice(0, MAX_PARAMS);
  const now = formatDateTime(new Date());
  const userId = isIdText(user.userId) ? user.userId : null;
  try {
    await db.query(
      `INSERT INTO blade_operation_log (id, tenant_id, service_id, server_host, server_ip, env, title, method, request_uri,
         user_agent, params, create_by, create_user, create_time, update_user, update_time, is_deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $13, $14, 0)`,
      [nextId(), user.tenantId, serviceOf(url.pathname), SERVER_HOST, SERVER_IP, ENV, `${schema.title.zh}-${action}`.slice(0, 255),
        c.req.method, `${url.pathname}${url.search}`.slice(0, 2000), (c.req.header('user-agent') ?? '').slice(0, 500), params,
        user.account.slice(0, 64), userId, now],
    );
  } catch (error) {
    console.error('[blade] operation log not written:', error);
  }
}
