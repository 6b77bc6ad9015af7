import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { call, login, loginAdmin, requestToken, serverUrl, withRegistrationOpen, md5 } from './client';
import { ADMIN_PASSWORD } from './fixtures';
import { registry } from '../../resources/schemas';
import { SEED_IDS } from '../../server/db/seed';

/**
 * Two servers on one PostgreSQL database (the shared test server and a second one started here) agree on sessions
 * and lock-outs: each keeps its own session cache, so this is what two processes would see. PostgreSQL only.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
let second: RunningServer;
let dataDir: string;

describe.runIf(databaseUrl)('several servers on one PostgreSQL', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'blade-second-server-'));
    second = await startServer({ port: 0, dataDir, databaseUrl, adminPassword: ADMIN_PASSWORD, captcha: false }, { resources: registry });
  });
  afterAll(async () => {
    await second?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a logout on one ends the access token on the other', async () => {
    const session = await login({ account: 'admin', password: ADMIN_PASSWORD });
    expect((await call('/api/blade-auth/oauth/user-info', { token: session.access_token, base: second.url })).body.code).toBe(200);
    await call('/api/blade-auth/oauth/logout', { token: session.access_token });
    expect((await call('/api/blade-auth/oauth/user-info', { token: session.access_token, base: second.url })).body.code).toBe(401);
  });

  it('a grant through one is honoured by the other at its next request, and so is the grant taken back', async () => {
    const admin = await loginAdmin();
    const tag = Date.now().toString(36);
    await call('/api/blade-system/role/submit', { token: admin, json: { roleName: `共享授权${tag}`, roleAlias: `shared_${tag}`, parentId: '0', sort: 1 } });
    const [role] = (await call(`/api/blade-system/role/page?roleAlias_equal=shared_${tag}`, { token: admin })).body.data.records;
    const account = `grant${tag}`;
    const created = await call('/api/blade-system/user/submit', {
      token: admin,
      json: { account, password: 'Pass-word1', password2: 'Pass-word1', name: account, realName: '共享授权', userType: 1, deptId: SEED_IDS.dept, roleId: role.id },
    });
    expect(created.body.code, created.text).toBe(200);
    const codes = new Map<string, string>();
    const walk = (nodes: { code: string; id: string; children?: unknown[] }[]) =>
      nodes.forEach((node) => (codes.set(node.code, node.id), walk((node.children ?? []) as typeof nodes)));
    walk((await call('/api/blade-system/menu/routes', { token: admin })).body.data);
    walk((await call('/api/blade-system/menu/buttons', { token: admin })).body.data);
    const grant = async (menuCodes: string[]) => {
      const json = { roleIds: [role.id], menuIds: menuCodes.map((code) => codes.get(code)!), dataScopeIds: [], apiScopeIds: [] };
      expect((await call('/api/blade-system/role/grant', { token: admin, json })).body.code).toBe(200);
    };
    const reader = (await login({ account, password: 'Pass-word1' }, second.url)).access_token;
    const readParams = async () => (await call('/api/blade-system/param/list?size=1', { token: reader, base: second.url })).body.code;
    // The second server has read (and keeps) the role's grants: none.
    expect(await readParams()).toBe(403);
    await grant(['system', 'param', 'param_view']);
    expect(await readParams()).toBe(200);
    await grant([]);
    expect(await readParams()).toBe(403);
  });

  it('failed logins on both count toward one lock-out', async () => {
    const admin = await loginAdmin();
    const account = `shared${Date.now() % 100000}`;
    await withRegistrationOpen(admin, async () => {
      const query = new URLSearchParams({ grant_type: 'register', account, name: 'shared', password: md5('Shared-pass1') });
      const registered = await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { 'Tenant-Id': '000000' } });
      expect(registered.body.access_token).toBeTruthy();
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      const base = attempt % 2 === 0 ? serverUrl() : second.url;
      expect((await requestToken({ account, password: 'wrong' }, { base })).body.error_code).toBe(2004);
    }
    for (const base of [serverUrl(), second.url]) {
      expect((await requestToken({ account, password: 'Shared-pass1' }, { base })).body.error_code).toBe(2003);
    }
  });
});
