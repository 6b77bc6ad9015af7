import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin } from './client';
import { OTHER_TENANT } from './fixtures';

const PARAM = '/api/blade-system/param';
const LOG = '/gateway/blade-operationlog/operationLog';

let admin: string;
let other: string;

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
});

async function logsOf(token: string, query: string) {
  const answer = await call(`${LOG}/list?size=50&${query}`, { token });
  expect(answer.body.code, answer.text).toBe(200);
  return answer.body.data.records as Record<string, string>[];
}

describe('operation log', () => {
  it('writes one row per create, update and delete, with who, what and the parameters (secrets masked)', async () => {
    const key = `oplog.${Date.now()}`;
    const created = await call(`${PARAM}/submit`, { token: admin, json: { paramName: '日志参数', paramKey: key, paramValue: 'v', password: 'never-logged' } });
    expect(created.body.code).toBe(200);
    const [row] = (await call(`${PARAM}/list?paramKey_equal=${key}`, { token: admin })).body.data.records;
    await call(`${PARAM}/submit`, { token: admin, json: { id: row.id, paramValue: 'w' } });
    await call(`${PARAM}/remove?ids=${row.id}`, { token: admin, method: 'POST' });

    const logs = await logsOf(admin, `requestUri=${encodeURIComponent('/api/blade-system/param/')}`);
    const mine = logs.filter((log) => log.params.includes(key) || log.params.includes(row.id) || log.requestUri.includes(row.id));
    expect(mine.map((log) => log.title).sort()).toEqual(['参数管理-修改', '参数管理-删除', '参数管理-新增'].sort());
    const add = mine.find((log) => log.title === '参数管理-新增')!;
    expect(add).toMatchObject({ method: 'POST', requestUri: '/api/blade-system/param/submit', createBy: 'admin', serviceId: 'blade-system' });
    expect(add.params).toContain(key);
    expect(add.params).not.toContain('never-logged');
    expect(add.serverHost).not.toBe('');
  });

  it('records the parameters of operations sent as JSON or as a form: 权限设置, 菜单配置, 角色配置 (secrets masked)', async () => {
    const tag = Date.now() % 1000000;
    const [paramMenu] = (await call('/api/blade-system/menu/routes', { token: admin })).body.data
      .flatMap((node: { children?: unknown[] }) => node.children ?? [])
      .filter((node: { code: string }) => node.code === 'param');
    expect(paramMenu?.id).toBeTruthy();

    await call('/api/blade-system/role/submit', { token: admin, json: { roleName: `日志角色${tag}`, roleAlias: `oplog_${tag}`, parentId: '0', sort: 1 } });
    const [role] = (await call(`/api/blade-system/role/page?roleAlias_equal=oplog_${tag}`, { token: admin })).body.data.records;
    const granted = await call('/api/blade-system/role/grant', {
      token: admin,
      json: { roleIds: [role.id], menuIds: [paramMenu.id], dataScopeIds: [], apiScopeIds: [], password: 'never-logged' },
    });
    expect(granted.body.code, granted.text).toBe(200);

    await call('/api/blade-system/topmenu/submit', { token: admin, json: { code: `oplog${tag}`, name: `日志顶部${tag}`, source: 'AppstoreOutlined', sort: 9 } });
    const [topMenu] = (await call(`/api/blade-system/topmenu/list?code_equal=oplog${tag}`, { token: admin })).body.data.records;
    const configured = await call('/api/blade-system/topmenu/grant', { token: admin, json: { topMenuIds: [topMenu.id], menuIds: [paramMenu.id] } });
    expect(configured.body.code, configured.text).toBe(200);

    const [user] = (await call('/api/blade-system/user/page?account=admin', { token: admin })).body.data.records;
    const roles = await call('/api/blade-system/user/grant', {
      token: admin,
      body: new URLSearchParams({ userIds: user.id, roleIds: user.roleId }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(roles.body.code, roles.text).toBe(200);

    const logOf = async (title: string, uri: string, mark: string) => {
      const found = (await logsOf(admin, `requestUri=${encodeURIComponent(uri)}`)).find((log) => log.title === title && log.params.includes(mark));
      expect(found, `${title} ${mark}`).toBeDefined();
      return JSON.parse(found!.params);
    };
    expect(await logOf('角色管理-权限设置', '/api/blade-system/role/grant', role.id)).toEqual({
      roleIds: [role.id],
      menuIds: [paramMenu.id],
      dataScopeIds: [],
      apiScopeIds: [],
      password: '******',
    });
    expect(await logOf('顶部菜单-菜单配置', '/api/blade-system/topmenu/grant', topMenu.id)).toEqual({ topMenuIds: [topMenu.id], menuIds: [paramMenu.id] });
    expect(await logOf('用户管理-角色配置', '/api/blade-system/user/grant', user.id)).toEqual({ userIds: user.id, roleIds: user.roleId });

    await call(`/api/blade-system/topmenu/remove?ids=${topMenu.id}`, { token: admin, method: 'POST' });
    await call(`/api/blade-system/role/remove?ids=${role.id}`, { token: admin, method: 'POST' });
  });

  it('writes nothing for a refused write, and shows no row to another tenant', async () => {
    const refused = await call(`${PARAM}/submit`, { token: admin, json: { paramName: '', paramKey: 'x', paramValue: 'v' } });
    expect(refused.body.code).toBe(400);
    const logs = await logsOf(admin, 'title=参数管理');
    expect(logs.every((log) => !log.params.includes('"paramKey":"x"'))).toBe(true);
    const foreign = await logsOf(other, 'title=参数管理');
    expect(foreign.every((log) => log.createBy !== 'admin')).toBe(true);
  });

  it('is read-only', async () => {
    const answer = await call(`${LOG}/submit`, { token: admin, json: { title: 'forged' } });
    expect([404, 405]).toContain(answer.status);
  });
});
