import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, blade, paramKeysWithPrefix, startMain } from './process';

const ROUNDS = 3;
const WRITERS = 8;
const dataDir = mkdtempSync(join(tmpdir(), 'blade-resilience-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Writers insert until the server dies under them; only answered successes count as acknowledged. */
async function writeUntilKilled(url: string, token: string, prefix: string, acknowledged: Set<string>, killAfterMs: number, kill: () => void) {
  let alive = true;
  const killer = setTimeout(() => {
    alive = false;
    kill();
  }, killAfterMs);
  const writer = async (index: number) => {
    for (let n = 0; alive; n++) {
      const key = `${prefix}${index}.${n}`;
      try {
        const answer = await blade(url, token, '/api/blade-system/param/submit', { paramName: 'kill', paramKey: key, paramValue: 'v' });
        if (answer.body.code === 200) acknowledged.add(key);
      } catch {
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
  clearTimeout(killer);
}

const targets: [string, { dataDir?: string; databaseUrl?: string }][] = [['PGlite', { dataDir }]];
if (process.env.TEST_DATABASE_URL) targets.push(['PostgreSQL', { databaseUrl: process.env.TEST_DATABASE_URL }]);

describe.each(targets)('kill -9 during writes, %s', (_name, storage) => {
  it(`keeps every acknowledged write, ${ROUNDS} times over`, async () => {
    const acknowledged = new Set<string>();
    const prefix = `kill${Date.now().toString(36)}.`;
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startMain(storage);
      const token = await adminToken(server.url);
      await writeUntilKilled(server.url, token, `${prefix}${round}.`, acknowledged, 1500 + round * 500, () => server.child.kill('SIGKILL'));
      await server.stop('SIGKILL');
    }
    const server = await startMain(storage);
    try {
      const stored = await paramKeysWithPrefix(server.url, await adminToken(server.url), prefix);
      expect(acknowledged.size).toBeGreaterThan(0);
      expect([...acknowledged].filter((key) => !stored.has(key))).toEqual([]);
      const health = await blade(server.url, await adminToken(server.url), '/api/blade-system/param/list');
      expect(health.body.code).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
