import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CRUD } from '../../resources/operations';
import { operationLogSchema } from '../../resources/operationlog/schema';
import { createRegistry } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import type { BladeEnv, BladeUser, ServerServices } from '../../server/blade/context';
import { createResourceStore } from '../../server/blade/crud';
import { R } from '../../server/blade/envelope';
import { BladeError } from '../../server/blade/errors';
import { nextId } from '../../server/blade/ids';
import { mountResource } from '../../server/blade/mount';
import { idField, idsBody } from '../../server/blade/operation';
import { DATA_SCOPE_TYPE } from '../../server/blade/scope';
import { withDefaults } from '../../server/config';
import { runMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { ensureResourceTables } from '../../server/db/resource-tables';
import { resourceScreen, type SeedMenu } from '../../server/db/seed-data/menus';
import type { Db } from '../../server/db/types';
import { call, loginAdmin, login } from './client';
import { OTHER_TENANT, SCOPE_FIXTURE, TESTER } from './fixtures';
import { registry } from '../../resources/schemas';
import { behaviour as userBehaviour } from '../../resources/user/server';
import { userSchema } from '../../resources/user/schema';
import { freshDataDir } from './data-dir';

/**
 * The typed server API of resource code: `store.patch` and `routes.operation(alias, { body, query }, handler)`, on a
 * fixture resource served over HTTP (its own server, port 0), and on the user screen's 平台配置 of the embedded server.
 */
const widget: ResourceSchema = {
  name: 'widget',
  title: { zh: '小部件', en: 'Widgets' },
  api: '/gateway/blade-widget/widget',
  table: 'blade_fixture_widget',
  tenantScoped: true,
  route: '/test/widget',
  menu: { parent: 'test', icon: 'ToolOutlined', sort: 43 },
  permissionCode: 'widget',
  operations: [
    ...CRUD,
    { alias: 'rename', label: { zh: '改名', en: 'Rename' }, placement: 'row', method: 'POST', path: 'rename', idIn: 'body' },
    { alias: 'set', label: { zh: '设置', en: 'Set' }, placement: 'row', method: 'POST', path: 'set', idIn: 'body' },
    { alias: 'weigh', label: { zh: '称重', en: 'Weigh' }, placement: 'both', method: 'POST', path: 'weigh', idIn: 'ids' },
  ],
  form: { mode: 'modal' },
  fields: [
    { name: 'widgetCode', type: 'string', label: { zh: '编号', en: 'Code' }, required: '请输入编号', maxLength: 32, immutable: true },
    { name: 'widgetName', type: 'string', label: { zh: '名称', en: 'Name' }, maxLength: 8 },
    { name: 'weight', type: 'int', label: { zh: '重量', en: 'Weight' } },
    // Kept by the server: no form writes it, a patch may.
    { name: 'renamedTimes', type: 'int', label: { zh: '改名次数', en: 'Renamed' }, readOnly: true, defaultValue: 0 },
  ],
};

describe('typed operations of a fixture resource, over HTTP', () => {
  let dir: string;
  let db: Db;
  let server: ServerType;
  let base: string;
  const admin: BladeUser = {
    tenantId: '000000', userId: '1123598821738675201', account: 'admin', userName: 'admin', nickName: 'admin', realName: 'admin',
    roleId: '1123598816738675201', roleName: 'administrator', deptId: '1123598813738675201', postId: '', clientId: 'saber', sessionId: 's1',
  };
  // Holds the rename button, not 设置 nor 称重; sees only the widgets it created (本人可见).
  const clerk: BladeUser = {
    ...admin, userId: '88', account: 'clerk', roleId: '4343', roleName: 'widget_clerk',
    dataScopes: new Map([['widget', [{ scopeType: DATA_SCOPE_TYPE.own, column: 'create_user', deptIds: [] }]]]),
  };
  const otherTenant: BladeUser = { ...admin, tenantId: '100001' };
  /** What the handlers and hooks saw: a handler that ran, and each write hook's `isPatch`. */
  const seen = { handled: 0, patches: [] as boolean[] };

  const behaviour: ResourceBehaviour = {
    beforeWrite({ values, before, isPatch }) {
      seen.patches.push(isPatch);
      // A hook of the resource keeps its rule on a patch as on an edit.
      if (isPatch && Object.hasOwn(values, 'widgetName')) values.renamedTimes = Number(before?.renamedTimes ?? 0) + 1;
    },
    routes({ operation, store }) {
      operation('rename', { body: z.object({ id: idField(), widgetName: z.string().min(1).describe('名称') }) }, async (call) => {
        seen.handled += 1;
        await store.patch(call, call.body.id, { widgetName: call.body.widgetName });
      });
      // Whatever the body names besides the id goes to the patch as it is: the store refuses what is no field.
      operation('set', { body: z.looseObject({ id: idField() }) }, async (call) => {
        const { id, ...changes } = call.body;
        await store.patch(call, id, changes);
      });
      operation('weigh', { body: idsBody, query: z.object({ weight: z.coerce.number().int().describe('重量') }) }, async (call) => {
        seen.handled += 1;
        for (const id of call.body.ids) await store.patch(call, id, { weight: call.query.weight });
        return R.data({ weighed: call.body.ids.length });
      });
    },
  };

  async function seedMenu(menu: SeedMenu, codes: string[], parentId = '0') {
    const id = nextId();
    await db.query(
      `INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [id, parentId, menu.code, menu.name, menu.alias, menu.path, menu.source, menu.sort, menu.category, menu.action, menu.isOpen],
    );
    if (codes.includes(menu.code)) await db.query('INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES ($1, $2, $3)', [nextId(), id, clerk.roleId]);
    for (const child of menu.children ?? []) await seedMenu(child, codes, id);
  }

  beforeAll(async () => {
    dir = freshDataDir('blade-typed-operations-');
    db = await openPglite(dir);
    await runMigrations(db);
    for (const schema of [widget, operationLogSchema]) await ensureResourceTables(db, schema);
    await seedMenu(resourceScreen(widget), ['widget_add', 'widget_view', 'widget_rename']);

    const app = new Hono<BladeEnv>();
    app.onError((error, c) => {
      if (error instanceof BladeError) return c.json(R.fail(error.code, error.message), error.httpStatus as 400);
      throw error;
    });
    const users: Record<string, BladeUser> = { admin, clerk, otherTenant };
    app.use('*', async (c, next) => {
      c.set('user', users[c.req.header('x-user') ?? 'admin']);
      await next();
    });
    const registry = createRegistry([widget, operationLogSchema]);
    const services = { db, config: withDefaults({}), tokens: undefined, registry } as unknown as ServerServices;
    mountResource(app, createResourceStore(db, registry, widget, behaviour), behaviour, services);
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${widget.api}`;
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function request(path: string, options: { json?: unknown; as?: string } = {}) {
    const response = await fetch(`${base}/${path}`, {
      method: options.json === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', 'x-user': options.as ?? 'admin' },
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    return { status: response.status, body: (await response.json()) as any };
  }
  const stored = async (id: string) =>
    (await db.query<Record<string, unknown>>('SELECT widget_name, weight, renamed_times, update_user::text AS update_user, update_time::text AS update_time FROM blade_fixture_widget WHERE id = $1', [id]))[0];
  async function add(code: string, as = 'admin') {
    expect((await request('submit', { json: { widgetCode: code, widgetName: 'a' }, as })).body.code).toBe(200);
    const [row] = (await request(`list?widgetCode_equal=${code}`, { as })).body.data.records;
    return row as { id: string };
  }

  it('store.patch sets the given columns with the audit fields of the caller, through the resource\'s hooks', async () => {
    const row = await add('P-1', 'clerk');
    await db.query(`UPDATE blade_fixture_widget SET update_time = '2020-01-01 00:00:00', update_user = 1 WHERE id = $1`, [row.id]);
    seen.patches.length = 0;
    const renamed = await request('rename', { json: { id: row.id, widgetName: '新名' }, as: 'clerk' });
    expect(renamed).toEqual({ status: 200, body: { code: 200, success: true, data: {}, msg: '操作成功' } });
    const after = await stored(row.id);
    expect(after).toMatchObject({ widget_name: '新名', weight: null, renamed_times: 1, update_user: clerk.userId });
    expect(String(after.update_time) > '2020-01-01 00:00:00').toBe(true);
    expect(seen.patches).toEqual([true]);
  });

  it('store.patch refuses a row outside the caller\'s tenant or data scope as not found, and leaves it as it was', async () => {
    const mine = await add('P-2');
    expect(await request('rename', { json: { id: mine.id, widgetName: '他人' }, as: 'otherTenant' })).toMatchObject({
      status: 400,
      body: { code: 400, msg: '数据不存在' },
    });
    // The clerk holds the button, but sees only its own widgets.
    expect(await request('rename', { json: { id: mine.id, widgetName: '越权' }, as: 'clerk' })).toMatchObject({ status: 400, body: { msg: '数据不存在' } });
    expect(await stored(mine.id)).toMatchObject({ widget_name: 'a', renamed_times: 0 });
  });

  it('store.patch refuses a name that is no column of the resource, and checks the values as the form\'s rules do', async () => {
    const row = await add('P-3');
    expect(await request('set', { json: { id: row.id, colour: 'red' } })).toMatchObject({
      status: 400,
      body: { code: 400, msg: '参数校验失败: colour 不是「小部件」的字段' },
    });
    expect((await request('set', { json: { id: row.id, widgetName: '长长长长长长长长长' } })).body.msg).toBe('名称长度不能超过8个字符');
    expect((await request('set', { json: { id: row.id, weight: 'heavy' } })).body.msg).toBe('重量格式不正确');
    expect((await request('set', { json: { id: row.id, widgetCode: 'P-X' } })).body.msg).toBe('编号不可修改');
    // A server-maintained field is the patch's to set.
    expect((await request('set', { json: { id: row.id, renamedTimes: 7, weight: 3 } })).body.code).toBe(200);
    expect(await stored(row.id)).toMatchObject({ widget_name: 'a', weight: 3, renamed_times: 7 });
  });

  it('operation() refuses a bad body or query with a 400 naming the field, before its handler runs', async () => {
    const row = await add('O-1');
    const before = seen.handled;
    for (const [json, msg] of [
      [{ widgetName: 'x' }, '请输入编号'],
      [{ id: 'abc', widgetName: 'x' }, '编号格式不正确'],
      [{ id: row.id }, '请输入名称'],
      [{ id: row.id, widgetName: 5 }, '名称格式不正确'],
      [[row.id], '请求体格式不正确'],
    ] as const) {
      expect(await request('rename', { json })).toEqual({ status: 400, body: { code: 400, success: false, data: null, msg } });
    }
    expect(await request('weigh?weight=x', { json: { ids: row.id } })).toMatchObject({ status: 400, body: { msg: '重量格式不正确' } });
    expect(await request('weigh?weight=2', { json: { ids: [] } })).toMatchObject({ status: 400, body: { msg: '请输入编号' } });
    expect(await request('weigh?weight=2', { json: { ids: `${row.id},x` } })).toMatchObject({ status: 400, body: { msg: '编号格式不正确' } });
    expect(seen.handled).toBe(before);
    expect(await request('weigh?weight=2', { json: { ids: `${row.id}` } })).toMatchObject({ status: 200, body: { data: { weighed: 1 } } });
    expect(seen.handled).toBe(before + 1);
  });

  it('operation() checks the operation\'s button before anything else, as declared operations are checked', async () => {
    const row = await add('O-2', 'clerk');
    const before = seen.handled;
    expect(await request('weigh?weight=2', { json: { ids: [row.id] }, as: 'clerk' })).toEqual({
      status: 403,
      body: { code: 403, success: false, data: null, msg: '请求被拒绝' },
    });
    // Not even a bad body is looked at without the button.
    expect((await request('set', { json: { id: 'abc' }, as: 'clerk' })).status).toBe(403);
    expect(seen.handled).toBe(before);
    expect(await stored(row.id)).toMatchObject({ weight: null });
  });

  it('operation() writes one operation-log row per successful call, with the body, and none for a refused one', async () => {
    const row = await add('O-3', 'clerk');
    const logged = () =>
      db.query<{ title: string; create_by: string; params: string; request_uri: string }>(
        `SELECT title, create_by, params, request_uri FROM blade_operation_log WHERE title = '小部件-改名' AND params LIKE $1`,
        [`%${row.id}%`],
      );
    await request('rename', { json: { id: row.id }, as: 'clerk' });
    expect(await logged()).toEqual([]);
    expect((await request('rename', { json: { id: row.id, widgetName: '记录' }, as: 'clerk' })).status).toBe(200);
    const rows = await logged();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ create_by: 'clerk', request_uri: `${widget.api}/rename` });
    expect(JSON.parse(rows[0].params)).toEqual({ id: row.id, widgetName: '记录' });
  });
});

describe('平台配置 of the user screen on the embedded server (store.patch through operation())', () => {
  const USER = '/api/blade-system/user';
  let admin: string;
  let other: string;

  beforeAll(async () => {
    admin = await loginAdmin();
    other = (await login(OTHER_TENANT)).access_token;
  });

  it('sets the platform with the audit fields and an operation-log row; another tenant cannot, a bad type is named', async () => {
    const account = `plat${Date.now() % 1000000}`;
    const added = await call(`${USER}/submit`, {
      token: admin,
      json: { account, name: account, realName: '平台', password: 'Plat-pass1', password2: 'Plat-pass1', roleId: '1123598816738675201', deptId: '1123598813738675201', userType: 1 },
    });
    expect(added.body.code, added.text).toBe(200);
    const [user] = (await call(`${USER}/page?account_equal=${account}`, { token: admin })).body.data.records;
    const me = (await call(`${USER}/info`, { token: admin })).body.data;

    const set = await call(`${USER}/update-platform`, { token: admin, json: { userId: user.id, userType: 2, userExt: 'ext' } });
    expect(set.body, set.text).toMatchObject({ code: 200, success: true });
    const detail = (await call(`${USER}/platform-detail?id=${user.id}`, { token: admin })).body.data;
    expect(detail).toMatchObject({ userType: 2, userExt: 'ext', updateUser: me.id });
    expect(detail.updateTime >= user.updateTime).toBe(true);

    const log = await call(`/gateway/blade-operationlog/operationLog/list?size=50&title=${encodeURIComponent('用户管理-平台配置')}`, { token: admin });
    expect(log.body.data.records.some((row: { params: string }) => row.params.includes(user.id) && row.params.includes('ext'))).toBe(true);

    expect((await call(`${USER}/update-platform`, { token: other, json: { userId: user.id, userType: 1 } })).body).toMatchObject({ code: 400, msg: '数据不存在' });
    expect((await call(`${USER}/update-platform`, { token: admin, json: { userId: user.id, userType: 'x' } })).body).toMatchObject({ code: 400, msg: '用户平台格式不正确' });
    expect((await call(`${USER}/update-platform`, { token: admin, json: { userId: user.id } })).body).toMatchObject({ code: 400, msg: '请选择用户平台' });
    expect((await call(`${USER}/update-platform`, { token: admin, json: { userId: user.id, userType: 99 } })).body).toMatchObject({ code: 400, msg: '用户平台「99」不在可选范围内' });
    expect((await call(`${USER}/platform-detail?id=${user.id}`, { token: admin })).body.data).toMatchObject({ userType: 2, userExt: 'ext' });
  });
});

describe('the custom operations moved onto operation() (embedded server): a bad input is a 400 naming it, the button comes first', () => {
  const USER = '/api/blade-system/user';
  const TASK = '/gateway/blade-task/task';
  const TERMINAL = '/gateway/blade-terminal/terminalManagement';
  let admin: string;
  /** Callers without the operations' buttons: the tester (no user, task-run button), a scope-fixture user (no terminal's). */
  const without: Record<'tester' | 'scoped', string> = { tester: '', scoped: '' };
  const post = (path: string, token: string, json?: unknown) => call(path, { token, method: 'POST', ...(json === undefined ? {} : { json }) });

  beforeAll(async () => {
    admin = await loginAdmin();
    without.tester = (await login(TESTER)).access_token;
    without.scoped = (await login({ account: SCOPE_FIXTURE.users.a.account, password: SCOPE_FIXTURE.password })).access_token;
  });

  it.each([
    ['task execute', `${TASK}/execute`, { id: 'abc' }, '任务编号格式不正确', 'tester'],
    ['task execute without a task', `${TASK}/execute`, { ids: [] }, '请输入任务编号', 'tester'],
    ['task execute time limit', `${TASK}/execute`, { id: '1', timeLimitSeconds: 0 }, '执行时限格式不正确', 'tester'],
    ['task pause', `${TASK}/pause`, {}, '请输入编号', 'tester'],
    ['task resume', `${TASK}/resume`, { id: 'x' }, '编号格式不正确', 'tester'],
    ['task end', `${TASK}/end`, { id: -1 }, '编号格式不正确', 'tester'],
    ['terminal issueToken', `${TERMINAL}/issueToken?id=abc`, undefined, '终端格式不正确', 'scoped'],
    ['terminal revokeToken', `${TERMINAL}/revokeToken`, undefined, '请输入终端', 'scoped'],
    ['user unlock', `${USER}/unlock?userIds=x`, undefined, '用户格式不正确', 'tester'],
    ['user audit-pass', `${USER}/audit-pass`, undefined, '请输入用户', 'tester'],
    ['user audit-refuse', `${USER}/audit-refuse?userIds=1,y`, undefined, '用户格式不正确', 'tester'],
    ['user reset-password', `${USER}/reset-password`, { userIds: '' }, '请输入用户', 'tester'],
  ] as const)('%s: refused with 400 naming the field, and 403 without the button', async (_name, path, json, message, caller) => {
    expect((await post(path, admin, json)).body).toMatchObject({ code: 400, msg: message });
    // The button is checked before the input: a caller without it is refused whatever it sent.
    expect((await post(path, without[caller], json)).body.code).toBe(403);
  });

  it('audit-list reads under the 用户审核 button and names a bad filter', async () => {
    expect((await call(`${USER}/audit-list?account=${'a'.repeat(46)}`, { token: admin })).body).toMatchObject({ code: 400, msg: '登录账号格式不正确' });
    expect((await call(`${USER}/audit-list`, { token: without.tester })).body.code).toBe(403);
    expect((await call(`${USER}/audit-list?current=1&size=5`, { token: admin })).body.data).toMatchObject({ current: 1, size: 5 });
  });

  it('hashes the password of one reset once: every patch of the same changes stores the same hash', async () => {
    const patch = async (changes: Record<string, unknown>) => {
      const values: Record<string, unknown> = { ...changes };
      const context = { tx: undefined as never, user: {} as BladeUser, schema: userSchema, registry, id: '1', isInsert: false, isPatch: true, values, before: {}, body: changes, revealed: {} };
      await userBehaviour.beforeWrite!(context);
      return String(values.password);
    };
    const reset = { password: '123456' };
    const [first, second] = [await patch(reset), await patch(reset)];
    expect(first).toMatch(/^\$2[aby]\$/);
    expect(second).toBe(first);
    // Another reset hashes again (bcrypt salts each hash).
    expect(await patch({ password: '123456' })).not.toBe(first);
  });

  it('a reset of several users goes through the store: each gets the initial password and the caller as updater', async () => {
    const me = (await call(`${USER}/info`, { token: admin })).body.data;
    const accounts = [0, 1].map((index) => `reset${index}${Date.now() % 1000000}`);
    const ids: string[] = [];
    for (const account of accounts) {
      const added = await post(`${USER}/submit`, admin, {
        account, name: account, realName: '重置', password: 'Reset-pass1', password2: 'Reset-pass1', roleId: '1123598816738675201', deptId: '1123598813738675201', userType: 1,
      });
      expect(added.body.code, added.text).toBe(200);
      ids.push((await call(`${USER}/page?account_equal=${account}`, { token: admin })).body.data.records[0].id);
    }
    const session = await login({ account: accounts[0], password: 'Reset-pass1' });
    expect((await post(`${USER}/reset-password`, admin, { userIds: ids })).body).toMatchObject({ code: 200, success: true });
    expect((await call(`${USER}/info`, { token: session.access_token })).body.code).toBe(401);
    for (const [index, account] of accounts.entries()) {
      await login({ account, password: '123456' });
      expect((await call(`${USER}/detail?id=${ids[index]}`, { token: admin })).body.data).toMatchObject({ updateUser: me.id });
    }
  });
});
