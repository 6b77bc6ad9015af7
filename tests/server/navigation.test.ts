import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin, type Answer } from './client';
import { OTHER_TENANT, TESTER } from './fixtures';

/** Menus, top menus and regions over HTTP: BladeX's calls, their shapes and their refusals. */

const MENU = '/api/blade-system/menu';
const TOP = '/api/blade-system/topmenu';
const REGION = '/api/blade-system/region';

type Row = Record<string, any>;

let admin: string;
let other: string;
let tester: string;
beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
  tester = (await login(TESTER)).access_token;
});

const tag = Date.now().toString(36).slice(-6);
let sequence = 0;
const unique = (prefix: string) => `${prefix}_${tag}_${sequence++}`;

const get = (path: string, token = admin) => call(path, { token });
const post = (path: string, json?: unknown, token = admin) =>
  call(path, json === undefined ? { token, method: 'POST' } : { token, json });

function expectOk(answer: Answer) {
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  return answer.body.data;
}
function expectRefusal(answer: Answer, message: string | RegExp) {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.success).toBe(false);
  if (typeof message === 'string') expect(answer.body.msg).toBe(message);
  else expect(answer.body.msg).toMatch(message);
}

const flatten = (nodes: Row[]): Row[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

async function menuByCode(code: string): Promise<Row> {
  const [row] = expectOk(await get(`${MENU}/page?code_equal=${code}`)).records;
  expect(row, `menu ${code}`).toBeDefined();
  return row;
}

async function addMenu(fields: Row): Promise<Row> {
  const code = fields.code ?? unique('m');
  expectOk(
    await post(`${MENU}/submit`, { name: `菜单${code}`, path: `/nav/${code}`, alias: 'menu', category: 1, sort: 50, source: 'BookOutlined', ...fields, code }),
  );
  return menuByCode(code);
}

describe('menus', () => {
  it('lazy-lists the roots and a node children with hasChildren, sorted, menus and buttons alike', async () => {
    const roots: Row[] = expectOk(await get(`${MENU}/lazy-list?parentId=0`));
    const system = roots.find((row) => row.code === 'system');
    expect(system).toMatchObject({ parentId: '0', hasChildren: true, category: 1 });
    const sorts = roots.map((row) => row.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));

    const screens: Row[] = expectOk(await get(`${MENU}/lazy-list?parentId=${system!.id}`));
    const menuScreen = screens.find((row) => row.code === 'menu');
    expect(menuScreen).toMatchObject({ name: '菜单管理', path: '/system/menu', hasChildren: true, parentName: '系统管理' });
    const buttons: Row[] = expectOk(await get(`${MENU}/lazy-list?parentId=${menuScreen!.id}`));
    expect(buttons.map((row) => row.code).sort()).toEqual(['menu_add', 'menu_delete', 'menu_edit', 'menu_view']);
    expect(buttons.every((row) => row.category === 2 && row.hasChildren === false)).toBe(true);

    // Only menus in lazy-menu-list.
    expect(expectOk(await get(`${MENU}/lazy-menu-list?parentId=${menuScreen!.id}`))).toEqual([]);
    expectRefusal(await get(`${MENU}/lazy-list?parentId=abc`), /parentId/);
  });

  it('searches every level by name, code and alias', async () => {
    const byName: Row[] = expectOk(await get(`${MENU}/lazy-list?parentId=0&name=${encodeURIComponent('菜单管理')}`));
    expect(byName.map((row) => row.code)).toEqual(['menu']);
    const byCode: Row[] = expectOk(await get(`${MENU}/lazy-list?parentId=0&code=topmenu_`));
    expect(byCode.map((row) => row.code).sort()).toEqual(['topmenu_add', 'topmenu_delete', 'topmenu_edit', 'topmenu_setting', 'topmenu_view']);
    const byAlias: Row[] = expectOk(await get(`${MENU}/lazy-list?alias=setting&code=topmenu`));
    expect(byAlias.map((row) => row.code)).toEqual(['topmenu_setting']);
  });

  it('answers the menu tree as BladeX tree nodes (menus only) and menu-list as nested rows', async () => {
    const tree: Row[] = expectOk(await get(`${MENU}/tree`));
    const system = tree.find((node) => node.title === '系统管理')!;
    expect(Object.keys(system)).toEqual(expect.arrayContaining(['id', 'parentId', 'title', 'key', 'value', 'children', 'hasChildren']));
    expect(system).toMatchObject({ key: system.id, value: system.id, parentId: '0', hasChildren: true });
    const all = flatten(tree);
    expect(all.some((node) => node.title === '新增')).toBe(false);
    const leaf = all.find((node) => node.title === '菜单管理')!;
    expect(leaf).not.toHaveProperty('children');
    expect(leaf.hasChildren).toBe(false);

    const list: Row[] = expectOk(await get(`${MENU}/menu-list`));
    const rows = flatten(list);
    expect(rows.every((row) => row.category === 1)).toBe(true);
    expect(rows.find((row) => row.code === 'menu')).toMatchObject({ path: '/system/menu', source: 'iconfont iconicon_subordinate' });
  });

  it('answers detail with parentName and the dictionary labels', async () => {
    const button = await menuByCode('menu_add');
    const detail = expectOk(await get(`${MENU}/detail?id=${button.id}`));
    expect(detail).toMatchObject({ code: 'menu_add', parentName: '菜单管理', category: 2, categoryName: '按钮', alias: 'add', action: 1, actionName: '工具栏' });
  });

  it('adds, edits and removes a menu; the administrator sees it in menu/routes, renamed after an edit', async () => {
    const system = await menuByCode('system');
    const menu = await addMenu({ parentId: system.id, source: 'BookOutlined' });
    const routes = () => get(`${MENU}/routes`).then((answer) => flatten(expectOk(answer)));
    expect((await routes()).find((node) => node.id === menu.id)).toMatchObject({ name: menu.name, parentId: system.id, source: 'BookOutlined' });

    expectOk(await post(`${MENU}/submit`, { ...menu, name: `改名${menu.code}`, source: 'GlobalOutlined', sort: 99 }));
    const renamed = (await routes()).find((node) => node.id === menu.id);
    expect(renamed).toMatchObject({ name: `改名${menu.code}`, source: 'GlobalOutlined', sort: 99 });

    // A child of it, then the refusals of remove.
    const child = await addMenu({ parentId: menu.id, category: 2, alias: 'add', action: 1 });
    expectRefusal(await post(`${MENU}/remove?ids=${menu.id}`), '请先删除子节点');
    expectOk(await post(`${MENU}/remove?ids=${child.id}`));
    expectOk(await post(`${MENU}/remove?ids=${menu.id}`));
    expect((await routes()).some((node) => node.id === menu.id)).toBe(false);
  });

  it('refuses a duplicate code, a missing parent, a button as parent, a cycle, and a built-in menu removed or recoded', async () => {
    const first = await addMenu({});
    expectRefusal(await post(`${MENU}/submit`, { name: 'x', path: '/x', alias: 'menu', category: 1, sort: 1, code: first.code }), '菜单编号已存在');
    expectRefusal(await post(`${MENU}/submit`, { name: 'x', path: '/x', alias: 'menu', category: 1, sort: 1, code: unique('m'), parentId: '123456789' }), '上级菜单不存在');
    const button = await menuByCode('menu_add');
    expectRefusal(await post(`${MENU}/submit`, { name: 'x', path: '/x', alias: 'menu', category: 1, sort: 1, code: unique('m'), parentId: button.id }), '按钮下不能再添加菜单');
    const child = await addMenu({ parentId: first.id });
    expectRefusal(await post(`${MENU}/submit`, { id: first.id, parentId: child.id }), '上级菜单不能是自己或自己的下级');

    // A built-in leaf (a screen's button): removing a screen is refused earlier, for its buttons.
    const paramView = await menuByCode('param_view');
    expectRefusal(await post(`${MENU}/remove?ids=${paramView.id}`), '「查看」是系统内置菜单，不能删除');
    const param = await menuByCode('param');
    expectRefusal(await post(`${MENU}/submit`, { id: param.id, code: unique('p') }), '系统内置菜单的编号不能修改');
    // Its name may change, and back.
    expectOk(await post(`${MENU}/submit`, { id: param.id, name: '参数设置' }));
    expectOk(await post(`${MENU}/submit`, { id: param.id, name: '参数管理' }));
  });

  it('lets only the platform tenant write menus, and the tester not at all', async () => {
    const answer = await post(`${MENU}/submit`, { name: 'x', path: '/x', alias: 'menu', category: 1, sort: 1, code: unique('o') }, other);
    expectRefusal(answer, '菜单只能由管理组维护');
    const denied = await post(`${MENU}/submit`, { name: 'x', path: '/x', alias: 'menu', category: 1, sort: 1, code: unique('t') }, tester);
    expect(denied.body.code).toBe(403);
  });
});

