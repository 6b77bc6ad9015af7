import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { MSG } from './errors';

/** The Blade response body `{code, success, data, msg}` (blade-contract §1). */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export const R = {
  /** Success carrying data; a null payload says so in `msg`, as BladeX's `R.data` does. */
  data<T>(data: T, msg?: string): Envelope<T | null> {
    const empty = data === null || data === undefined;
    return { code: 200, success: true, data: empty ? null : data, msg: msg ?? (empty ? MSG.noData : MSG.success) };
  },
  success(msg: string = MSG.success): Envelope<Record<string, never>> {
    return { code: 200, success: true, data: {}, msg };
  },
  fail(code: number, msg: string): Envelope<null> {
    return { code, success: false, data: null, msg };
  },
  /** A boolean result: 200 `操作成功` or 400 `操作失败`, data `{}`. */
  status(ok: boolean): Envelope<Record<string, never>> {
    return { code: ok ? 200 : 400, success: ok, data: {}, msg: ok ? MSG.success : MSG.failure };
  },
};

/**
 * Sends an envelope with the HTTP status BladeX uses for its body code (400 for failures, 200 otherwise). Its length
 * goes with it, so the compression middleware leaves a short answer (below 1 KiB: most of them, every agent call's)
 * as it is instead of running a gzip stream for it. `Vary` goes with it too: set after the answer, the middleware's
 * header turns the server's light answer into a full web Response (a stream per answer) even for a client that
 * takes no compression.
 */
export function send(c: Context, body: Envelope): Response {
  const status = (body.code === 200 || body.code === 401 ? 200 : body.code) as ContentfulStatusCode;
  const text = JSON.stringify(body);
  return c.body(text, status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    Vary: 'Accept-Encoding',
  });
}
