import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { LocalObjectStore, mountLocalStore } from '../../server/storage/local';

/** The key pair the test service accepts. */
export const S3_TEST_KEYS = { accessKeyId: 'S3TESTKEY', secretAccessKey: 's3-test-secret-key', region: 'us-east-1' };

export interface S3TestServer {
  /** What a storage setting names as its endpoint (path style: `<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  store: LocalObjectStore;
  /** Requests the service answered, as `METHOD /path` (the running upload's test watches it). */
  requests: string[];
  close(): Promise<void>;
}

/**
 * An S3-compatible service of the test's own on loopback: the embedded store's S3 subset (SigV4 checked) on a second
 * HTTP server with its own key pair and folder; with `corsOrigin`, it answers a browser's preflight from that origin
 * as a bucket with a CORS rule does.
 */
export async function startS3TestServer(options: { bucket?: string; corsOrigin?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'tenant-bucket';
  const root = mkdtempSync(join(tmpdir(), 'blade-s3-test-'));
  const store = new LocalObjectStore({ root, bucket, keys: S3_TEST_KEYS });
  const requests: string[] = [];
  const app = new Hono();
  app.use('*', async (c, next) => {
    requests.push(`${c.req.method} ${new URL(c.req.url).pathname}`);
    await next();
  });
  if (options.corsOrigin) {
    app.use('*', cors({ origin: options.corsOrigin, allowMethods: ['GET', 'PUT', 'HEAD', 'DELETE'], allowHeaders: ['content-type'] }));
  }
  mountLocalStore(app, store);
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oss`,
    bucket,
    store,
    requests,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
