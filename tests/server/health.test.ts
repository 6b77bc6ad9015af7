import { beforeAll, describe, expect, it } from 'vitest';
import type { CacheFigures } from '../../server/bounded-cache';
import { call, login, loginAdmin } from './client';
import { OTHER_TENANT, TESTER } from './fixtures';

const HEALTH = '/api/blade-system/health';

describe('GET /api/blade-system/health', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await loginAdmin();
  });

  it('tells an anonymous caller only that the server is up', async () => {
    const answer = await call(HEALTH, { headers: { Authorization: '' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ code: 200, success: true, data: { status: 'UP' }, msg: '操作成功' });
  });

  it('tells a signed-in user who is not the installation administrator only that the server is up', async () => {
    for (const account of [TESTER, OTHER_TENANT]) {
      const { access_token } = await login(account);
      const answer = await call(HEALTH, { token: access_token });
      expect(answer.body.data).toEqual({ status: 'UP' });
    }
  });

  it('ignores a token it cannot verify', async () => {
    const answer = await call(HEALTH, { token: `${adminToken.slice(0, -4)}AAAA` });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ status: 'UP' });
  });

  it('tells the administrator the memory and every cache against its bounds', async () => {
    // Something in the read cache and the session cache to count.
    await call('/api/blade-system/param/list', { token: adminToken });
    await call('/api/blade-system/param/list', { token: adminToken });
    const answer = await call(HEALTH, { token: adminToken });
    expect(answer.body.code).toBe(200);
    const { status, memoryMb, heapSpacesMb, caches } = answer.body.data;
    expect(status).toBe('UP');
    for (const figure of ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers']) expect(memoryMb[figure]).toBeGreaterThan(0);
    expect(heapSpacesMb.old_space).toBeGreaterThan(0);
    const embedded = !process.env.TEST_DATABASE_URL;
    if (embedded) {
      // PGlite's WebAssembly memory lives in its thread: tens of megabytes at the least.
      const { databaseThreadMb } = answer.body.data;
      expect(Object.keys(databaseThreadMb).sort()).toEqual(['arrayBuffers', 'external', 'heapTotal', 'heapUsed']);
      expect(databaseThreadMb.heapUsed).toBeGreaterThan(0);
      expect(databaseThreadMb.external).toBeGreaterThan(32);
    } else expect(answer.body.data.databaseThreadMb).toBeUndefined();
    expect(heapSpacesMb.new_space).toBeGreaterThan(0);
    const byName = Object.fromEntries((caches as CacheFigures[]).map((cache) => [cache.name, cache]));
    // The read cache is the embedded database's: on PostgreSQL (TEST_DATABASE_URL) every read goes to the server,
    // which keeps the statements named by their texts.
    const readCaches = embedded ? ['readCache', 'sqlEffects', 'pgliteStatements', 'pgliteSeenStatements'] : ['postgresStatements', 'postgresSeenStatements'];
    expect(Object.keys(byName).sort()).toEqual(['agentTokens', 'flowModels', 'grantReads', ...readCaches, 'scriptUrls', 'sessions', 'storageClients', 'verifiedTokens'].sort());
    expect(byName.agentTokens).toMatchObject({ maxEntries: 10_000 });
    if (embedded) {
      expect(byName.readCache).toMatchObject({ maxEntries: 500, maxBytes: 32 * 1024 * 1024 });
      const reads = byName.readCache;
      expect(reads.entries).toBeGreaterThan(0);
      expect(reads.bytes).toBeGreaterThan(0);
      expect(reads.hits + reads.misses).toBeGreaterThan(0);
      expect(byName.pgliteStatements).toMatchObject({ maxEntries: 200 });
      expect(byName.pgliteStatements.entries).toBeGreaterThan(0);
    } else {
      expect(byName.postgresStatements).toMatchObject({ maxEntries: 200 });
      expect(byName.postgresStatements.entries).toBeGreaterThan(0);
    }
    expect(byName.grantReads).toMatchObject({ maxEntries: 2000, maxBytes: 8 * 1024 * 1024 });
    expect(byName.sessions).toMatchObject({ maxEntries: 20_000 });
    expect(byName.sessions.entries).toBeGreaterThan(0);
    // Sizes and counts only: no key, token or statement text.
    expect(answer.text).not.toMatch(/select|bearer|password|secret|hash/i);
  });
});
