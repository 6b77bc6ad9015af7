import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUD } from '../../resources/operations';
import { operationLogSchema } from '../../resources/operationlog/schema';
import { paramSchema } from '../../resources/param/schema';
import { resourceSchemas } from '../../resources/schemas';
import type { ResourceSchema } from '../../resources/types';
import type { BladeEnv, BladeUser, ServerServices } from '../../server/blade/context';
import { createResourceStore, usagesOf } from '../../server/blade/crud';
import { R } from '../../server/blade/envelope';
import { BladeError } from '../../server/blade/errors';
import { nextId } from '../../server/blade/ids';
import { mountResource, readerCodesOf } from '../../server/blade/mount';
import { readModelOf } from '../../server/blade/read-model';
import { withDefaults } from '../../server/config';
import { runMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { ensureResourceTables } from '../../server/db/resource-tables';
import { resourceScreen, type SeedMenu } from '../../server/db/seed-data/menus';
import type { Db } from '../../server/db/types';

/**
 * A resource nobody registered: one schema object, as a new `resources/gadget/schema.ts` would be. From it alone the
 * machinery derives the menu entry and buttons, the read model, the table, the guarded routes and a working CRUD,
 * with no other file touched.
 */
const gadget: ResourceSchema = {
  name: 'gadget',
  title: { zh: '小工具', en: 'Gadgets' },
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
    const registry = [...resourceSchemas, gadget];
    expect(readerCodesOf(gadget, registry)).toEqual(['gadget']);
    expect(readerCodesOf(paramSchema, registry)).toContain('gadget');
    expect(readerCodesOf(paramSchema)).not.toContain('gadget');
    expect(usagesOf(paramSchema, registry)).toContainEqual({
      table: 'blade_fixture_gadget',
      column: 'param_id',
      message: '该数据正被「小工具」使用，不能删除',
    });
    expect(usagesOf(gadget, registry)).toEqual([]);
  });

  it('readModelOf: stored columns, the joined label of the ref, no column for the virtual field', () => {
    const model = readModelOf(gadget.name, gadget.fields);
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

describe('a fixture resource on a fresh database', () => {
  let dir: string;
  let db: Db;
  let app: Hono<BladeEnv>;
  const admin: BladeUser = {
    tenantId: '000000', userId: '1123598821738675201', account: 'admin', userName: 'admin', nickName: 'admin', realName: 'admin',
    roleId: '1123598816738675201', roleName: 'administrator', deptId: '1123598813738675201', postId: '', clientId: 'saber', sessionId: 's1',
  };
  const gadgetUser: BladeUser = { ...admin, userId: '77', account: 'g', roleId: '4242', roleName: 'gadget_user' };
  const otherTenant: BladeUser = { ...admin, tenantId: '100001' };

  /** Seeds the derived menu entry and its buttons, and grants `codes` to the role of `gadgetUser`. */
  async function seedMenu(menu: SeedMenu, codes: string[], parentId = '0') {
    const id = nextId();
    await db.query(
      `INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [id, parentId, menu.code, menu.name, menu.alias, menu.path, menu.source, menu.sort, menu.category, menu.action, menu.isOpen],
    );
    if (codes.includes(menu.code)) await db.query('INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES ($1, $2, $3)', [nextId(), id, gadgetUser.roleId]);
    for (const child of menu.children ?? []) await seedMenu(child, codes, id);
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'blade-fixture-resource-'));
    db = await openPglite(dir);
    await runMigrations(db);
    for (const schema of [paramSchema, gadget, operationLogSchema]) await ensureResourceTables(db, schema);
    await seedMenu(resourceScreen(gadget), ['gadget_add', 'gadget_view']);

    app = new Hono<BladeEnv>();
    app.onError((error, c) => {
      if (error instanceof BladeError) return c.json(R.fail(error.code, error.message), error.httpStatus as 400);
      throw error;
    });
    // Who calls is chosen per request by a test header (the real app reads the token).
    const users: Record<string, BladeUser> = { admin, gadgetUser, otherTenant };
    app.use('*', async (c, next) => {
      c.set('user', users[c.req.header('x-user') ?? 'admin']);
      await next();
    });
    const services = { db, config: withDefaults({}), tokens: undefined } as unknown as ServerServices;
    for (const schema of [paramSchema, gadget]) mountResource(app, createResourceStore(db, schema), {}, services);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const request = async (path: string, options: { json?: unknown; as?: string; method?: string } = {}) => {
    const response = await app.request(path, {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json', 'x-user': options.as ?? 'admin' },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const base = gadget.api;

  it('creates its table with a per-tenant unique index, and answers list, submit, detail and remove', async () => {
    const columns = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'blade_fixture_gadget'`,
    );
    expect(columns.map((row) => row.column_name)).toEqual(expect.arrayContaining(['gadget_code', 'bought_on', 'param_id', 'tenant_id', 'is_deleted']));
    expect(columns.map((row) => row.column_name)).not.toContain('param_name');

    expect((await request(`${paramSchema.api}/submit`, { json: { paramName: '门限', paramKey: 'gadget.limit', paramValue: '3' } })).body.code).toBe(200);
    const [param] = (await request(`${paramSchema.api}/list?paramKey_equal=gadget.limit`)).body.data.records;

    const created = await request(`${base}/submit`, { json: { gadgetCode: 'G-1', gadgetName: '扳手', weight: 3, boughtOn: '2024-05-06', paramId: param.id } });
    expect(created.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    const list = await request(`${base}/list?gadgetName=扳`);
    expect(list.body.data).toMatchObject({ total: 1, current: 1 });
    const [row] = list.body.data.records;
    expect(row).toMatchObject({ gadgetCode: 'G-1', gadgetName: '扳手', weight: 3, boughtOn: '2024-05-06', paramId: param.id, paramName: '门限', tenantId: '000000' });
    expect((await request(`${base}/detail?id=${row.id}`)).body.data).toEqual(row);

    expect((await request(`${base}/submit`, { json: { gadgetCode: 'G-1' } })).body).toMatchObject({ code: 400, msg: '编号已存在' });
    expect((await request(`${base}/submit`, { json: { gadgetName: 'x' } })).body).toMatchObject({ code: 400, msg: '请输入编号' });
    expect((await request(`${base}/submit`, { json: { gadgetCode: '  ' } })).body).toMatchObject({ code: 400, msg: '编号不能只包含空格' });
    expect((await request(`${base}/list`, { as: 'otherTenant' })).body.data.records).toEqual([]);

    expect((await request(`${base}/submit`, { json: { id: row.id, weight: 4 } })).body.code).toBe(200);
    expect((await request(`${base}/detail?id=${row.id}`)).body.data).toMatchObject({ weight: 4, gadgetName: '扳手' });
    expect((await request(`${base}/remove?ids=${row.id}`, { method: 'POST' })).body.code).toBe(200);
    expect((await request(`${base}/detail?id=${row.id}`)).body).toMatchObject({ code: 400, msg: '数据不存在' });
    // The live-row count (blade_row_count, kept by the triggers ensureResourceTables made) follows.
    const [count] = await db.query<{ live_rows: string }>(
      `SELECT live_rows FROM blade_row_count WHERE table_name = 'blade_fixture_gadget' AND tenant_id = '000000'`,
    );
    expect(Number(count.live_rows)).toBe(0);
  });

  it('takes only keys of its business dictionary, of the caller\'s tenant, each of a comma list', async () => {
    async function addItem(tenantId: string, key: string) {
      let [root] = await db.query<{ id: string }>(
        `SELECT id::text AS id FROM blade_dict_biz WHERE tenant_id = $1 AND code = 'gadget_colour' AND parent_id = 0`,
        [tenantId],
      );
      if (!root) {
        root = { id: nextId() };
        await db.query(`INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value) VALUES ($1, $2, 0, 'gadget_colour', '-1', '颜色')`, [root.id, tenantId]);
      }
      await db.query(`INSERT INTO blade_dict_biz (id, tenant_id, parent_id, code, dict_key, dict_value) VALUES ($1, $2, $3, 'gadget_colour', $4, $4)`, [nextId(), tenantId, root.id, key]);
    }
    await addItem('000000', 'red');
    await addItem('000000', 'blue');
    await addItem('100001', 'green');
    const submit = (json: Record<string, unknown>, as = 'admin') => request(`${base}/submit`, { json, as });

    expect((await submit({ gadgetCode: 'C-1', colours: 'red,blue' })).body.code).toBe(200);
    expect((await submit({ gadgetCode: 'C-2', colours: '' })).body.code).toBe(200);
    expect((await submit({ gadgetCode: 'C-3', colours: 'red,green' })).body).toMatchObject({ code: 400, msg: '颜色「green」不在可选范围内' });
    expect((await submit({ gadgetCode: 'C-3', colours: 'green' }, 'otherTenant')).body.code).toBe(200);
    expect((await submit({ gadgetCode: 'C-4', colours: 'red' }, 'otherTenant')).body).toMatchObject({ code: 400, msg: '颜色「red」不在可选范围内' });
    // An item the administrator adds later is accepted at once.
    await addItem('000000', 'green');
    expect((await submit({ gadgetCode: 'C-3', colours: 'red,green' })).body.code).toBe(200);
  });

  it('guards its routes with the derived buttons: add and view granted, edit and delete not', async () => {
    const added = await request(`${base}/submit`, { as: 'gadgetUser', json: { gadgetCode: 'G-2' } });
    expect(added.body.code).toBe(200);
    const [row] = (await request(`${base}/list?gadgetCode_equal=G-2`, { as: 'gadgetUser' })).body.data.records;
    expect(row.gadgetCode).toBe('G-2');
    // Its writes are in the operation log under the screen's title, like every registered resource's.
    const logged = await db.query<{ title: string; create_by: string }>(
      `SELECT title, create_by FROM blade_operation_log WHERE request_uri = $1`,
      [`${base}/submit`],
    );
    expect(logged).toContainEqual({ title: '小工具-新增', create_by: 'g' });
    expect(await request(`${base}/submit`, { as: 'gadgetUser', json: { id: row.id, weight: 1 } })).toMatchObject({ status: 403, body: { msg: '请求被拒绝' } });
    expect(await request(`${base}/remove?ids=${row.id}`, { as: 'gadgetUser', method: 'POST' })).toMatchObject({ status: 403 });
    // The param screen is not the gadget user's, and the registered param schema does not know the fixture picks it.
    expect((await request(`${paramSchema.api}/list`, { as: 'gadgetUser' })).status).toBe(403);
  });
});
