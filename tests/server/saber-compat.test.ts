import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin } from './client';

/**
 * What BladeX's own Vue client (Saber) asks of the system screens (blade-contract §6, spec §7): every call answers
 * the Blade envelope with code 200 and the shape Saber reads: a page (`records`, `total`, `size`, `current`,
 * `pages`), a list, or a tree whose nodes carry `id`, `parentId`, `title`, `key`, `value` (lazy ones `hasChildren`).
 */
let admin: string;
beforeAll(async () => {
  admin = await loginAdmin();
});

type Shape = 'page' | 'list' | 'tree' | 'lazyTree' | 'object';

async function answerOf(path: string, method = 'GET') {
  const answer = await call(path, { token: admin, method });
  expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBe(200);
  expect(answer.body?.code, `${path}: ${answer.text.slice(0, 200)}`).toBe(200);
  return answer.body.data;
}

function expectShape(path: string, data: any, shape: Shape) {
  if (shape === 'page') {
    expect(data, path).toMatchObject({ records: expect.any(Array), total: expect.any(Number), size: expect.any(Number), current: expect.any(Number), pages: expect.any(Number) });
    return;
  }
  if (shape === 'object') {
    expect(typeof data, path).toBe('object');
    expect(Array.isArray(data), path).toBe(false);
    return;
  }
  expect(Array.isArray(data), `${path} answers a list`).toBe(true);
  expect(data.length, `${path} is not empty`).toBeGreaterThan(0);
  if (shape === 'tree' || shape === 'lazyTree') {
    for (const node of data) {
      expect(node, path).toMatchObject({ id: expect.any(String), parentId: expect.any(String), title: expect.any(String) });
      expect(node.key ?? node.value, `${path} node key/value`).toBeDefined();
      if (shape === 'lazyTree') expect(typeof node.hasChildren, `${path} hasChildren`).toBe('boolean');
    }
  }
}

const SYSTEM = '/api/blade-system';
const CALLS: [path: string, shape: Shape][] = [
  [`${SYSTEM}/dept/lazy-tree?parentId=0`, 'lazyTree'],
  [`${SYSTEM}/dept/lazy-list?parentId=0`, 'list'],
  [`${SYSTEM}/dept/tree?tenantId=000000`, 'tree'],
  [`${SYSTEM}/dept/select`, 'list'],
  [`${SYSTEM}/post/list`, 'page'],
  [`${SYSTEM}/post/select?tenantId=000000`, 'list'],
  [`${SYSTEM}/role/list`, 'list'],
  [`${SYSTEM}/role/tree?tenantId=000000`, 'tree'],
  [`${SYSTEM}/role/select`, 'list'],
  [`${SYSTEM}/menu/lazy-list?parentId=0`, 'list'],
  [`${SYSTEM}/menu/list`, 'list'],
  [`${SYSTEM}/menu/tree`, 'tree'],
  [`${SYSTEM}/menu/grant-tree`, 'object'],
  [`${SYSTEM}/menu/grant-top-tree`, 'object'],
  [`${SYSTEM}/role/page`, 'page'],
  [`${SYSTEM}/topmenu/list`, 'page'],
  [`${SYSTEM}/dict/tree?code=DICT`, 'tree'],
  [`${SYSTEM}/dict/parent-list`, 'page'],
  [`${SYSTEM}/dict/list?code=yes_no`, 'list'],
  [`${SYSTEM}/dict/dictionary?code=yes_no`, 'list'],
  [`${SYSTEM}/dict-biz/parent-list`, 'page'],
  [`${SYSTEM}/region/lazy-tree?parentCode=00`, 'lazyTree'],
  [`${SYSTEM}/tenant/list`, 'page'],
  [`${SYSTEM}/tenant/select`, 'list'],
  [`${SYSTEM}/tenant-package/list`, 'page'],
  [`${SYSTEM}/client/list`, 'page'],
  [`${SYSTEM}/data-scope/list`, 'page'],
  [`${SYSTEM}/api-scope/list`, 'page'],
  [`${SYSTEM}/user/page`, 'page'],
  [`${SYSTEM}/user/list`, 'page'],
  ['/api/blade-user/page', 'page'],
  ['/api/blade-user/info', 'object'],
  ['/api/blade-develop/datasource/list', 'page'],
  // 任务调度: the seeded app and its demo job.
  ['/api/blade-job/job-server/list', 'page'],
  ['/api/blade-job/job-server/select', 'list'],
  ['/api/blade-job/job-info/list', 'page'],
];

describe('the calls of the Saber system screens', () => {
  it.each(CALLS)('%s answers the Blade shape', async (path, shape) => {
    expectShape(path, await answerOf(path), shape);
  });

  it("offers BladeX's region dictionary, which Saber's 行政区划 form requires for 区划等级", async () => {
    const levels = await answerOf(`${SYSTEM}/dict/dictionary?code=region`);
    expect(levels.map((item: { dictKey: string; dictValue: string }) => [item.dictKey, item.dictValue])).toEqual([
      ['1', '省份'],
      ['2', '地市'],
      ['3', '区县'],
      ['4', '乡镇'],
      ['5', '村委'],
    ]);
  });

  it('answers role-tree-keys and top-tree-keys as id lists', async () => {
    const [role] = await answerOf(`${SYSTEM}/role/list`);
    const keys = await answerOf(`${SYSTEM}/menu/role-tree-keys?roleIds=${role.id}`);
    expect(keys).toMatchObject({ menu: expect.any(Array), dataScope: expect.any(Array), apiScope: expect.any(Array) });
    expect(keys.menu.length).toBeGreaterThan(0);
    const topMenus = await answerOf(`${SYSTEM}/topmenu/list`);
    if (topMenus.records.length > 0) {
      expect(await answerOf(`${SYSTEM}/menu/top-tree-keys?topMenuIds=${topMenus.records[0].id}`)).toMatchObject({ menu: expect.any(Array) });
    }
  });

  it('answers the user service under /api/blade-user as under /api/blade-system/user', async () => {
    const system = await answerOf(`${SYSTEM}/user/info`);
    const alias = await answerOf('/api/blade-user/info');
    expect(alias).toEqual(system);
    const [first] = (await answerOf(`${SYSTEM}/user/page`)).records;
    expect(await answerOf(`/api/blade-user/detail?id=${first.id}`)).toEqual(await answerOf(`${SYSTEM}/user/detail?id=${first.id}`));
  });

  it('never answers a password hash or a client secret', async () => {
    const paths = [`${SYSTEM}/user/page`, `${SYSTEM}/client/list`, '/api/blade-develop/datasource/list', '/api/blade-user/info', '/api/blade-job/job-server/list'];
    for (const path of paths) {
      const text = (await call(path, { token: admin })).text;
      expect(text, path).not.toMatch(/\$2[aby]\$\d\d\$/);
      expect(text, path).not.toMatch(/"(password|clientSecret|jobAppPassword)":"[^"]+"/);
    }
  });
});
