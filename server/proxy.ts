import type { Context } from 'hono';

/** Hop-by-hop headers, and those `fetch` recomputes (it also decompresses, so the encoding no longer applies). */
const DROPPED_REQUEST_HEADERS = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade'];
const DROPPED_RESPONSE_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

/** Forwards a request unchanged (method, path, query, headers, body) to `upstream` and relays the answer. */
export function proxyTo(upstream: string) {
  const base = upstream.replace(/\/+$/, '');
  return async (c: Context): Promise<Response> => {
    const incoming = new URL(c.req.url);
    const headers = new Headers(c.req.raw.headers);
    for (const name of DROPPED_REQUEST_HEADERS) headers.delete(name);
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const answer = await fetch(`${base}${incoming.pathname}${incoming.search}`, {
      method: c.req.method,
      headers,
      body: hasBody ? await c.req.arrayBuffer() : undefined,
      redirect: 'manual',
    });
    const responseHeaders = new Headers(answer.headers);
    for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name);
    return new Response(answer.body, { status: answer.status, headers: responseHeaders });
  };
}
