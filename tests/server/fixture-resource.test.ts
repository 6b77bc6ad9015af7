import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogSchema } from '../../resources/apilog/schema';
import { jobInfoSchema } from '../../resources/jobinfo/schema';
import { jobServerSchema } from '../../resources/jobserver/schema';
import { dict } from '../../resources/dictionaries';
import { CRUD } from '../../resources/operations';
import { operationLogSchema } from '../../resources/operationlog/schema';
import { paramSchema } from '../../resources/param/schema';
import { createRegistry } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import { userSchema } from '../../resources/user/schema';
import { usualLogSchema } from '../../resources/usuallog/schema';
import { startServer, type RunningServer } from '../../server/app';
import { usagesOf } from '../../server/blade/crud';
import { nextId } from '../../server/blade/ids';
import { readerCodesOf } from '../../server/blade/mount';
import { readModelOf } from '../../server/blade/read-model';
import { resourceScreen } from '../../server/db/seed-data/menus';
import { call, md5 } from './client';
import { freshDataDir } from './data-dir';

/**
 * A resource the product does not register: one schema object, as a new `resources/gadget/schema.ts` would be. Handed
 * to the server in a registry of its own, it gets from the machinery its menu entry and buttons, the read model, the
 * table, the guarded routes and a working CRUD, with no other file touched.
 */
const gadget: ResourceSchema = {
  name: 'gadget',
  title: { zh: '小工具', en: 'Gadgets' },
  // Its own business dictionary, declared beside the schema (a folder's `dicts.ts`): the registry seeds it.
  dictionaries: [dict('gadget_colour', '颜色', [['red', '红色', 'Red'], ['blue', '蓝色', 'Blue']], true)],
  api: '/gateway/blade-gadget/gadget',
  table: 'blade_fixture_gadget',
  tenantScoped: true,
  route: '/test/gadget',
  menu: { parent: 'test', icon: 'ToolOutlined', sort: 42 },
  permissionCode: 'gadget',
  operations: CRUD,
  form: { mode: 'modal' },
  fields: [
    { name: 'gadgetCode', type: 'string', label: { zh: '编号', en: 'Code' }, required: '请输入编号', maxLength: 32, unique: '编号已存在', rules: { notBlank: true } },
    { name: 'gadgetName', type: 'string', label: { zh: '名称', en: 'Name' }, maxLength: 64, search: 'like' },
    { name: 'weight', type: 'int', label: { zh: '重量', en: 'Weight' } },
    { name: 'boughtOn', type: 'date', label: { zh: '购买日期', en: 'Bought on' } },
    { name: 'paramId', type: 'id', label: { zh: '参数', en: 'Parameter' }, ref: { resource: 'param', label: 'paramName', as: 'paramName' } },
    { name: 'paramName', type: 'string', label: { zh: '参数', en: 'Parameter' }, virtual: true, readOnly: true, form: false },
    // Several keys of a business dictionary, which each tenant's administrator edits.
    { name: 'colours', type: 'string', label: { zh: '颜色', en: 'Colours' }, maxLength: 64, widget: 'checkbox', dict: { code: 'gadget_colour', biz: true } },
  ],
};

describe('derivations of a fixture schema', () => {
  it('resourceScreen: the menu entry at the route, with one button per operation', () => {
    const screen = resourceScreen(gadget);
    expect(screen).toMatchObject({ code: 'gadget', name: '小工具', path: '/test/gadget', source: 'ToolOutlined', category: 1, sort: 42 });
    expect(screen.children!.map((button) => [button.code, button.alias, button.category, button.action])).toEqual([
      ['gadget_add', 'add', 2, 1],
      ['gadget_edit', 'edit', 2, 2],
      ['gadget_delete', 'delete', 2, 3],
      ['gadget_view', 'view', 2, 2],
    ]);
  });

  it('readerCodesOf and usagesOf: a screen that picks params may read them, and keeps a used param', () => {
    const registry = [paramSchema, gadget];
    expect(readerCodesOf(gadget, registry)).toEqual(['gadget']);
    expect(readerCodesOf(paramSchema, registry)).toContain('gadget');
    expect(readerCodesOf(paramSchema, [paramSchema])).not.toContain('gadget');
    expect(usagesOf(paramSchema, registry)).toContainEqual({
      table: 'blade_fixture_gadget',
      column: 'param_id',
      message: '该数据正被「小工具」使用，不能删除',
    });
    expect(usagesOf(gadget, registry)).toEqual([]);
  });

  it('readModelOf: stored columns, the joined label of the ref, no column for the virtual field', () => {
    const model = readModelOf(createRegistry([paramSchema, gadget]), gadget.name, gadget.fields);
    const byName = new Map(model.columns.map((column) => [column.name, column]));
    for (const name of ['id', 'tenantId', 'createTime', 'isDeleted', 'gadgetCode', 'gadgetName', 'weight', 'boughtOn', 'paramId']) {
      expect(byName.get(name)?.stored, name).toBe(true);
    }
    expect(byName.get('boughtOn')!.sql).toBe('t.bought_on');
    expect(byName.get('paramName')).toMatchObject({ stored: false, column: 'param_name' });
    expect(byName.get('paramName')!.sql).toMatch(/^t_r\d+\.param_name$/);
    expect(model.joins).toMatch(/LEFT JOIN blade_param t_r\d+ ON t_r\d+\.id = t\.param_id AND t_r\d+\.tenant_id = t\.tenant_id AND t_r\d+\.is_deleted = 0/);
  });
});

