import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { brotliCompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { call, loginAdmin, serverUrl } from './client';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';

/** The app as Vite builds it: the nonce placeholder in index.html, hashed assets with .br and .gz beside them. */
const INDEX_HTML =
  '<!doctype html><meta property="csp-nonce" nonce="BLADE_CSP_NONCE"><script type="module" src="/assets/app-Ab12Cd34.js" nonce="BLADE_CSP_NONCE"></script><div id="root"></div>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

let spa: RunningServer;
let dataDir: string;
let staticDir: string;

beforeAll(async () => {
  dataDir = freshDataDir('blade-serving-test-');
  staticDir = mkdtempSync(join(tmpdir(), 'blade-serving-static-'));
  writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app-Ab12Cd34.js'), APP_JS);
  writeFileSync(join(staticDir, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(join(staticDir, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(APP_JS));
  // Proxy mode serves the same static files and needs no database of its own.
  spa = await startServer({ port: 0, dataDir, upstream: serverUrl(), staticDir }, { resources: registry });
});

afterAll(async () => {
  await spa?.close();
  for (const dir of [dataDir, staticDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('answers index.html with a fresh CSP nonce in its tags and header, revalidated every time', async () => {
    const nonces = new Set<string>();
    for (const route of ['/', '/login', '/system/param']) {
      const page = await fetch(`${spa.url}${route}`);
      const html = await page.text();
      const nonce = page.headers.get('content-security-policy')?.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
      expect(nonce, route).toBeTruthy();
      expect(html).not.toContain('BLADE_CSP_NONCE');
      expect(html).toContain(`nonce="${nonce}"`);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it('sends the precompressed brotli or gzip file of a hashed asset, cached for a year', async () => {
    const brotli = await fetch(`${spa.url}/assets/app-Ab12Cd34.js`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await brotli.text()).toBe(APP_JS);
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    const gzip = await fetch(`${spa.url}/assets/app-Ab12Cd34.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${spa.url}/assets/app-Ab12Cd34.js`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String(APP_JS.length));
    expect(await plain.text()).toBe(APP_JS);
    // q=0 refuses a coding: brotli refused, gzip it is.
    const noBrotli = await fetch(`${spa.url}/assets/app-Ab12Cd34.js`, { headers: { 'Accept-Encoding': 'br;q=0, gzip' } });
    expect(noBrotli.headers.get('content-encoding')).toBe('gzip');
    const favicon = await fetch(`${spa.url}/favicon.svg`);
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  it('holds the hashed assets in memory from the start: no disk read per request', async () => {
    rmSync(join(staticDir, 'assets', 'app-Ab12Cd34.js.br'));
    const brotli = await fetch(`${spa.url}/assets/app-Ab12Cd34.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toBe(APP_JS);
    const head = await fetch(`${spa.url}/assets/app-Ab12Cd34.js`, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(await head.text()).toBe('');
    expect((await fetch(`${spa.url}/assets/missing-Zz99.js`)).status).not.toBe(500);
  });

  it('answers clearly when the upstream gateway is down', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const proxy = await startServer({ port: 0, dataDir, upstream: `http://127.0.0.1:${port}` }, { resources: registry });
    try {
      const answer = await call('/api/blade-system/param/list', { base: proxy.url });
      expect(answer.status).toBe(502);
      expect(answer.body).toMatchObject({ code: 502, success: false, data: null });
    } finally {
      await proxy.close();
    }
  });
});

describe('security headers', () => {
  it('are on API answers and the SSO form; the form style carries the nonce', async () => {
    const api = await fetch(`${serverUrl()}/api/blade-auth/oauth/captcha`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(api.headers.get('referrer-policy')).toBe('same-origin');

    const query = new URLSearchParams({ client_id: 'saber', redirect_uri: `${serverUrl()}/login`, response_type: 'code' });
    const form = await fetch(`${serverUrl()}/api/blade-auth/oauth/authorize?${query}`);
    const csp = form.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    const nonce = csp.match(/style-src 'self' 'nonce-([^']+)'/)?.[1];
    expect(await form.text()).toContain(`<style nonce="${nonce}">`);
  });

  it('compresses API JSON at once for clients that accept it, with its length, and says it varies', async () => {
    const token = await loginAdmin();
    const path = '/api/blade-system/menu/routes';
    const headers = { 'Blade-Auth': `bearer ${token}` };
    const plain = await rawGet(path, headers);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect(plain.body.length, 'long enough to be compressed').toBeGreaterThan(1024);
    const answer = JSON.parse(plain.body.toString());
    expect(answer.code).toBe(200);

    const gzip = await rawGet(path, { ...headers, 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(gzip.headers['content-length'], 'sent whole, not as a stream').toBe(String(gzip.body.length));
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(answer);

    const deflate = await rawGet(path, { ...headers, 'Accept-Encoding': 'gzip;q=0, deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(inflateSync(deflate.body).toString())).toEqual(answer);
  });

  it('compresses a long API answer as a stream', async () => {
    const token = await loginAdmin();
    // A page of 1 000 menu rows or as many as there are, padded by long names where the seed has few.
    const path = '/api/blade-system/menu/list?current=1&size=1000';
    const plain = await rawGet(path, { 'Blade-Auth': `bearer ${token}` });
    expect(plain.body.length, 'longer than an answer compressed at once').toBeGreaterThan(128 * 1024);
    const gzip = await rawGet(path, { 'Blade-Auth': `bearer ${token}`, 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-length']).toBeUndefined();
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('sends a short API answer as it is, with its length: a gzip stream per small answer costs more than it saves', async () => {
    const token = await loginAdmin();
    const response = await fetch(`${serverUrl()}/gateway/blade-task/task/report-trend?taskId=1`, {
      headers: { 'Blade-Auth': `bearer ${token}`, 'Accept-Encoding': 'gzip' },
    });
    const text = await response.text();
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toMatchObject({ code: 200 });
  });
});

/** One GET with its bytes as they came over the wire (fetch would decompress them). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${serverUrl()}${path}`, { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ headers: incoming.headers, body: Buffer.concat(chunks) }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
