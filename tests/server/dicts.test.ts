import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin } from './client';
import { OTHER_TENANT, TESTER } from './fixtures';

type Row = Record<string, any>;

const SYS = '/api/blade-system/dict';
const BIZ = '/api/blade-system/dict-biz';
let admin: string;
let other: string;
let tester: string;
beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
  tester = (await login(TESTER)).access_token;
});

let sequence = 0;
const uniqueCode = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(sequence++).toString(36)}`;
const submit = (base: string, token: string, json: unknown) => call(`${base}/submit`, { token, json });
const remove = (base: string, token: string, ids: string) => call(`${base}/remove?ids=${ids}`, { token, method: 'POST' });
const refused = (answer: { status: number; body: any }) => ({ status: answer.status, code: answer.body?.code, msg: answer.body?.msg });

async function rootOf(base: string, token: string, code: string): Promise<Row> {
  const answer = await call(`${base}/parent-list?code_equal=${code}`, { token });
  expect(answer.body.code).toBe(200);
  const [row] = answer.body.data.records as Row[];
  return row;
}

/** A dictionary with two items (keys 1 and 2), made through the API. */
async function dictionary(base: string, token: string, code = uniqueCode('e2dict')) {
  expect((await submit(base, token, { code, dictValue: '测试字典', sort: 1, isSealed: 0, remark: '备注' })).body.code).toBe(200);
  const root = await rootOf(base, token, code);
  for (const [key, value, sort] of [
    ['1', '一', 1],
    ['2', '二', 2],
  ] as const) {
    const answer = await submit(base, token, { parentId: root.id, code, dictKey: key, dictValue: value, sort, isSealed: 0 });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
  }
  const items = (await call(`${base}/child-list?parentId=${root.id}`, { token })).body.data.records as Row[];
  return { code, root, items };
}

describe('system dictionaries', () => {
  it('dictionary?code= answers the items of a seeded dictionary as before: root excluded, sorted, wire shape', async () => {
    const answer = await call(`${SYS}/dictionary?code=yes_no`, { token: admin });
    expect(answer.body.code).toBe(200);
    const items = answer.body.data as Row[];
    expect(items.map((item) => [item.dictKey, item.dictValue])).toEqual([
      ['1', '否'],
      ['2', '是'],
    ]);
    expect(Object.keys(items[0]).sort()).toEqual(['code', 'dictKey', 'dictValue', 'id', 'isDeleted', 'isSealed', 'parentId', 'remark', 'sort']);
    expect(typeof items[0].id).toBe('string');
    expect(typeof items[0].parentId).toBe('string');
  });

  it('a dictionary and its items: parent-list, child-list, list?code= (first element’s children), tree, select, detail', async () => {
    const { code, root, items } = await dictionary(SYS, admin);
    expect(root).toMatchObject({ code, dictKey: '-1', dictValue: '测试字典', parentId: '0', sort: 1, isSealed: 0, remark: '备注' });

    const page = (await call(`${SYS}/parent-list?code=${code}&current=1&size=10`, { token: admin })).body.data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(page.records.map((row: Row) => row.id)).toEqual([root.id]);
    // parent-list lists dictionaries only, never items.
    const roots = (await call(`${SYS}/parent-list?size=500`, { token: admin })).body.data.records as Row[];
    expect(roots.every((row) => row.parentId === '0')).toBe(true);

    expect(items.map((item) => [item.code, item.dictKey, item.dictValue, item.parentId])).toEqual([
      [code, '1', '一', root.id],
      [code, '2', '二', root.id],
    ]);
    const childPage = (await call(`${SYS}/child-list?parentId=${root.id}&current=2&size=1`, { token: admin })).body.data;
    expect(childPage).toMatchObject({ total: 2, current: 2, size: 1, pages: 2 });
    expect(childPage.records.map((row: Row) => row.dictKey)).toEqual(['2']);
    // BladeX's default parentId -1 (Saber's first load of the items table): an empty page, for both dictionaries.
    for (const base of [SYS, BIZ]) {
      for (const query of ['', '?parentId=-1&current=1&size=10']) {
        const empty = await call(`${base}/child-list${query}`, { token: admin });
        expect(empty.body, `${base}/child-list${query}`).toMatchObject({ code: 200, data: { records: [], total: 0 } });
      }
    }
    expect(refused(await call(`${SYS}/child-list?parentId=abc`, { token: admin }))).toMatchObject({ status: 400, code: 400 });

    const list = (await call(`${SYS}/list?code=${code}`, { token: admin })).body.data as Row[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: root.id, hasChildren: true });
    expect(list[0].children.map((item: Row) => [item.dictKey, item.dictValue])).toEqual([
      ['1', '一'],
      ['2', '二'],
    ]);

    const tree = (await call(`${SYS}/tree?code=DICT`, { token: admin })).body.data as Row[];
    const node = tree.find((candidate) => candidate.id === root.id)!;
    expect(node).toMatchObject({ id: root.id, parentId: '0', title: '测试字典', key: root.id, value: root.id, hasChildren: true });
    expect(node.children.map((child: Row) => child.title)).toEqual(['一', '二']);
    expect(tree.every((candidate) => candidate.parentId === '0')).toBe(true);

    const select = (await call(`${SYS}/select`, { token: admin })).body.data as Row[];
    expect(select.find((row) => row.id === root.id)?.dictValue).toBe(`${code}: 测试字典`);

    const detail = (await call(`${SYS}/detail?id=${items[0].id}`, { token: admin })).body.data;
    expect(detail).toEqual(items[0]);

    const options = (await call(`${SYS}/dictionary?code=${code}`, { token: admin })).body.data as Row[];
    expect(options.map((item) => item.dictKey)).toEqual(['1', '2']);
  });

  it("accepts the bodies BladeX's Saber sends (numbers where the wire has strings, ids as numbers)", async () => {
    const code = uniqueCode('e2saber');
    const root = await submit(SYS, admin, { code, dictValue: 'Saber', sort: '2', isSealed: '0', dictKey: -1, parentId: 0 });
    expect(root.body, JSON.stringify(root.body)).toMatchObject({ code: 200, success: true });
    const stored = await rootOf(SYS, admin, code);
    expect(stored).toMatchObject({ dictKey: '-1', parentId: '0', sort: 2, isSealed: 0 });
    const item = await submit(SYS, admin, { code, dictValue: '项', sort: 1, isSealed: 0, dictKey: 7, parentId: Number(stored.id) > Number.MAX_SAFE_INTEGER ? stored.id : Number(stored.id) });
    expect(item.body.code, JSON.stringify(item.body)).toBe(200);
    expect(((await call(`${SYS}/dictionary?code=${code}`, { token: admin })).body.data as Row[]).map((row) => row.dictKey)).toEqual(['7']);
  });

  it('refuses missing fields with the exact messages', async () => {
    const full = { code: uniqueCode('e2miss'), dictValue: '名', sort: 1, isSealed: 0 };
    for (const [field, message] of [
      ['code', '请输入字典编号'],
      ['dictValue', '请输入字典名称'],
      ['sort', '请输入字典排序'],
      ['isSealed', '请选择封存'],
    ] as const) {
      const body: Row = { ...full, [field]: '' };
      expect(refused(await submit(SYS, admin, body)), field).toEqual({ status: 400, code: 400, msg: message });
    }
    const { root } = await dictionary(SYS, admin);
    expect(refused(await submit(SYS, admin, { parentId: root.id, dictKey: '', dictValue: '三', sort: 3, isSealed: 0 }))).toEqual({
      status: 400,
      code: 400,
      msg: '请输入字典键值',
    });
  });

  it('an item takes its parent’s code; a key is unique within a dictionary, a code among dictionaries', async () => {
    const { code, root } = await dictionary(SYS, admin);
    expect((await submit(SYS, admin, { parentId: root.id, code: 'something_else', dictKey: '3', dictValue: '三', sort: 3, isSealed: 0 })).body.code).toBe(200);
    const items = (await call(`${SYS}/child-list?parentId=${root.id}&size=10`, { token: admin })).body.data.records as Row[];
    expect(items.find((item) => item.dictKey === '3')?.code).toBe(code);

    const duplicateKey = await submit(SYS, admin, { parentId: root.id, code, dictKey: '1', dictValue: '重复', sort: 9, isSealed: 0 });
    expect(refused(duplicateKey)).toEqual({ status: 400, code: 400, msg: '当前字典键值已存在!' });
    // Editing an item onto a taken key is refused too; keeping its own key is fine.
    const second = items.find((item) => item.dictKey === '2')!;
    expect(refused(await submit(SYS, admin, { id: second.id, dictKey: '1' }))).toEqual({ status: 400, code: 400, msg: '当前字典键值已存在!' });
    expect((await submit(SYS, admin, { id: second.id, dictKey: '2', dictValue: '二改' })).body.code).toBe(200);
    // The same key in another dictionary is fine.
    const another = await dictionary(SYS, admin);
    expect(another.items.map((item) => item.dictKey)).toEqual(['1', '2']);

    const duplicateRoot = await submit(SYS, admin, { code, dictKey: 'x', dictValue: '同编号', sort: 1, isSealed: 0 });
    expect(refused(duplicateRoot)).toEqual({ status: 400, code: 400, msg: '当前字典编号已存在!' });
    expect(refused(await submit(SYS, admin, { parentId: '123456789', dictKey: '9', dictValue: '孤儿', sort: 1, isSealed: 0 }))).toEqual({
      status: 400,
      code: 400,
      msg: '上级字典不存在',
    });
  });

  it('renaming a dictionary’s code renames its items’, and dictionary?code= follows at once', async () => {
    const { root } = await dictionary(SYS, admin);
    const renamed = uniqueCode('e2ren');
    expect((await submit(SYS, admin, { id: root.id, code: renamed })).body.code).toBe(200);
    const items = (await call(`${SYS}/child-list?parentId=${root.id}`, { token: admin })).body.data.records as Row[];
    expect(items.map((item) => item.code)).toEqual([renamed, renamed]);
    expect(((await call(`${SYS}/dictionary?code=${renamed}`, { token: admin })).body.data as Row[]).map((item) => item.dictValue)).toEqual(['一', '二']);
  });

  it('a sealed item is kept in the lists but left out of dictionary?code= (BladeX getList: is_sealed = 0)', async () => {
    const { code, root, items } = await dictionary(SYS, admin);
    // Read once so the read cache holds the answer: the write must still show at once.
    expect(((await call(`${SYS}/dictionary?code=${code}`, { token: admin })).body.data as Row[]).length).toBe(2);
    expect((await submit(SYS, admin, { id: items[0].id, isSealed: 1 })).body.code).toBe(200);
    expect(((await call(`${SYS}/dictionary?code=${code}`, { token: admin })).body.data as Row[]).map((item) => item.dictKey)).toEqual(['2']);
    expect((await call(`${SYS}/child-list?parentId=${root.id}`, { token: admin })).body.data.total).toBe(2);
  });

  it('refuses to remove a dictionary that still has items; items first, then the dictionary', async () => {
    const { code, root, items } = await dictionary(SYS, admin);
    expect(refused(await remove(SYS, admin, root.id))).toEqual({ status: 400, code: 400, msg: '请先删除子节点' });
    expect((await remove(SYS, admin, items.map((item) => item.id).join(','))).body.code).toBe(200);
    expect((await call(`${SYS}/dictionary?code=${code}`, { token: admin })).body.data).toEqual([]);
    expect((await remove(SYS, admin, root.id)).body.code).toBe(200);
    expect(await rootOf(SYS, admin, code)).toBeUndefined();
    // A dictionary removed together with all its items is fine too.
    const whole = await dictionary(SYS, admin);
    expect((await remove(SYS, admin, [whole.root.id, ...whole.items.map((item) => item.id)].join(','))).body.code).toBe(200);
  });

  it('only the administrator tenant writes system dictionaries; every tenant reads them', async () => {
    const { code, root, items } = await dictionary(SYS, admin);
    expect(refused(await submit(SYS, other, { code: uniqueCode('e2oth'), dictValue: '他', sort: 1, isSealed: 0 }))).toMatchObject({ code: 403 });
    expect(refused(await submit(SYS, other, { id: items[0].id, dictValue: '篡改' }))).toMatchObject({ code: 403 });
    expect(refused(await remove(SYS, other, items[0].id))).toMatchObject({ code: 403 });
    expect((await call(`${SYS}/detail?id=${items[0].id}`, { token: admin })).body.data.dictValue).toBe('一');
    expect(((await call(`${SYS}/dictionary?code=${code}`, { token: other })).body.data as Row[]).map((item) => item.dictValue)).toEqual(['一', '二']);
    expect(((await call(`${SYS}/list?code=${code}`, { token: other })).body.data as Row[])[0].id).toBe(root.id);
  });

  it('a caller without the dictionary buttons is refused every write (403), but may look options up', async () => {
    const { code, items } = await dictionary(SYS, admin);
    expect(refused(await submit(SYS, tester, { code: uniqueCode('e2tst'), dictValue: '测', sort: 1, isSealed: 0 }))).toMatchObject({ code: 403 });
    expect(refused(await remove(SYS, tester, items[0].id))).toMatchObject({ code: 403 });
    expect((await call(`${SYS}/list?code=${code}`, { token: tester })).body.data[0].children).toHaveLength(2);
  });
});

describe('business dictionaries', () => {
  it('are per tenant: tenant A’s item is not seen, read or removed by tenant B, which may use the same code', async () => {
    const { code, root, items } = await dictionary(BIZ, admin);
    expect(((await call(`${BIZ}/dictionary?code=${code}`, { token: admin })).body.data as Row[]).map((item) => item.dictValue)).toEqual(['一', '二']);

    expect((await call(`${BIZ}/dictionary?code=${code}`, { token: other })).body.data).toEqual([]);
    expect((await call(`${BIZ}/list?code=${code}`, { token: other })).body.data).toEqual([]);
    expect(await rootOf(BIZ, other, code)).toBeUndefined();
    expect((await call(`${BIZ}/child-list?parentId=${root.id}`, { token: other })).body.data.records).toEqual([]);
    expect(refused(await call(`${BIZ}/detail?id=${items[0].id}`, { token: other }))).toMatchObject({ status: 400, code: 400 });
    expect(refused(await remove(BIZ, other, items[0].id))).toMatchObject({ status: 400, code: 400 });
    // An item under tenant A's dictionary cannot be added by tenant B.
    expect(refused(await submit(BIZ, other, { parentId: root.id, dictKey: '9', dictValue: '入侵', sort: 1, isSealed: 0 }))).toEqual({
      status: 400,
      code: 400,
      msg: '上级字典不存在',
    });
    expect((await call(`${BIZ}/detail?id=${items[0].id}`, { token: admin })).body.data.dictValue).toBe('一');

    // Tenant B has its own dictionary of that code.
    const theirs = await dictionary(BIZ, other, code);
    expect(theirs.root.id).not.toBe(root.id);
    expect(((await call(`${BIZ}/dictionary?code=${code}`, { token: admin })).body.data as Row[]).map((item) => item.id)).toEqual(items.map((item) => item.id));
  });
});
