import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenusOf } from '../../server/db/seed-data/menus';
import { resourceSchemas } from '../../resources/schemas';
import { call, login, loginAdmin } from './client';
import { OTHER_TENANT, SCOPE_FIXTURE, TESTER } from './fixtures';

const { topMenus: seedTopMenus } = seedMenusOf(resourceSchemas);

/**
 * Roles, the grant (menus, data scopes, API scopes) and their enforcement, over HTTP: a data scope limits the rows,
 * totals and details a role's holders read; an API scope refuses its path to roles without it; a tenant package
 * limits what its roles may be granted.
 */

type Row = Record<string, any>;
const ROLE = '/api/blade-system/role';
const MENU = '/api/blade-system/menu';
const DATA_SCOPE = '/api/blade-system/data-scope';
const API_SCOPE = '/api/blade-system/api-scope';
const PROJECT = '/gateway/blade-project/project';
const tag = Date.now().toString(36).slice(-5);

let admin: string;
let other: string;
const scopeTokens: Record<'a' | 'a1' | 'b', string> = { a: '', a1: '', b: '' };
let menuIdByCode: Map<string, string>;

const post = (path: string, token: string, json?: unknown) => call(path, { token, json, method: 'POST' });
const get = (path: string, token: string) => call(path, { token });

function flatten(nodes: Row[]): Row[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

async function grantScopeRole(body: { menuCodes: string[]; dataScopeIds?: string[]; apiScopeIds?: string[] }) {
  const answer = await post(`${ROLE}/grant`, admin, {
    roleIds: [SCOPE_FIXTURE.roleId],
    menuIds: body.menuCodes.map((code) => menuIdByCode.get(code)!),
    dataScopeIds: body.dataScopeIds ?? [],
    apiScopeIds: body.apiScopeIds ?? [],
  });
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
}

async function loginScopeUsers() {
  for (const key of ['a', 'a1', 'b'] as const) {
    scopeTokens[key] = (await login({ account: SCOPE_FIXTURE.users[key].account, password: SCOPE_FIXTURE.password })).access_token;
  }
}

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
  const tree = await get(`${MENU}/grant-tree`, admin);
  expect(tree.body.code, tree.text).toBe(200);
  const grantTreeMenus = flatten(tree.body.data.menu);
  const routes = await get(`${MENU}/routes`, admin);
  const codes = new Map<string, string>();
  const walk = (nodes: Row[]) => nodes.forEach((node) => (codes.set(node.code, node.id), walk(node.children ?? [])));
  walk(routes.body.data);
  const buttons = await get(`${MENU}/buttons`, admin);
  walk(buttons.body.data);
  menuIdByCode = codes;
  expect(grantTreeMenus.map((node) => node.id)).toEqual(expect.arrayContaining([codes.get('project'), codes.get('project_add')]));
  await loginScopeUsers();
});

