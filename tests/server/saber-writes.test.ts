import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin } from './client';

/**
 * The writes BladeX's own client (Saber) makes on the system screens, as it makes them: it reads the saved row from
 * a submit's answer, adds a child region from the parent's row, saves an all-visible data scope with its own
 * placeholder column, and shows the tenant of each user.
 */
let admin: string;
beforeAll(async () => {
  admin = await loginAdmin();
});

const SYSTEM = '/api/blade-system';
const tag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
const ok = (answer: { body: any; text: string }) => {
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  return answer.body.data;
};

describe("Saber's writes", () => {
  it('a new department is answered with its id, tenant and category label, so the row can be viewed, edited and removed', async () => {
    const name = `Saber部门${tag()}`;
    const saved = ok(await call(`${SYSTEM}/dept/submit`, { token: admin, json: { parentId: '0', deptName: name, fullName: name, deptCategory: 1, sort: 1 } }));
    expect(saved).toMatchObject({ id: expect.stringMatching(/^\d+$/), tenantId: '000000', deptName: name, deptCategoryName: expect.any(String) });
    expect(saved.deptCategoryName).not.toBe('');
    // Saber's edit of that row sends the id it was answered: the row changes, no second one appears.
    ok(await call(`${SYSTEM}/dept/submit`, { token: admin, json: { ...saved, fullName: `${name}全称` } }));
    const same = ok(await call(`${SYSTEM}/dept/list?deptName=${encodeURIComponent(name)}`, { token: admin }));
    const rows = (Array.isArray(same) ? same : same.records) as { id: string; fullName: string }[];
    expect(rows.filter((row) => row.id === saved.id)).toEqual([expect.objectContaining({ fullName: `${name}全称` })]);
    ok(await call(`${SYSTEM}/dept/remove?ids=${saved.id}`, { token: admin, method: 'POST' }));
  });

  it('a new menu is answered with its id', async () => {
    const code = `saber_menu_${tag()}`;
    const saved = ok(await call(`${SYSTEM}/menu/submit`, { token: admin, json: { parentId: '0', name: 'Saber菜单', code, alias: 'menu', path: `/${code}`, category: 1, action: 0, sort: 99, isOpen: 1, source: 'iconfont iconicon_setting' } }));
    expect(saved).toMatchObject({ id: expect.stringMatching(/^\d+$/), code });
    ok(await call(`${SYSTEM}/menu/remove?ids=${saved.id}`, { token: admin, method: 'POST' }));
  });

  it("新增下级 of a region sends the parent's row with a new code: a child is added and the parent kept", async () => {
    const code = `9${Date.now().toString().slice(-5)}`;
    const parent = ok(await call(`${SYSTEM}/region/submit`, { token: admin, json: { parentCode: '00', code, name: 'Saber省' } }));
    expect(parent).toMatchObject({ id: expect.any(String), code, regionLevel: 1 });
    // What Saber's form holds after 新增下级: the parent's fields, its code as parentCode, a new code and name.
    const child = ok(await call(`${SYSTEM}/region/submit`, { token: admin, json: { ...parent, parentCode: code, code: `${code}01`, name: 'Saber市' } }));
    expect(child).toMatchObject({ code: `${code}01`, parentCode: code, regionLevel: 2, name: 'Saber市' });
    expect(child.id).not.toBe(parent.id);
    expect(ok(await call(`${SYSTEM}/region/detail?code=${code}`, { token: admin }))).toMatchObject({ id: parent.id, name: 'Saber省', parentCode: '00' });
    // An edit of the parent itself is still an edit, and moving it under another region is still refused.
    ok(await call(`${SYSTEM}/region/submit`, { token: admin, json: { ...parent, name: 'Saber省改' } }));
    const moved = await call(`${SYSTEM}/region/submit`, { token: admin, json: { ...parent, parentCode: '11' } });
    expect(moved.body).toMatchObject({ code: 400, msg: '上级区划不能修改' });
    ok(await call(`${SYSTEM}/region/remove?ids=${child.id}`, { token: admin, method: 'POST' }));
    ok(await call(`${SYSTEM}/region/remove?ids=${parent.id}`, { token: admin, method: 'POST' }));
  });

  it("新增下级 under a province, where Saber's form puts the root's 00 in front of the codes, adds the child under the province", async () => {
    const province = ok(await call(`${SYSTEM}/region/detail?code=44`, { token: admin }));
    const sub = String(90 + (Date.now() % 10));
    // As Saber sends it: the province's row, its code behind 00 as parentCode, and 00 + province + the typed part.
    const child = ok(await call(`${SYSTEM}/region/submit`, { token: admin, json: { ...province, parentCode: '0044', code: `0044${sub}`, subCode: sub, name: 'Saber市' } }));
    expect(child).toMatchObject({ code: `44${sub}`, parentCode: '44', ancestors: '00,44', regionLevel: 2, provinceName: '广东省', cityName: 'Saber市' });
    expect(child.id).not.toBe(province.id);
    expect(ok(await call(`${SYSTEM}/region/detail?code=44`, { token: admin }))).toMatchObject({ name: '广东省', code: '44', parentCode: '00' });
    // Saber removes the node its tree has picked by its code, as `id`; a parent is still refused so.
    expect((await call(`${SYSTEM}/region/remove?id=44`, { token: admin, method: 'POST' })).body).toMatchObject({ code: 400, msg: '请先删除子节点' });
    ok(await call(`${SYSTEM}/region/remove?id=${child.code}`, { token: admin, method: 'POST' }));
    expect((await call(`${SYSTEM}/region/detail?code=${child.code}`, { token: admin })).body).toMatchObject({ code: 400, msg: '数据不存在' });
  });

  it("an unchanged save of a seeded province, city and district in Saber's form keeps its code", async () => {
    // Saber shows a region's own part as its code with the parent's cut off, and saves the parent's code plus that part
    // (nothing in front at the top, 00): BladeX's codes (11, 1101, 110101) come back whole.
    for (const code of ['33', '3301', '330106']) {
      const region = ok(await call(`${SYSTEM}/region/detail?code=${code}`, { token: admin }));
      const subCode = String(region.code).replace(region.parentCode, '');
      const saved = { ...region, code: (region.parentCode === '00' ? '' : region.parentCode) + subCode };
      expect(saved.code).toBe(code);
      // Saber's form requires the level under SpringBlade's name.
      expect(region.level).toBe(region.regionLevel);
      ok(await call(`${SYSTEM}/region/submit`, { token: admin, json: saved }));
      expect(ok(await call(`${SYSTEM}/region/detail?code=${code}`, { token: admin }))).toMatchObject({ id: region.id, code, name: region.name });
    }
  });

  it("全部可见 with Saber's defaults (scopeColumn '-', scopeField '*') is saved", async () => {
    const saved = ok(
      await call(`${SYSTEM}/data-scope/submit`, {
        token: admin,
        json: { scopeName: `Saber全部${tag()}`, resourceCode: 'notice', scopeColumn: '-', scopeField: '*', scopeType: 1, scopeClass: 'org.springblade.desk.mapper.NoticeMapper.selectNoticePage' },
      }),
    );
    expect(saved).toMatchObject({ scopeType: 1, scopeColumn: '-', scopeField: '*' });
    // The placeholder is no column for a rule that compares one.
    const own = await call(`${SYSTEM}/data-scope/submit`, { token: admin, json: { scopeName: `Saber本人${tag()}`, resourceCode: 'notice', scopeColumn: '-', scopeType: 2 } });
    expect(own.body).toMatchObject({ code: 400, msg: '权限字段不是该资源的字段: scopeColumn' });
    ok(await call(`${SYSTEM}/data-scope/remove?ids=${saved.id}`, { token: admin, method: 'POST' }));
  });

  it('user pages name each user’s tenant', async () => {
    for (const path of ['/api/blade-system/user/page', '/api/blade-system/user/list', '/api/blade-system/user/user-list']) {
      const answer = ok(await call(`${path}?current=1&size=5`, { token: admin }));
      // `user-list` answers a plain list, as BladeX does.
      const records = (path.endsWith('user-list') ? answer : answer.records) as { tenantId: string; tenantName: string }[];
      expect(records.length, path).toBeGreaterThan(0);
      for (const row of records) expect(row, path).toMatchObject({ tenantId: '000000', tenantName: expect.stringMatching(/\S/) });
      for (const row of records) expect(row, path).not.toHaveProperty('password');
    }
    const named = ok(await call('/api/blade-system/user/user-list?account=admin', { token: admin }));
    expect(named.map((row: { account: string }) => row.account)).toContain('admin');
  });
});
