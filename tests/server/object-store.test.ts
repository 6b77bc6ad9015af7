import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openObjectStore } from '../../server/storage';
import { LocalObjectStore, mountLocalStore } from '../../server/storage/local';
import { S3ObjectStore } from '../../server/storage/s3';
import { presign } from '../../server/storage/sigv4';

/** The local store alone on a real HTTP server, with a known key pair and a small size limit. */
const KEYS = { accessKeyId: 'TESTKEY', secretAccessKey: 'test-secret-key', region: 'us-east-1' };
const MAX_BYTES = 1024;
let root: string;
let base: string;
let store: LocalObjectStore;
let close: () => Promise<void>;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'blade-objects-'));
  store = new LocalObjectStore({ root, bucket: 'blade', keys: KEYS, maxBytes: MAX_BYTES });
  const app = new Hono();
  mountLocalStore(app, store);
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  rmSync(root, { recursive: true, force: true });
});

const put = (url: string, body: BodyInit, contentType = 'text/x-python', init: RequestInit = {}) =>
  fetch(`${base}${url}`, { method: 'PUT', body, headers: { 'Content-Type': contentType }, ...init });

describe('local store over HTTP', () => {
  it('stores what a presigned PUT sends and serves it back to a presigned GET', async () => {
    const key = '000000/script/a_fb_5_b_1.py';
    expect((await put(await store.presignPut(key, 'text/x-python', 60), 'print')).status).toBe(200);
    const answer = await fetch(`${base}${await store.presignGet(key, 60)}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('print');
    expect(answer.headers.get('content-type')).toBe('text/x-python');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''a_fb_5_b_1.py");
  });

  it('refuses an expired URL', async () => {
    const url = presign(KEYS, {
      method: 'GET',
      host: 'blade-local-oss',
      path: '/oss/blade/000000/script/a_fb_5_b_1.py',
      expiresInSeconds: 60,
      now: new Date(Date.now() - 120_000),
    });
    const answer = await fetch(`${base}${url}`);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('<Code>RequestExpired</Code>');
  });

  it('refuses a URL signed with another secret', async () => {
    const url = presign({ ...KEYS, secretAccessKey: 'guessed' }, {
      method: 'GET',
      host: 'blade-local-oss',
      path: '/oss/blade/000000/script/a_fb_5_b_1.py',
      expiresInSeconds: 60,
    });
    const answer = await fetch(`${base}${url}`);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('SignatureDoesNotMatch');
  });

  it('refuses a body larger than the limit, declared or streamed, and keeps nothing', async () => {
    const key = '000000/script/big_fb_2000_b_1.bin';
    const url = await store.presignPut(key, 'application/octet-stream', 60);
    const declared = await put(url, new Uint8Array(MAX_BYTES + 1), 'application/octet-stream');
    expect(declared.status).toBe(413);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i += 1) controller.enqueue(new Uint8Array(MAX_BYTES / 2));
        controller.close();
      },
    });
    const streamed = await put(url, chunks, 'application/octet-stream', { duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await store.stat(key)).toBeUndefined();
  });

  it('never reads or writes outside its folder', async () => {
    const literal = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/oss/blade/../../../etc/passwd`, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(literal.status).toBeGreaterThanOrEqual(400);
    expect(literal.body).not.toContain('root:');
    const encoded = await fetch(`${base}/oss/blade/000000%2F..%2F..%2F..%2Fetc%2Fpasswd`);
    expect(encoded.status).toBe(400);
    await expect(store.presignGet('../outside', 60)).rejects.toThrow(/unsafe/);
    await expect(store.putObject('a/../../outside', new Uint8Array([1]), 'text/plain')).rejects.toThrow(/unsafe/);
  });

  it('removes what cut-off uploads left behind, once it is old', async () => {
    mkdirSync(join(root, '.tmp'), { recursive: true });
    const [old, fresh] = [join(root, '.tmp', 'old'), join(root, '.tmp', 'fresh')];
    writeFileSync(old, 'x');
    writeFileSync(fresh, 'x');
    utimesSync(old, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    await store.removeStaleUploads();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('serves HTML as a sandboxed download, never inline', async () => {
    await store.putObject('000000/page.html', new TextEncoder().encode('<script>alert(1)</script>'), 'text/html');
    const answer = await fetch(`${base}${await store.presignGet('000000/page.html', 60)}`);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(answer.headers.get('content-security-policy')).toContain('sandbox');
  });
});

describe('S3 store (AWS SDK) against the local store', () => {
  let s3: S3ObjectStore;
  beforeAll(() => {
    s3 = new S3ObjectStore({ endpoint: `${base}/oss`, bucket: 'blade', accessKeyId: KEYS.accessKeyId, secretAccessKey: KEYS.secretAccessKey, region: KEYS.region });
  });
  afterAll(() => s3.close());

  it('puts, stats, gets and deletes objects with signed requests', async () => {
    const key = '000000/script/登录 测试_fb_3_b_2.py';
    await s3.putObject(key, new Uint8Array([1, 2, 3]), 'text/x-python');
    expect(await s3.stat(key)).toEqual({ size: 3, contentType: 'text/x-python' });
    expect(Array.from((await s3.getObject(key)) ?? [])).toEqual([1, 2, 3]);
    expect(Array.from((await store.getObject(key)) ?? [])).toEqual([1, 2, 3]);
    await s3.deleteObject(key);
    expect(await s3.getObject(key)).toBeUndefined();
    expect(await s3.stat(key)).toBeUndefined();
  });

  it('presigns a PUT the browser can use (with the signed Content-Type) and a GET', async () => {
    const key = '000000/script/up_fb_4_b_3.py';
    const url = await s3.presignPut(key, 'text/x-python', 60);
    expect(url.startsWith(`${base}/oss/blade/000000/script/`)).toBe(true);
    expect(url).not.toContain(KEYS.secretAccessKey);
    const wrongType = await fetch(url, { method: 'PUT', body: 'data', headers: { 'Content-Type': 'text/html' } });
    expect(wrongType.status).toBe(403);
    const ok = await fetch(url, { method: 'PUT', body: 'data', headers: { 'Content-Type': 'text/x-python' } });
    expect(ok.status).toBe(200);
    const got = await fetch(await s3.presignGet(key, 60));
    expect(await got.text()).toBe('data');
  });

  it('signs the length when given: another size is refused', async () => {
    const key = '000000/script/sized_fb_3_b_4.py';
    const url = await s3.presignPut(key, 'text/x-python', 60, 3);
    expect((await fetch(url, { method: 'PUT', body: 'abcd', headers: { 'Content-Type': 'text/x-python' } })).status).toBe(403);
    expect((await fetch(url, { method: 'PUT', body: 'abc', headers: { 'Content-Type': 'text/x-python' } })).status).toBe(200);
  });

  it('refuses a request signed with a wrong secret', async () => {
    const wrong = new S3ObjectStore({ endpoint: `${base}/oss`, bucket: 'blade', accessKeyId: KEYS.accessKeyId, secretAccessKey: 'nope', region: KEYS.region });
    await expect(wrong.putObject('000000/x.txt', new Uint8Array([1]), 'text/plain')).rejects.toThrow();
    wrong.close();
  });
});

describe('configuration', () => {
  it('uses the S3-compatible store when BLADE_OSS_ENDPOINT is set', async () => {
    const config = loadConfig({
      BLADE_OSS_ENDPOINT: `${base}/oss`,
      BLADE_OSS_BUCKET: 'blade',
      BLADE_OSS_ACCESS_KEY: KEYS.accessKeyId,
      BLADE_OSS_SECRET_KEY: KEYS.secretAccessKey,
    });
    // The S3 branch never touches the database.
    const opened = await openObjectStore(config, undefined as never);
    expect(opened).toBeInstanceOf(S3ObjectStore);
    expect(opened.describe()).toEqual({ bucket: 'blade', endpoint: `${base}/oss`, region: 'us-east-1' });
    await opened.putObject('000000/configured.txt', new TextEncoder().encode('via env'), 'text/plain');
    expect(new TextDecoder().decode(await store.getObject('000000/configured.txt'))).toBe('via env');
    (opened as S3ObjectStore).close();
  });

  it('refuses an endpoint without bucket and keys, and a size limit that is not a number', () => {
    expect(() => loadConfig({ BLADE_OSS_ENDPOINT: 'http://minio:9000' })).toThrow(/BLADE_OSS_BUCKET/);
    expect(() => loadConfig({ BLADE_OSS_MAX_BYTES: '50MB' })).toThrow(/BLADE_OSS_MAX_BYTES/);
    expect(loadConfig({ BLADE_OSS_MAX_BYTES: '1024' }).ossMaxBytes).toBe(1024);
  });
});