describe('top menus', () => {
  async function addTop(token = admin): Promise<Row> {
    const code = unique('top');
    expectOk(await post(`${TOP}/submit`, { code, name: `顶部${code}`, source: 'AppstoreOutlined', sort: 9 }, token));
    const [row] = expectOk(await get(`${TOP}/list?code_equal=${code}`, token)).records;
    return row;
  }

  it('answers the grant tree of menus only, as BladeX tree nodes', async () => {
    const tree: Row[] = expectOk(await get(`${MENU}/grant-top-tree`)).menu;
    const all = flatten(tree);
    expect(all.find((node) => node.title === '系统管理')).toMatchObject({ parentId: '0', hasChildren: true });
    expect(all.some((node) => node.title === '新增')).toBe(false);
  });

  it('grants menus to a top menu, answers them as keys, replaces them, and filters menu/routes by it', async () => {
    const top = await addTop();
    const [system, param, menu] = await Promise.all(['system', 'param', 'menu'].map(menuByCode));
    expect(expectOk(await get(`${MENU}/top-tree-keys?topMenuIds=${top.id}`)).menu).toEqual([]);

    expectOk(await post(`${TOP}/grant`, { topMenuIds: [top.id], menuIds: [param.id] }));
    expect(expectOk(await get(`${MENU}/top-tree-keys?topMenuIds=${top.id}`)).menu).toEqual([param.id]);
    const routes: Row[] = expectOk(await get(`${MENU}/routes?topMenuId=${top.id}`));
    // The granted screen with its group above it, nothing else.
    expect(routes.map((node) => node.code)).toEqual(['system']);
    expect(routes[0].children.map((node: Row) => node.code)).toEqual(['param']);

    // A second grant replaces the first; comma strings are accepted as well as arrays.
    expectOk(await post(`${TOP}/grant`, { topMenuIds: top.id, menuIds: `${system.id},${menu.id}` }));
    expect(expectOk(await get(`${MENU}/top-tree-keys?topMenuIds=${top.id}`)).menu.sort()).toEqual([system.id, menu.id].sort());
    const after = flatten(expectOk(await get(`${MENU}/routes?topMenuId=${top.id}`))).map((node) => node.code);
    expect(after).toContain('menu');
    expect(after).not.toContain('param');

    // The header lists it.
    expect(expectOk(await get(`${MENU}/top-menu`)).some((row: Row) => row.id === top.id)).toBe(true);
  });

  it('refuses a grant to no top menu, to another tenant top menu, or of a button or unknown menu', async () => {
    const top = await addTop();
    const param = await menuByCode('param');
    const button = await menuByCode('param_add');
    expectRefusal(await post(`${TOP}/grant`, { topMenuIds: [], menuIds: [param.id] }), /请选择顶部菜单/);
    expectRefusal(await post(`${TOP}/grant`, { topMenuIds: [top.id], menuIds: [button.id] }), '菜单不存在');
    expectRefusal(await post(`${TOP}/grant`, { topMenuIds: [top.id], menuIds: ['42'] }), '菜单不存在');
    expectRefusal(await post(`${TOP}/grant`, { topMenuIds: ['x;1'], menuIds: [] }), /顶部菜单编号格式不正确/);

    expectOk(await post(`${TOP}/grant`, { topMenuIds: [top.id], menuIds: [param.id] }));
    // The other tenant can neither change nor read it, nor filter its routes with it.
    expectRefusal(await post(`${TOP}/grant`, { topMenuIds: [top.id], menuIds: [] }, other), '顶部菜单不存在');
    expect(expectOk(await get(`${MENU}/top-tree-keys?topMenuIds=${top.id}`, other)).menu).toEqual([]);
    expect(expectOk(await get(`${MENU}/routes?topMenuId=${top.id}`, other))).toEqual([]);
    expect((await get(`${TOP}/detail?id=${top.id}`, other)).body.success).toBe(false);
    expect(expectOk(await get(`${MENU}/top-tree-keys?topMenuIds=${top.id}`)).menu).toEqual([param.id]);

    // Its own top menu the other tenant may configure.
    const mine = await addTop(other);
    expectOk(await post(`${TOP}/grant`, { topMenuIds: [mine.id], menuIds: [param.id] }, other));
    expect(expectOk(await get(`${MENU}/top-tree-keys?topMenuIds=${mine.id}`, other)).menu).toEqual([param.id]);

    // The tester lacks the button.
    expect((await post(`${TOP}/grant`, { topMenuIds: [top.id], menuIds: [] }, tester)).body.code).toBe(403);
  });

  it('removes a top menu with its settings', async () => {
    const top = await addTop();
    const param = await menuByCode('param');
    expectOk(await post(`${TOP}/grant`, { topMenuIds: [top.id], menuIds: [param.id] }));
    expectOk(await post(`${TOP}/remove?ids=${top.id}`));
    expect(expectOk(await get(`${MENU}/top-tree-keys?topMenuIds=${top.id}`)).menu).toEqual([]);
    expect(expectOk(await get(`${MENU}/top-menu`)).some((row: Row) => row.id === top.id)).toBe(false);
  });
});