describe('the whole server on a registry of its own', () => {
  const PASSWORD = 'Fixture-admin1';
  // The fixture's registry: the gadget, the parameters it picks, and the tables the machinery itself writes (its logs,
  // the job scheduler's jobs, and the users those jobs alert).
  const registry = createRegistry([paramSchema, operationLogSchema, apiLogSchema, usualLogSchema, jobServerSchema, jobInfoSchema, userSchema, gadget]);
  let dataDir: string;
  let server: RunningServer;
  let admin: string;
  let tester: string;

  beforeAll(async () => {
    dataDir = freshDataDir('blade-fixture-resource-');
    server = await startServer({ port: 0, dataDir, adminPassword: PASSWORD, captcha: false }, { resources: registry });
    const base = server.url;
    const loginOn = async (account: string) => {
      const query = new URLSearchParams({ tenantId: '000000', username: account, password: md5(PASSWORD), grant_type: 'password', scope: 'all', type: 'account' });
      const answer = await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { 'Tenant-Id': '000000' }, base });
      if (!answer.body?.access_token) throw new Error(`login of ${account} failed: ${answer.text}`);
      return answer.body.access_token as string;
    };
    admin = await loginOn('admin');
    // The seeded `user` role holds every test-management screen's add, edit and view buttons: the gadget's too.
    tester = await loginOn('tester');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const request = async (path: string, options: { json?: unknown; token?: string; method?: string } = {}) => {
    const answer = await call(path, { base: server.url, token: options.token ?? admin, json: options.json, method: options.method });
    return { status: answer.status, body: answer.body };
  };
  const base = gadget.api;

  it('seeds its menu entry and buttons, and grants them to the roles as the registry says', async () => {
    type Node = { code: string; name: string; path: string; children?: Node[] };
    const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
    const routes = flatten((await request('/api/blade-system/menu/routes')).body.data);
    expect(routes).toContainEqual(expect.objectContaining({ code: 'gadget', name: '小工具', path: '/test/gadget' }));
    // Nothing of the product's own registry is there: its screens come from `resources/schemas.ts`, not handed in.
    expect(routes.map((node) => node.code)).not.toContain('project');
    const buttons = flatten((await request('/api/blade-system/menu/buttons', { token: tester })).body.data).map((node) => node.code);
    expect(buttons).toEqual(expect.arrayContaining(['gadget_add', 'gadget_edit', 'gadget_view']));
    expect(buttons).not.toContain('gadget_delete');
  });

  it('creates its table with a per-tenant unique index, and answers list, submit, detail and remove', async () => {
    const columns = await server.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'blade_fixture_gadget'`,
    );
    expect(columns.map((row) => row.column_name)).toEqual(expect.arrayContaining(['gadget_code', 'bought_on', 'param_id', 'tenant_id', 'is_deleted']));
    expect(columns.map((row) => row.column_name)).not.toContain('param_name');

    expect((await request(`${paramSchema.api}/submit`, { json: { paramName: '门限', paramKey: 'gadget.limit', paramValue: '3' } })).body.code).toBe(200);
    const [param] = (await request(`${paramSchema.api}/list?paramKey_equal=gadget.limit`)).body.data.records;

    const created = await request(`${base}/submit`, { json: { gadgetCode: 'G-1', gadgetName: '扳手', weight: 3, boughtOn: '2024-05-06', paramId: param.id } });
    // The saved row is answered, as BladeX does.
    expect(created.body).toMatchObject({ code: 200, success: true, data: { id: expect.stringMatching(/^\d+$/), gadgetCode: 'G-1', boughtOn: '2024-05-06' }, msg: '操作成功' });
    const list = await request(`${base}/list?gadgetName=扳`);
    expect(list.body.data).toMatchObject({ total: 1, current: 1 });
    const [row] = list.body.data.records;
    expect(row).toMatchObject({ gadgetCode: 'G-1', gadgetName: '扳手', weight: 3, boughtOn: '2024-05-06', paramId: param.id, paramName: '门限', tenantId: '000000' });
    expect((await request(`${base}/detail?id=${row.id}`)).body.data).toEqual(row);

    expect((await request(`${base}/submit`, { json: { gadgetCode: 'G-1' } })).body).toMatchObject({ code: 400, msg: '编号已存在' });
    expect((await request(`${base}/submit`, { json: { gadgetName: 'x' } })).body).toMatchObject({ code: 400, msg: '请输入编号' });
    expect((await request(`${base}/submit`, { json: { gadgetCode: '  ' } })).body).toMatchObject({ code: 400, msg: '编号不能只包含空格' });

    expect((await request(`${base}/submit`, { json: { id: row.id, weight: 4 } })).body.code).toBe(200);
    expect((await request(`${base}/detail?id=${row.id}`)).body.data).toMatchObject({ weight: 4, gadgetName: '扳手' });
    expect((await request(`${base}/remove?ids=${row.id}`, { method: 'POST' })).body.code).toBe(200);
    expect((await request(`${base}/detail?id=${row.id}`)).body).toMatchObject({ code: 400, msg: '数据不存在' });
    // The live-row count (blade_row_count, kept by the triggers the start made) follows.
    const [count] = await server.db.query<{ live_rows: string }>(
      `SELECT live_rows FROM blade_row_count WHERE table_name = 'blade_fixture_gadget' AND tenant_id = '000000'`,
    );
    expect(Number(count.live_rows)).toBe(0);
  });

  it('seeds the dictionary it declares, and takes only its keys, each of a comma list', async () => {
    const seeded = await request('/api/blade-system/dict-biz/dictionary?code=gadget_colour');
    expect(seeded.body.data.map((item: { dictKey: string; dictValue: string }) => [item.dictKey, item.dictValue])).toEqual([
      ['red', '红色'],
      ['blue', '蓝色'],
    ]);
    const submit = (json: Record<string, unknown>) => request(`${base}/submit`, { json });
    expect((await submit({ gadgetCode: 'C-1', colours: 'red,blue' })).body.code).toBe(200);
    expect((await submit({ gadgetCode: 'C-2', colours: '' })).body.code).toBe(200);
    expect((await submit({ gadgetCode: 'C-3', colours: 'red,green' })).body).toMatchObject({ code: 400, msg: '颜色「green」不在可选范围内' });
    // An item the administrator adds later is accepted at once.
    const [root] = await server.db.query<{ id: string }>(
      `SELECT id::text AS id FROM blade_dict_biz WHERE tenant_id = '000000' AND code = 'gadget_colour' AND parent_id = 0`,
    );
    await server.db.query(
      `INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value) VALUES ($1, '000000', $2, 'gadget_colour', 'green', '绿色')`,
      [nextId(), root.id],
    );
    expect((await submit({ gadgetCode: 'C-3', colours: 'red,green' })).body.code).toBe(200);
  });

  it('guards its routes with the derived buttons: add, edit and view granted to the user role, delete not', async () => {
    const added = await request(`${base}/submit`, { token: tester, json: { gadgetCode: 'G-2' } });
    expect(added.body.code).toBe(200);
    const [row] = (await request(`${base}/list?gadgetCode_equal=G-2`, { token: tester })).body.data.records;
    expect(row.gadgetCode).toBe('G-2');
    // Its writes are in the operation log under the screen's title, like every registered resource's.
    const logged = await server.db.query<{ title: string; create_by: string }>(
      `SELECT title, create_by FROM blade_operation_log WHERE request_uri = $1`,
      [`${base}/submit`],
    );
    expect(logged).toContainEqual({ title: '小工具-新增', create_by: 'tester' });
    expect((await request(`${base}/submit`, { token: tester, json: { id: row.id, weight: 1 } })).body.code).toBe(200);
    expect(await request(`${base}/remove?ids=${row.id}`, { token: tester, method: 'POST' })).toMatchObject({ status: 403, body: { msg: '请求被拒绝' } });
  });
});
