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
const UPLOAD_PATHS = ['/api/blade-resource/oss/endpoint/put-file', '/api/blade-resource/oss/endpoint/put-file-attach', '/api/blade-flow/manager/deploy-upload'];
const CREDENTIAL_PATHS = ['/api/blade-auth/oauth/token', '/api/blade-auth/oauth/authorize'];

function limitOf(path: string): number {
  if (UPLOAD_PATHS.some((prefix) => path.startsWith(prefix))) return BODY_LIMITS.upload;
  if (CREDENTIAL_PATHS.some((prefix) => path.startsWith(prefix))) return BODY_LIMITS.token;
  return BODY_LIMITS.json;
}

/** How much of a refused body, and for how long, the server still reads (to throw it away) before it answers. */
const DISCARD_MAX_BYTES = 32 * 1024 * 1024;
const DISCARD_MAX_MS = 5_000;

/**
 * Reads the rest of a refused request body and throws it away, so that a client still sending it hears the refusal:
 * a connection closed with unread data is reset, and the sender sees its write fail (EPIPE) instead of the answer.
 * A body declared or found larger than `DISCARD_MAX_BYTES`, or slower than `DISCARD_MAX_MS`, is left unread, and the
 * answer says the connection ends with it (`Connection: close`), since it cannot carry another request.
 */
export async function discardRestOfBody(c: Context, reader?: ReadableStreamDefaultReader<Uint8Array>, alreadyRead = 0): Promise<void> {
  let whole = false;
  if (!(Number(c.req.header('content-length')) > DISCARD_MAX_BYTES)) {
    try {
      reader ??= c.req.raw.body?.getReader();
    } catch {
      reader = undefined; // The body was taken by a reader that gave up on it.
    }
    if (reader) whole = await readToEnd(reader, DISCARD_MAX_BYTES - alreadyRead);
  }
  if (!whole) c.header('Connection', 'close');
}

async function readToEnd(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<boolean> {
  let late = false;
  const deadline = setTimeout(() => {
    late = true;
    void reader.cancel().catch(() => undefined);
  }, DISCARD_MAX_MS);
  try {
    for (let read = 0; read <= maxBytes; ) {
      const { done, value } = await reader.read();
      if (done) return !late;
      read += value.byteLength;
    }
    await reader.cancel().catch(() => undefined);
    return false;
  } catch {
    return false;
  } finally {
    clearTimeout(deadline);
  }
}

const tooLarge = async (c: Context) => {
  await discardRestOfBody(c);
  return c.json(R.fail(413, TOO_LARGE), 413);
};
/**
 * Hono's body limit, asked first from the headers: it reads `c.req.raw.body`, which makes the Node adapter build a
 * whole fetch Request (its stream, its signal) for every call, a GET's too, and then read the body through it. A
 * request without a body, or with a Content-Length and no chunks, is judged by its headers; only a chunked body is
 * counted as it streams in.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    const length = c.req.header('content-length');
    if (length === undefined || Number(length) <= maxSize) return next();
    return onError(c);
  };
}

/** One limiter per limit, made up front: the limits are the constants above, so this never grows. */
const limiters = new Map(Object.values(BODY_LIMITS).map((maxSize) => [maxSize, limitBody(maxSize, tooLarge)]));

/** Refuses a body over the path's limit with the 413 envelope (by Content-Length, or while a chunked body streams in). */
export const limitBodies: MiddlewareHandler = (c, next) => limiters.get(limitOf(c.req.path))!(c, next);

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
