import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { BladeApp } from './blade/context';

/** The placeholder Vite writes into index.html (`html.cspNonce`); each answer replaces it with a fresh nonce. */
export const CSP_NONCE_PLACEHOLDER = 'BLADE_CSP_NONCE';

/** The nonce of this response, made on first use. */
export function cspNonceOf(c: Context): string {
  const existing = c.get('cspNonce' as never) as string | undefined;
  if (existing) return existing;
  const nonce = randomBytes(16).toString('base64');
  c.set('cspNonce' as never, nonce as never);
  return nonce;
}

/**
 * Scripts and style elements only from this origin or carrying the nonce (antd's CSS-in-JS gets it through
 * `ConfigProvider csp`); style attributes stay allowed, as React and antd set them. Avatars and menu-named
 * iframe pages may live elsewhere.
 */
function contentSecurityPolicy(nonce: string, formAction: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' https: http:",
    "object-src 'none'",
    "base-uri 'self'",
    ...(formAction ? ["form-action 'self'"] : []),
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Security headers on every answer. The SSO form's CSP leaves out `form-action`: its post redirects to the
 * client's registered address, which may be another origin. An answer's own CSP, Content-Disposition and nosniff
 * (a stored object's) are kept.
 */
export function securityHeaders(ssoFormPath: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const nonce = c.get('cspNonce' as never) as string | undefined;
    const isHtml = (headers.get('content-type') ?? '').startsWith('text/html');
    // A served object (an upload stored as text/html) brings its own sandbox policy: the page's would let it run.
    if ((isHtml || nonce) && !headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', contentSecurityPolicy(nonce ?? 'none', c.req.path !== ssoFormPath));
    }
    if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'SAMEORIGIN');
    headers.set('X-Content-Type-Options', 'nosniff');
    if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'same-origin');
  };
}

const HASHED_ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A hashed asset with the compressed copies Vite wrote beside it. */
interface HeldAsset {
  type: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The hashed assets (a few MB), read once at start: they never change under their name, and a cold visit asks for
 * some twenty of them at once. Read from disk per request, each cost the server an open, a stat per encoding and a
 * stream, on the same two cores as the browser it was answering.
 */
function heldAssets(staticDir: string): Map<string, HeldAsset> {
  const dir = join(staticDir, HASHED_ASSETS);
  const held = new Map<string, HeldAsset>();
  if (!existsSync(dir)) return held;
  const names = new Set(readdirSync(dir));
  for (const name of names) {
    const type = getMimeType(name);
    if (!type || name.endsWith('.br') || name.endsWith('.gz')) continue;
    const copy = (suffix: string) => (names.has(name + suffix) ? readFileSync(join(dir, name + suffix)) : undefined);
    held.set(`${HASHED_ASSETS}${name}`, { type, identity: readFileSync(join(dir, name)), br: copy('.br'), gzip: copy('.gz') });
  }
  return held;
}

/** The content codings an Accept-Encoding header accepts: those named without `q=0`. */
function acceptedCodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = params.find((param) => param.startsWith('q='));
    if (coding && !(quality && Number(quality.slice(2)) === 0)) accepted.add(coding);
  }
  return accepted;
}

/** The asset in the best encoding the client accepts. */
function answerAsset(c: Context, asset: HeldAsset): Response {
  const accepted = acceptedCodings(c.req.header('Accept-Encoding'));
  const [encoding, body] =
    asset.br && accepted.has('br') ? ['br', asset.br] : asset.gzip && accepted.has('gzip') ? ['gzip', asset.gzip] : [undefined, asset.identity];
  const headers: Record<string, string> = {
    'Content-Type': asset.type,
    'Content-Length': String(body.length),
    'Cache-Control': IMMUTABLE,
    Vary: 'Accept-Encoding',
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { headers });
}

/**
 * The built single-page app: Vite's gzip/brotli files served as they are (`precompressed`), hashed assets cached
 * for a year, index.html revalidated each time and answered for every other non-API GET (client-side routes) with
 * this response's CSP nonce in its tags.
 */
export function serveSpa(app: BladeApp, staticDir: string | undefined, isApiPath: (path: string) => boolean) {
  if (!staticDir || !existsSync(join(staticDir, 'index.html'))) return;
  const indexHtml = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const assets = heldAssets(staticDir);
  const serveFiles = serveStatic({
    root: staticDir,
    precompressed: true,
    onFound: (path, c) => {
      const hashed = path.includes(`${HASHED_ASSETS}`);
      c.header('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  const answerIndex = (c: Context) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonceOf(c)));
  };
  app.use('*', async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    if (c.req.path === '/' || c.req.path === '/index.html') return c.req.method === 'GET' ? answerIndex(c) : next();
    const asset = assets.get(c.req.path);
    if (asset && (c.req.method === 'GET' || c.req.method === 'HEAD')) return answerAsset(c, asset);
    return serveFiles(c, next);
  });
  app.get('*', (c, next) => (isApiPath(c.req.path) ? next() : answerIndex(c)));
}
