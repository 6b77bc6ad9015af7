import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../server/db/seed';
import { seedApiScope, seedDataScope, seedParams, seedTenantPackage } from '../../server/db/seed-data/settings';
import { call, loginAdmin } from './client';

/**
 * A fresh install opens 参数管理, 数据权限, 接口权限 and 租户产品包 on rows to learn from, as BladeX ships them: the
 * parameters the server reads, with what each does, and one example of each scope and of a package.
 */
const SYSTEM = '/api/blade-system';
let admin: string;
beforeAll(async () => {
  admin = await loginAdmin();
});

const records = async (path: string) => {
  const answer = await call(path, { token: admin });
  expect(answer.body?.code, answer.text).toBe(200);
  return answer.body.data.records as Record<string, any>[];
};

describe('a fresh install', () => {
  it('has the parameters the server reads, each with a remark', async () => {
    for (const key of ['account.initPassword', 'tenant.default.password', 'account.registerUser']) {
      const [param] = await records(`${SYSTEM}/param/list?paramKey_equal=${key}`);
      const seeded = seedParams.find((candidate) => candidate.key === key)!;
      expect(param, key).toMatchObject({ paramKey: key, paramName: seeded.name, paramValue: seeded.value, tenantId: '000000' });
      expect(param.remark.length, key).toBeGreaterThan(10);
    }
    // Registration stays closed until an administrator opens it.
    const query = new URLSearchParams({ grant_type: 'register', account: `fresh${Date.now() % 100000}`, name: 'x', password: 'a'.repeat(32) });
    const register = await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { 'Tenant-Id': '000000' } });
    expect(register.body.error_description).toBe('当前系统未开启注册功能');
  });

  it('has an example data scope and API scope on their menus, granted to the administrator role', async () => {
    const [data] = await records(`${SYSTEM}/data-scope/list?scopeName_equal=${encodeURIComponent(seedDataScope.scopeName)}`);
    expect(data).toMatchObject({ resourceCode: 'project', scopeColumn: 'create_dept', scopeType: 3, scopeTypeName: '所在机构可见' });
    expect(data.menuId).toMatch(/^\d+$/);
    const [api] = await records(`${SYSTEM}/api-scope/list?scopeName_equal=${encodeURIComponent(seedApiScope.scopeName)}`);
    expect(api).toMatchObject({ resourceCode: 'log_error', scopePath: '/api/blade-log/error/**', scopeType: 1 });
    const keys = await call(`${SYSTEM}/menu/role-tree-keys?roleIds=${SEED_IDS.administratorRole}`, { token: admin });
    expect(keys.body.data.dataScope).toContain(data.id);
    expect(keys.body.data.apiScope).toContain(api.id);
    // The administrator still reads what the API scope guards.
    expect((await call('/api/blade-log/error/list', { token: admin })).body.code).toBe(200);
  });

  it('has an example tenant package holding the workbench and the test screens with their buttons', async () => {
    const [pack] = await records(`${SYSTEM}/tenant-package/list?packageName=${encodeURIComponent(seedTenantPackage.packageName)}`);
    expect(pack.remark).toBeTruthy();
    const detail = await call(`${SYSTEM}/tenant-package/detail?id=${pack.id}`, { token: admin });
    const menuIds = String(detail.body.data.menuId).split(',');
    const menus = (await call(`${SYSTEM}/menu/list?size=1000`, { token: admin })).body.data as unknown;
    const flat: { id: string; code: string }[] = [];
    const walk = (nodes: any[]) => nodes.forEach((node) => (flat.push(node), walk(node.children ?? [])));
    walk(Array.isArray(menus) ? menus : (menus as { records: any[] }).records);
    const codes = new Set(flat.filter((menu) => menuIds.includes(menu.id)).map((menu) => menu.code));
    for (const code of ['desk', 'test', 'project', 'project_add', 'terminal', 'task']) expect(codes, code).toContain(code);
    expect(codes).not.toContain('user');
  });
});