describe('regions', () => {
  it('lazy-trees the seeded national codes from 00 down, keyed by code', async () => {
    const provinces: Row[] = expectOk(await get(`${REGION}/lazy-tree?parentCode=00`));
    expect(provinces.map((node) => [node.id, node.title])).toEqual(
      expect.arrayContaining([
        ['11', '北京市'],
        ['33', '浙江省'],
        ['44', '广东省'],
      ]),
    );
    const beijing = provinces.find((node) => node.id === '11')!;
    expect(beijing).toMatchObject({ parentId: '00', key: '11', value: '11', hasChildren: true });
    const cities: Row[] = expectOk(await get(`${REGION}/lazy-tree?parentCode=33`));
    expect(cities.map((node) => node.title)).toEqual(['杭州市', '宁波市']);
    expect(cities.map((node) => node.hasChildren)).toEqual([true, false]);
    const districts: Row[] = expectOk(await get(`${REGION}/lazy-tree?parentCode=4403`));
    expect(districts.map((node) => [node.id, node.title])).toEqual([
      ['440304', '福田区'],
      ['440305', '南山区'],
    ]);
    // A code is a bound value: an injection attempt is just a code without children.
    expect(expectOk(await get(`${REGION}/lazy-tree?parentCode=${encodeURIComponent("1' or 1=1")}`))).toEqual([]);
    expectRefusal(await get(`${REGION}/lazy-tree?parentCode=${'9'.repeat(65)}`), /parentCode/);
  });

  it('answers detail by code with parentName, lazy-list rows, select for cascaders, and the paged list', async () => {
    const detail = expectOk(await get(`${REGION}/detail?code=110105`));
    expect(detail).toMatchObject({
      code: '110105',
      name: '朝阳区',
      parentCode: '1101',
      parentName: '市辖区',
      ancestors: '00,11,1101',
      provinceCode: '11',
      provinceName: '北京市',
      cityCode: '1101',
      cityName: '市辖区',
      districtCode: '110105',
      districtName: '朝阳区',
      regionLevel: 3,
      hasChildren: false,
    });
    expect(typeof detail.id).toBe('string');
    expect(expectOk(await get(`${REGION}/detail?id=${detail.id}`)).code).toBe('110105');
    expectRefusal(await get(`${REGION}/detail?code=999999`), '数据不存在');

    const rows: Row[] = expectOk(await get(`${REGION}/lazy-list?parentCode=1101`));
    expect(rows.map((row) => row.name)).toEqual(['东城区', '西城区', '朝阳区']);
    expect(rows[0]).toMatchObject({ code: '110101', hasChildren: false, regionLevel: 3 });
    const found: Row[] = expectOk(await get(`${REGION}/lazy-list?name=${encodeURIComponent('西湖')}`));
    expect(found.map((row) => row.code)).toEqual(['330106']);

    const select: Row[] = expectOk(await get(`${REGION}/select?code=44`));
    expect(select.map((row) => [row.code, row.name])).toEqual([
      ['4401', '广州市'],
      ['4403', '深圳市'],
    ]);
    const page = expectOk(await get(`${REGION}/list?regionLevel_equal=1&size=50`));
    expect(page.records.map((row: Row) => row.code)).toEqual(expect.arrayContaining(['11', '33', '44']));
  });

  it('adds a district under a city with its ancestors, refuses a duplicate code, a missing parent and removing a parent', async () => {
    const code = `3301${String(Date.now()).slice(-4)}`;
    expectOk(await post(`${REGION}/submit`, { parentCode: '3301', code, name: '测试区', sort: 9 }));
    const added = expectOk(await get(`${REGION}/detail?code=${code}`));
    expect(added).toMatchObject({
      parentCode: '3301',
      parentName: '杭州市',
      ancestors: '00,33,3301',
      regionLevel: 3,
      provinceName: '浙江省',
      cityName: '杭州市',
      districtCode: code,
      districtName: '测试区',
    });
    expect(expectOk(await get(`${REGION}/lazy-tree?parentCode=3301`)).map((node: Row) => node.id)).toContain(code);

    expectRefusal(await post(`${REGION}/submit`, { parentCode: '3301', code, name: '重复', sort: 1 }), '区划编号已存在');
    expectRefusal(await post(`${REGION}/submit`, { parentCode: '999999', code: `${code}9`, name: '无上级', sort: 1 }), '上级区划不存在');
    expectRefusal(await post(`${REGION}/submit`, { id: added.id, parentCode: '1101', name: '搬家' }), '上级区划不能修改');

    // A town under it, then the refusals of remove and a rename.
    expectOk(await post(`${REGION}/submit`, { parentCode: code, code: `${code}001`, name: '测试街道', sort: 1 }));
    const town = expectOk(await get(`${REGION}/detail?code=${code}001`));
    expect(town).toMatchObject({ regionLevel: 4, townCode: `${code}001`, townName: '测试街道', districtName: '测试区' });
    expectRefusal(await post(`${REGION}/remove?ids=${added.id}`), '请先删除子节点');
    expectRefusal(await post(`${REGION}/submit`, { id: added.id, code: `${code}7` }), '区划下有子区划，编号不能修改');
    expectOk(await post(`${REGION}/submit`, { id: added.id, name: '测试新区' }));
    expect(expectOk(await get(`${REGION}/detail?code=${code}`)).districtName).toBe('测试新区');

    expectOk(await post(`${REGION}/remove?ids=${town.id}`));
    expectOk(await post(`${REGION}/remove?ids=${added.id}`));
    expect(expectOk(await get(`${REGION}/lazy-tree?parentCode=3301`)).map((node: Row) => node.id)).not.toContain(code);
    // The parent went back to a leaf.
    expect(expectOk(await get(`${REGION}/detail?code=3301`)).hasChildren).toBe(true);
  });

  it('lets only the platform tenant write regions, and the tester not at all', async () => {
    expectRefusal(await post(`${REGION}/submit`, { parentCode: '00', code: `9${tag}`, name: '他省', sort: 1 }, other), '行政区划只能由管理组维护');
    expect((await post(`${REGION}/submit`, { parentCode: '00', code: `8${tag}`, name: '他省', sort: 1 }, tester)).body.code).toBe(403);
    // Reading is shared by every tenant.
    expect(expectOk(await get(`${REGION}/lazy-tree?parentCode=00`, other)).length).toBeGreaterThan(0);
  });
});
