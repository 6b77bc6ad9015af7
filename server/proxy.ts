import type { Context } from 'hono';
import { R } from './blade/envelope';

/** Hop-by-hop headers, and those `fetch` recomputes (it also decompresses, so the encoding no longer applies). */
const DROPPED_REQUEST_HEADERS = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade'];
const DROPPED_RESPONSE_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

/** The browser gives up after 10 s (spec §9); the proxy answers before that, so the user sees why. */
export const UPSTREAM_TIMEOUT_MS = 8000;
export const UPSTREAM_DOWN = '上游服务不可用';
export const UPSTREAM_SLOW = '上游服务响应超时';

/**
 * Forwards a request unchanged (method, path, query, headers, body streamed through) to `upstream` and relays the
 * answer; an unreachable upstream is a 502 envelope, one that has not answered within the timeout a 504.
 */
export function proxyTo(upstream: string, timeoutMs = UPSTREAM_TIMEOUT_MS) {
  const base = upstream.replace(/\/+$/, '');
  return async (c: Context): Promise<Response> => {
    const incoming = new URL(c.req.url);
    const headers = new Headers(c.req.raw.headers);
    for (const name of DROPPED_REQUEST_HEADERS) headers.delete(name);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    // Only the wait for the answer's headers is timed: a long download may take as long as it needs.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new DOMException('upstream timeout', 'TimeoutError')), timeoutMs);
    let answer: Response;
    try {
      answer = await fetch(`${base}${incoming.pathname}${incoming.search}`, {
        method: c.req.method,
        headers,
        body: hasBody ? c.req.raw.body : undefined,
        redirect: 'manual',
        signal: abort.signal,
        // Node's fetch streams a request body only half-duplex.
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      return c.json(timedOut ? R.fail(504, UPSTREAM_SLOW) : R.fail(502, UPSTREAM_DOWN), timedOut ? 504 : 502);
    } finally {
      clearTimeout(timer);
    }
    const responseHeaders = new Headers(answer.headers);
    for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name);
    return new Response(answer.body, { status: answer.status, headers: responseHeaders });
  };
}
