import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ObjectStore } from '../../server/storage/types';

/**
 * A test double of object storage: objects in memory, served by a loopback HTTP server on URLs signed with an HMAC
 * and an expiry (as presigned URLs are). Counts downloads so tests can see the agent fetched each script.
 */
export interface LoopbackStore extends ObjectStore {
  downloads: string[];
  close(): Promise<void>;
}

export async function startLoopbackStore(): Promise<LoopbackStore> {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const secret = randomBytes(32);
  const downloads: string[] = [];
  const sign = (key: string, expires: number) => createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex');

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://loopback');
    const key = decodeURIComponent(url.pathname.slice(1));
    const expires = Number(url.searchParams.get('expires'));
    const given = Buffer.from(url.searchParams.get('signature') ?? '', 'utf8');
    const expected = Buffer.from(sign(key, expires), 'utf8');
    const valid = given.length === expected.length && timingSafeEqual(given, expected) && expires * 1000 > Date.now();
    const object = objects.get(key);
    if (request.method !== 'GET' || !valid || !object) {
      response.writeHead(valid ? 404 : 403).end();
      return;
    }
    downloads.push(key);
    response.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': object.bytes.byteLength }).end(object.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const presign = async (key: string, expiresInSeconds: number) => {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    return `${base}/${encodeURIComponent(key)}?expires=${expires}&signature=${sign(key, expires)}`;
  };

  return {
    downloads,
    presignPut: (key, _contentType, expiresInSeconds) => presign(key, expiresInSeconds),
    presignGet: presign,
    async putObject(key, bytes, contentType) {
      objects.set(key, { bytes, contentType });
    },
    async getObject(key) {
      return objects.get(key)?.bytes;
    },
    async deleteObject(key) {
      objects.delete(key);
    },
    describe: () => ({ bucket: 'loopback', endpoint: base, region: 'local' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
