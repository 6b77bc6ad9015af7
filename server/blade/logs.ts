/**
 * Server-written logs: the operation log of every write, the API log of sign-ins and sign-outs, the usual log of
 * events. Each row names the server (host, address, environment) and the client, and never holds a secret.
 */
import { hostname, networkInterfaces } from 'node:os';
import type { Context } from 'hono';
import { peerAddress } from './rate-limit';
import { API_OUTCOME } from '../../resources/apilog/schema';
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
const SECRET_NAMES = String.raw`.*password\d?|.*secret|.*token|captcha.*|sign(ing)?key|privatekey`;
/** Keys whose values never reach a log. */
const SECRET_KEYS = new RegExp(`^(${SECRET_NAMES})$`, 'i');
/** In the API and usual logs also the one-time codes of the authorization-code, social and SMS sign-ins. */
const SIGN_IN_SECRET_KEYS = new RegExp(`^(${SECRET_NAMES}|code|value)$`, 'i');

function redact(value: unknown, secrets = SECRET_KEYS, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, secrets.test(key) ? '******' : redact(item, secrets, depth + 1)]),
  );
}

/** `/gateway/blade-project/project/submit` → `blade-project`. */
const serviceOf = (path: string) => path.split('/').filter(Boolean)[1] ?? '';

/** What every server-written log row says of the request: the call, its parameters (secrets masked), the client. */
function requestColumns(c: Context | undefined, body?: unknown) {
  if (!c) return { serviceId: '', method: '', requestUri: '', params: '', userAgent: '', remoteIp: '' };
  const url = new URL(c.req.url);
  const query = Object.fromEntries(url.searchParams);
  return {
    serviceId: serviceOf(url.pathname),
    method: c.req.method,
    requestUri: url.pathname.slice(0, 2000),
    params: JSON.stringify(redact(body === undefined ? query : { ...query, ...(body as object) }, SIGN_IN_SECRET_KEYS)).slice(0, MAX_PARAMS),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 500),
    remoteIp: (peerAddress(c) ?? '').slice(0, 64),
  };
}

/**
 * Who a log row is about: the signed-in caller, or the account a sign-in was for. Its user and first department are
 * the row's `create_user` and `create_dept`, the columns a role's data scope (本人可见, 所在机构可见) reads by.
 */
export interface LogSubject {
  tenantId: string;
  account: string;
  userId?: string;
  /** Comma-joined department ids, as a token carries them. */
  deptId?: string;
}

async function insertLog(db: Db, table: 'blade_operation_log' | 'blade_log_api' | 'blade_log_usual', subject: LogSubject, columns: Record<string, unknown>) {
  const now = formatDateTime(new Date());
  const userId = subject.userId && isIdText(subject.userId) ? subject.userId : null;
  const deptId = subject.deptId?.split(',')[0];
  const all: Record<string, unknown> = {
    id: nextId(), tenant_id: subject.tenantId, server_host: SERVER_HOST, server_ip: SERVER_IP, env: ENV,
    create_by: subject.account.slice(0, 64), create_user: userId, create_dept: deptId && isIdText(deptId) ? deptId : null,
    create_time: now, update_user: userId, update_time: now,
    is_deleted: 0, ...columns,
  };
  const names = Object.keys(all);
  try {
    await db.query(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')})`,
      Object.values(all),
    );
  } catch (error) {
    console.error(`[blade] ${table} not written:`, error);
  }
}

/** How a logged call ended: answered, or refused with the message the caller got. */
export interface CallOutcome {
  success: boolean;
  message?: string;
}

/**
 * Writes the API-log row of a call (BladeX's `@ApiLog`): its name, the call and the client, how long it took and how
 * it ended. A failure to log never fails the call it records.
 */
export async function recordApiCall(
  db: Db,
  c: Context,
  title: string,
  subject: LogSubject,
  startedAt: number,
  body?: unknown,
  outcome: CallOutcome = { success: true },
) {
  const request = requestColumns(c, body);
  await insertLog(db, 'blade_log_api', subject, {
    title: title.slice(0, 255), service_id: request.serviceId, method: request.method, request_uri: request.requestUri,
    params: request.params, user_agent: request.userAgent, remote_ip: request.remoteIp, time: Math.round(performance.now() - startedAt),
    outcome: outcome.success ? API_OUTCOME.success : API_OUTCOME.failure, outcome_message: (outcome.message ?? '').slice(0, 500),
  });
}

/** Writes a usual-log row (BladeX's `BladeLogger`): an event of the server, at a level, under an event name. */
export async function recordEvent(db: Db, c: Context | undefined, event: { level: 'INFO' | 'WARN'; logId: string; data: string }, subject: LogSubject) {
  const request = requestColumns(c);
  await insertLog(db, 'blade_log_usual', subject, {
    log_level: event.level, log_id: event.logId.slice(0, 64), log_data: event.data, service_id: request.serviceId,
    method: request.method, request_uri: request.requestUri, params: request.params, user_agent: request.userAgent,
    remote_ip: request.remoteIp,
  });
}

/**
 * What a request's body says, for a log: a JSON value, a form's fields, or a multipart form's fields with each file by
 * its name. Read from a copy (`request.clone()` taken before the handler read the original); undefined when empty.
 */
export async function bodyForLog(copy: Request): Promise<unknown> {
  const type = (copy.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  try {
    if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
      const fields: Record<string, string> = {};
      for (const [key, value] of await copy.formData()) fields[key] = typeof value === 'string' ? value : value.name;
      return Object.keys(fields).length > 0 ? fields : undefined;
    }
    const text = await copy.text();
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text.slice(0, MAX_PARAMS);
    }
  } catch {
    return undefined;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Writes the operation-log row of a successful write (spec §3 Operation log): who did what (`title`, as
 * `<screen>-<button>`), on which call, with which parameters — the query's and the body's (secrets masked, cut at
 * 2000 characters). A failure to log never fails the write it records.
 */
export async function recordOperation(db: Db, c: Context<BladeEnv>, title: string, body?: unknown) {
  const user = c.get('user');
  const url = new URL(c.req.url);
  const query = Object.fromEntries(url.searchParams);
  const params = body === undefined ? query : isPlainObject(body) ? { ...query, ...body } : { ...query, body };
  await insertLog(db, 'blade_operation_log', { tenantId: user.tenantId, account: user.account, userId: user.userId, deptId: user.deptId }, {
    service_id: serviceOf(url.pathname), title: title.slice(0, 255), method: c.req.method,
    request_uri: `${url.pathname}${url.search}`.slice(0, 2000), user_agent: (c.req.header('user-agent') ?? '').slice(0, 500),
    params: JSON.stringify(redact(params)).slice(0, MAX_PARAMS),
  });
}

/**
 * `handler` with the operation-log row of each POST it answers with 200, with what the body said (read from a copy:
 * the handler reads the original however it likes, as JSON or as a form). A refused write leaves no row.
 */
export function withOperationLog(db: Db, title: string, handler: (c: Context<BladeEnv>) => Promise<Response>) {
  return async (c: Context<BladeEnv>): Promise<Response> => {
    const copy = c.req.method === 'POST' && c.req.raw.body !== null ? c.req.raw.clone() : undefined;
    let response: Response;
    try {
      response = await handler(c);
    } catch (error) {
      void copy?.body?.cancel().catch(() => undefined);
      throw error;
    }
    if (c.req.method === 'POST' && response.status === 200) await recordOperation(db, c, title, copy ? await bodyForLog(copy) : undefined);
    else void copy?.body?.cancel().catch(() => undefined);
    return response;
  };
}
