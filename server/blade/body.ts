import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { R } from './envelope';
import { BladeError, MSG } from './errors';

/** Request body limits: small for credentials, uploads their own; anything larger is refused before it is read. */
export const BODY_LIMITS = {
  token: 64 * 1024,
  json: 2 * 1024 * 1024,
  /** The upload limit plus room for the multipart framing. */
  upload: 10 * 1024 * 1024 + 256 * 1024,
} as const;

export const TOO_LARGE = '请求体过大';

/** Paths whose bodies are files. */
const UPLOAD_PATHS = ['/api/blade-resource/oss/endpoint/put-file', '/api/blade-flow/manager/deploy-upload'];
const CREDENTIAL_PATHS = ['/api/blade-auth/oauth/token', '/api/blade-auth/oauth/authorize'];

function limitOf(path: string): number {
  if (UPLOAD_PATHS.some((prefix) => path.startsWith(prefix))) return BODY_LIMITS.upload;
  if (CREDENTIAL_PATHS.some((prefix) => path.startsWith(prefix))) return BODY_LIMITS.token;
  return BODY_LIMITS.json;
}

const limiters = new Map<number, MiddlewareHandler>();
// The rest of the body is never read, so the connection cannot carry another request: say so to the client.
const tooLarge = (c: Context) => c.json(R.fail(413, TOO_LARGE), 413, { Connection: 'close' });

/** Refuses a body over the path's limit with the 413 envelope (by Content-Length, or while a chunked body streams in). */
export const limitBodies: MiddlewareHandler = (c, next) => {
  const maxSize = limitOf(c.req.path);
  let limiter = limiters.get(maxSize);
  if (!limiter) limiters.set(maxSize, (limiter = bodyLimit({ maxSize, onError: tooLarge })));
  return limiter(c, next);
};

/** Body types a Blade endpoint reads; `text/plain` and friends are what a cross-site form can send without asking. */
const ACCEPTED_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

const hasBody = (c: Context) => {
  const length = c.req.header('content-length');
  return length !== undefined ? Number(length) > 0 : c.req.header('transfer-encoding') !== undefined;
};

/** A non-empty body must come as JSON, a form or multipart; anything else is 415, never parsed as JSON. */
export const requireKnownBodyType: MiddlewareHandler = async (c, next) => {
  if (!hasBody(c)) return next();
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  const accepted = ACCEPTED_BODY_TYPES.includes(type) || /^application\/[\w.+-]+\+json$/.test(type);
  if (!accepted) throw new BladeError(415, MSG.unsupportedMediaType);
  return next();
};

/** A form or multipart body's fields; a malformed body is the client's fault (400), never a 500. */
export async function formBody(c: Context): Promise<Record<string, string | File>> {
  try {
    const parsed = await c.req.parseBody();
    const fields: Record<string, string | File> = {};
    for (const [key, value] of Object.entries(parsed)) {
      const single = Array.isArray(value) ? value[0] : value;
      if (typeof single === 'string' || single instanceof File) fields[key] = single;
    }
    return fields;
  } catch {
    throw new BladeError(400, `${MSG.paramInvalid}: 请求体格式不正确`);
  }
}

/** The string fields of a form body. */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(await formBody(c))) if (typeof value === 'string') fields[key] = value;
  return fields;
}
