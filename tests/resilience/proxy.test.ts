import { createServer, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMain } from './process';

/** The browser gives up after 10 s (spec §9): the proxy must have answered, clearly, before that. */
const CLIENT_TIMEOUT_MS = 10_000;
const dataDir = mkdtempSync(join(tmpdir(), 'blade-resilience-proxy-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

async function timedCall(url: string) {
  const start = Date.now();
  const response = await fetch(`${url}/api/blade-system/param/list`, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
  return { ms: Date.now() - start, status: response.status, body: (await response.json()) as { code: number; msg: string } };
}

describe('proxy mode (BLADE_UPSTREAM)', () => {
  it('answers 502 at once when the upstream is down', async () => {
    const closed = createServer();
    const port = await listen(closed);
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const proxy = await startMain({ dataDir }, { BLADE_UPSTREAM: `http://127.0.0.1:${port}` });
    try {
      const answer = await timedCall(proxy.url);
      expect(answer.status).toBe(502);
      // 502, not 504: the refused connection is answered as such, not after the upstream timeout.
      expect(answer.body.code).toBe(502);
    } finally {
      await proxy.stop();
    }
  });

  it('answers 504 within the client timeout when the upstream accepts but never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    const port = await listen(silent);
    const proxy = await startMain({ dataDir }, { BLADE_UPSTREAM: `http://127.0.0.1:${port}` });
    try {
      const answer = await timedCall(proxy.url);
      expect(answer.status).toBe(504);
      expect(answer.body.code).toBe(504);
      expect(answer.ms).toBeLessThan(CLIENT_TIMEOUT_MS);
      // Still serving after the slow request.
      expect((await timedCall(proxy.url)).status).toBe(504);
    } finally {
      await proxy.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