describe('roles', () => {
  it('submit, unique alias, tree, tree-by-id, alias, detail', async () => {
    const parent = await post(`${ROLE}/submit`, admin, { roleName: `父角色${tag}`, roleAlias: `parent_${tag}`, sort: 1 });
    expect(parent.body, parent.text).toMatchObject({ code: 200, success: true });
    const clash = await post(`${ROLE}/submit`, admin, { roleName: '重名', roleAlias: `parent_${tag}`, sort: 2 });
    expect(clash.status).toBe(400);
    expect(clash.body).toMatchObject({ code: 400, success: false, msg: '角色别名已存在' });
    const missing = await post(`${ROLE}/submit`, admin, { roleAlias: `x_${tag}`, sort: 2 });
    expect(missing.body.msg).toContain('请输入角色名称');

    const list = await get(`${ROLE}/page?roleAlias_equal=parent_${tag}`, admin);
    const parentId = list.body.data.records[0].id as string;
    const child = await post(`${ROLE}/submit`, admin, { roleName: `子角色${tag}`, roleAlias: `child_${tag}`, parentId, sort: 1 });
    expect(child.body.success, child.text).toBe(true);

    const tree = await get(`${ROLE}/tree?tenantId=000000`, admin);
    const node = (tree.body.data as Row[]).find((row) => row.id === parentId)!;
    expect(node).toMatchObject({ id: parentId, parentId: '0', title: `父角色${tag}`, key: parentId, value: parentId, hasChildren: true });
    expect(node.children.map((row: Row) => row.title)).toEqual([`子角色${tag}`]);
    const byId = await get(`${ROLE}/tree-by-id?roleId=${parentId}`, admin);
    expect(flatten(byId.body.data).map((row) => row.id)).toContain(parentId);
    // Without a role (Saber's 新增): the caller's tenant's tree, as BladeX answers.
    const noRole = await get(`${ROLE}/tree-by-id`, admin);
    expect(flatten(noRole.body.data).map((row) => row.id)).toContain(parentId);
    expect((await get(`${ROLE}/tree-by-id?roleId=x1`, admin)).body).toMatchObject({ code: 400, msg: expect.stringContaining('roleId') });

    // The unfiltered list answers the tree: the child sits under its parent, not beside it.
    const whole = await get(`${ROLE}/page?size=100`, admin);
    const root = (whole.body.data.records as Row[]).find((row) => row.id === parentId)!;
    expect(root.children.map((row: Row) => row.roleAlias)).toEqual([`child_${tag}`]);
    expect((whole.body.data.records as Row[]).some((row) => row.roleAlias === `child_${tag}`)).toBe(false);

    const aliases = await get(`${ROLE}/alias`, admin);
    expect((aliases.body.data as Row[]).map((row) => row.roleAlias)).toEqual(expect.arrayContaining(['administrator', `parent_${tag}`]));

    const refused = await post(`${ROLE}/remove?ids=${parentId}`, admin);
    expect(refused.body).toMatchObject({ code: 400, msg: '请先删除子节点' });
    const cycle = await post(`${ROLE}/submit`, admin, { id: parentId, parentId: (await get(`${ROLE}/page?roleAlias_equal=child_${tag}`, admin)).body.data.records[0].id });
    expect(cycle.body.msg).toBe('上级角色不能是自己或自己的下级');
  });

  it('a role users hold cannot be removed', async () => {
    const refused = await post(`${ROLE}/remove?ids=${SCOPE_FIXTURE.roleId}`, admin);
    expect(refused.body).toMatchObject({ code: 400, success: false, msg: '该角色已分配给用户，不能删除' });
  });

  it('select with userId still answers that user’s own roles (the switch dialog)', async () => {
    const tester = (await login(TESTER)).access_token;
    const info = await get('/api/blade-auth/oauth/user-info', tester);
    const answer = await get(`${ROLE}/select?userId=${info.body.data.userId ?? info.body.data.user_id ?? ''}`, tester);
    expect(answer.body.code, answer.text).toBe(200);
    expect((answer.body.data as Row[]).map((row) => row.roleAlias).sort()).toEqual(['notice_reader', 'user']);
  });

  it('another tenant neither reads nor grants these roles', async () => {
    const detail = await get(`${ROLE}/detail?id=${SCOPE_FIXTURE.roleId}`, other);
    expect(detail.body.code).toBe(400);
    const tree = await get(`${ROLE}/tree?tenantId=000000`, other);
    expect(tree.body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    const keys = await get(`${MENU}/role-tree-keys?roleIds=${SCOPE_FIXTURE.roleId}`, other);
    expect(keys.body.code).toBe(400);
    const grant = await post(`${ROLE}/grant`, other, { roleIds: [SCOPE_FIXTURE.roleId], menuIds: [], dataScopeIds: [], apiScopeIds: [] });
    expect(grant.body.code).toBe(400);
    expect(grant.body.msg).toContain('roleIds');
  });
});

describe('the grant', () => {
  it('role-tree-keys reflects role/grant, and the sidebar and buttons follow at the next load', async () => {
    await grantScopeRole({ menuCodes: ['test', 'project', 'project_view', 'param', 'param_view'] });
    const keys = await get(`${MENU}/role-tree-keys?roleIds=${SCOPE_FIXTURE.roleId}`, admin);
    expect(keys.body.data.menu.sort()).toEqual(['test', 'project', 'project_view', 'param', 'param_view'].map((code) => menuIdByCode.get(code)).sort());
    expect(keys.body.data).toMatchObject({ dataScope: [], apiScope: [] });
    const routes = flatten((await get(`${MENU}/routes`, scopeTokens.a)).body.data).map((node) => node.code);
    expect(routes).toEqual(expect.arrayContaining(['project', 'param']));
    expect(routes).not.toContain('task');
    const buttons = flatten((await get(`${MENU}/buttons`, scopeTokens.a)).body.data).map((node) => node.code);
    expect(buttons).toContain('project_view');
    expect(buttons).not.toContain('project_add');
    // The header offers the top menus holding a granted screen: 工作台 (项目管理) and 系统 (参数管理), not 研发.
    // (Other files add top menus of their own to the shared server: only the seeded ones are compared.)
    const topCodes = async () =>
      ((await get(`${MENU}/top-menu`, scopeTokens.a)).body.data as Row[])
        .map((top) => top.code)
        .filter((code) => seedTopMenus.some((seed) => seed.code === code));
    expect(await topCodes()).toEqual(['workbench', 'sysadmin']);

    await grantScopeRole({ menuCodes: ['test', 'task', 'task_view', 'testcase'] });
    const after = flatten((await get(`${MENU}/routes`, scopeTokens.a)).body.data).map((node) => node.code);
    expect(after).toContain('task');
    expect(after).not.toContain('project');
    // Two test screens: only 工作台, although the 测试管理 group itself is granted too.
    expect(await topCodes()).toEqual(['workbench']);
  });

  it('refuses bad bodies naming the field', async () => {
    const bad = await post(`${ROLE}/grant`, admin, { roleIds: ['x'], menuIds: [] });
    expect(bad.body).toMatchObject({ code: 400, msg: '角色格式不正确' });
    const unknownScope = await post(`${ROLE}/grant`, admin, { roleIds: [SCOPE_FIXTURE.roleId], menuIds: [], dataScopeIds: ['123'] });
    expect(unknownScope.body.msg).toContain('dataScopeIds');
  });

  it('a tenant package limits the grant tree and refuses other menus', async () => {
    const tree = await get(`${MENU}/grant-tree`, other);
    const codes = flatten(tree.body.data.menu).map((node) => node.id);
    expect(codes).toEqual(expect.arrayContaining([menuIdByCode.get('param'), menuIdByCode.get('param_view'), menuIdByCode.get('system')]));
    expect(codes).not.toContain(menuIdByCode.get('project'));
    const refused = await post(`${ROLE}/grant`, other, { roleIds: [OTHER_TENANT.roleIds[1]], menuIds: [menuIdByCode.get('project')] });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('产品包');
    const granted = await post(`${ROLE}/grant`, other, { roleIds: [OTHER_TENANT.roleIds[1]], menuIds: [menuIdByCode.get('param'), menuIdByCode.get('param_view')] });
    expect(granted.body, granted.text).toMatchObject({ code: 200, success: true });
    // The administrator tenant is not limited.
    expect(flatten((await get(`${MENU}/grant-top-tree`, admin)).body.data.menu).map((node) => node.id)).toContain(menuIdByCode.get('project'));
    expect(flatten((await get(`${MENU}/grant-tree`, admin)).body.data.menu).map((node) => node.id)).toContain(menuIdByCode.get('project'));
  });

  it('a tenant package limits the top menu tree and the menus a top menu may hold', async () => {
    const tree = flatten((await get(`${MENU}/grant-top-tree`, other)).body.data.menu).map((node) => node.id);
    expect(tree).toEqual(expect.arrayContaining([menuIdByCode.get('param'), menuIdByCode.get('system')]));
    expect(tree).not.toContain(menuIdByCode.get('project'));
    const created = await post('/api/blade-system/topmenu/submit', other, { code: `pkg${tag}`, name: `包内${tag}`, source: 'AppstoreOutlined', sort: 9 });
    expect(created.body, created.text).toMatchObject({ code: 200 });
    const [topMenu] = (await get(`/api/blade-system/topmenu/list?code=pkg${tag}`, other)).body.data.records as { id: string }[];
    const refused = await post('/api/blade-system/topmenu/grant', other, { topMenuIds: [topMenu.id], menuIds: [menuIdByCode.get('project')] });
    expect(refused.body).toMatchObject({ code: 400 });
    expect(refused.body.msg).toContain('产品包');
    const held = await post('/api/blade-system/topmenu/grant', other, { topMenuIds: [topMenu.id], menuIds: [menuIdByCode.get('param')] });
    expect(held.body, held.text).toMatchObject({ code: 200, success: true });
  });
});

describe('data scopes limit rows, totals and details', () => {
  let scopeId: string;
  const projectIds: Record<string, string> = {};

  beforeAll(async () => {
    const created = await post(`${DATA_SCOPE}/submit`, admin, {
      menuId: menuIdByCode.get('project'),
      scopeName: `本部门项目${tag}`,
      scopeColumn: 'create_dept',
      scopeType: 3,
    });
    expect(created.body, created.text).toMatchObject({ code: 200, success: true });
    const found = await get(`${DATA_SCOPE}/list?scopeName_equal=${encodeURIComponent(`本部门项目${tag}`)}`, admin);
    scopeId = found.body.data.records[0].id;
    expect(found.body.data.records[0]).toMatchObject({ resourceCode: 'project', menuId: menuIdByCode.get('project'), scopeTypeName: '所在机构可见' });
    await grantScopeRole({ menuCodes: ['test', 'project', 'project_add', 'project_view'], dataScopeIds: [scopeId] });
    const keys = await get(`${MENU}/role-tree-keys?roleIds=${SCOPE_FIXTURE.roleId}`, admin);
    expect(keys.body.data.dataScope).toEqual([scopeId]);
    const managers = await get('/api/blade-system/user/pageV2?size=1', admin);
    const managerId = managers.body.data.records[0].id;
    for (const key of ['a', 'a1', 'b'] as const) {
      const code = `SC${tag}${key}`.toUpperCase();
      const answer = await post(`${PROJECT}/submit`, scopeTokens[key], { projectCode: code, projectName: `范围项目${key}`, status: 1, managerId });
      expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
    }
    const mine = await get(`${PROJECT}/list?projectCode=${`SC${tag}`.toUpperCase()}&size=50`, admin);
    for (const key of ['a', 'a1', 'b'] as const) {
      const row = (mine.body.data.records as Row[]).find((candidate) => candidate.projectCode === `SC${tag}${key}`.toUpperCase());
      if (row) projectIds[key] = row.id;
    }
    expect(Object.keys(projectIds).sort()).toEqual(['a', 'a1', 'b']);
  });

  const setType = async (scopeType: number, scopeValue?: string) => {
    const answer = await post(`${DATA_SCOPE}/submit`, admin, { id: scopeId, scopeType, scopeValue: scopeValue ?? '', scopeColumn: scopeType === 2 ? 'create_user' : 'create_dept' });
    expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  };
  const visible = async (token: string) => {
    const answer = await get(`${PROJECT}/list?size=100`, token);
    expect(answer.body.code, answer.text).toBe(200);
    return { ids: (answer.body.data.records as Row[]).map((row) => row.id).sort(), total: answer.body.data.total };
  };

  it('所在机构可见: only rows of the caller’s dept, and the total says so', async () => {
    await setType(3);
    expect(await visible(scopeTokens.a)).toEqual({ ids: [projectIds.a], total: 1 });
    expect(await visible(scopeTokens.b)).toEqual({ ids: [projectIds.b], total: 1 });
    // Page 2 of size 1 still counts only what the scope allows.
    const paged = await get(`${PROJECT}/list?size=1&current=1`, scopeTokens.a);
    expect(paged.body.data.total).toBe(1);
    const figures = await get('/api/blade-desk/dashboard/figures', scopeTokens.a);
    expect(figures.body.data.projects.total).toBe(1);
    // The administrator is never limited.
    expect((await visible(admin)).total).toBeGreaterThan(3);
  });

  it('an out-of-scope row has no detail and cannot be removed', async () => {
    const detail = await get(`${PROJECT}/detail?id=${projectIds.b}`, scopeTokens.a);
    expect(detail.body).toMatchObject({ code: 400, success: false });
    const own = await get(`${PROJECT}/detail?id=${projectIds.a}`, scopeTokens.a);
    expect(own.body.data.id).toBe(projectIds.a);
  });

  it('所在机构及其子级可见 adds the child depts; 本人可见 only the caller’s rows; 自定义 the listed depts', async () => {
    await setType(4);
    expect((await visible(scopeTokens.a)).ids).toEqual([projectIds.a, projectIds.a1].sort());
    expect((await visible(scopeTokens.a1)).ids).toEqual([projectIds.a1]);
    await setType(2);
    expect((await visible(scopeTokens.a1)).ids).toEqual([projectIds.a1]);
    await setType(5, SCOPE_FIXTURE.depts.b);
    expect(await visible(scopeTokens.a)).toEqual({ ids: [projectIds.b], total: 1 });
    await setType(1);
    expect((await visible(scopeTokens.a)).total).toBeGreaterThan(3);
  });

  it('refuses a column the resource does not have and a custom value that is not depts', async () => {
    const column = await post(`${DATA_SCOPE}/submit`, admin, { menuId: menuIdByCode.get('project'), scopeName: 'x', scopeColumn: 'password', scopeType: 3 });
    expect(column.body).toMatchObject({ code: 400, msg: '权限字段「password」不在可选范围内' });
    const custom = await post(`${DATA_SCOPE}/submit`, admin, { menuId: menuIdByCode.get('project'), scopeName: 'x', scopeType: 5, scopeValue: '1 OR 1=1' });
    expect(custom.body.msg).toContain('scopeValue');
    const tree = await get(`${MENU}/grant-tree`, admin);
    const scopeNode = flatten(tree.body.data.dataScope).find((node) => node.id === scopeId);
    expect(scopeNode).toMatchObject({ title: `本部门项目${tag}`, parentId: menuIdByCode.get('project'), key: scopeId, value: scopeId });
  });

  afterAll(async () => {
    await grantScopeRole({ menuCodes: [] });
    await post(`${DATA_SCOPE}/remove?ids=${scopeId}`, admin);
  });
});

describe('API scopes', () => {
  let scopeId: string;
  afterAll(async () => {
    await post(`${API_SCOPE}/remove?ids=${scopeId}`, admin);
    await grantScopeRole({ menuCodes: [] });
  });

  it('a listed path is refused to roles without the scope and allowed with it', async () => {
    await grantScopeRole({ menuCodes: ['system', 'param', 'param_view'] });
    expect((await get('/api/blade-system/param/list', scopeTokens.a)).body.code).toBe(200);
    const created = await post(`${API_SCOPE}/submit`, admin, {
      menuId: menuIdByCode.get('param'),
      scopeName: `参数列表${tag}`,
      scopePath: '/api/blade-system/param/**',
      scopeType: 1,
    });
    expect(created.body, created.text).toMatchObject({ code: 200, success: true });
    scopeId = (await get(`${API_SCOPE}/list?scopeName_equal=${encodeURIComponent(`参数列表${tag}`)}`, admin)).body.data.records[0].id;

    const refused = await get('/api/blade-system/param/list', scopeTokens.a);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 403, success: false, data: null, msg: '请求被拒绝' });
    // The administrator is never limited; other paths are not listed.
    expect((await get('/api/blade-system/param/list', admin)).body.code).toBe(200);
    expect((await get(`${MENU}/routes`, scopeTokens.a)).body.code).toBe(200);

    await grantScopeRole({ menuCodes: ['system', 'param', 'param_view'], apiScopeIds: [scopeId] });
    expect((await get('/api/blade-system/param/list', scopeTokens.a)).body.code).toBe(200);
  });

  it('offers the API paths of a menu’s resource to whoever may open the screen', async () => {
    const answer = await get(`${API_SCOPE}/api-paths?menuId=${menuIdByCode.get('param')}`, admin);
    expect(answer.body, answer.text).toMatchObject({ code: 200, data: { base: '/api/blade-system/param' } });
    const paths = answer.body.data.paths as { method: string; path: string }[];
    expect(paths).toEqual(expect.arrayContaining([{ method: 'GET', path: '/api/blade-system/param/list' }, { method: 'POST', path: '/api/blade-system/param/submit' }]));
    expect(paths.every((route) => route.path.startsWith('/api/blade-system/param/'))).toBe(true);
    // A screen the caller may not open (接口权限) answers nothing.
    expect((await get(`${API_SCOPE}/api-paths?menuId=${menuIdByCode.get('param')}`, scopeTokens.a)).status).toBe(403);
    expect((await get(`${API_SCOPE}/api-paths?menuId=abc`, admin)).body.code).toBe(400);
  });

  it('says before a save which routes a path reaches and which roles it would cut off', async () => {
    const check = async (scopePath: string, id?: string) => {
      const answer = await get(`${API_SCOPE}/path-check?scopePath=${encodeURIComponent(scopePath)}${id ? `&id=${id}` : ''}`, admin);
      expect(answer.body.code, answer.text).toBe(200);
      return answer.body.data as { routes: { method: string; path: string }[]; roles: { id: string; roleName: string }[] };
    };
    // A path no scope lists yet is open to every role: listing it cuts off all but the administrator.
    const posts = await check('/blade-system/post/list');
    expect(posts.routes).toEqual([{ method: 'GET', path: '/api/blade-system/post/list' }]);
    expect(posts.roles.map((role) => role.id)).toContain(SCOPE_FIXTURE.roleId);
    expect(posts.roles.map((role) => role.roleName)).not.toContain('超级管理员');
    // Already limited by the scope the role holds: saving it again, or a narrower path beside it, cuts off no one.
    expect((await check('/api/blade-system/param/**', scopeId)).roles).toEqual([]);
    expect((await check('/api/blade-system/param/detail')).roles).toEqual([]);
    // A path that reaches no route limits nothing.
    expect(await check('/api/blade-system/no-such-thing')).toEqual({ routes: [], roles: [] });
    expect((await get(`${API_SCOPE}/path-check?scopePath=x`, scopeTokens.a)).status).toBe(403);
  });

  it('refuses a wildcard anywhere but a trailing /**', async () => {
    const bad = await post(`${API_SCOPE}/submit`, admin, { menuId: menuIdByCode.get('param'), scopeName: 'x', scopePath: '/api/*/list', scopeType: 1 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('scopePath');
  });
});
