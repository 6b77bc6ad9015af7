import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUD } from '../../resources/operations';
import { paramSchema } from '../../resources/param/schema';
import { createRegistry } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import type { BladeUser } from '../../server/blade/context';
import { createResourceStore, type ResourceStore } from '../../server/blade/crud';
import { BladeError } from '../../server/blade/errors';
import type { WriteContext } from '../../server/blade/hooks';
import { nextId } from '../../server/blade/ids';
import { runMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { ensureResourceTables } from '../../server/db/resource-tables';
import type { Db } from '../../server/db/types';

/**
 * The store's batch writes (`insertMany`, `validateMany`, `patchMany`) on a fixture resource with a unique code, a
 * reference whose fields are copied, a system dictionary (not seeded here: every value is outside it) and a required field, against a database of its own: each
 * row is refused with the message submit and validate give it, the rows carry the caller's tenant and audit fields,
 * hooks run per row with their batch, and a refused row leaves no row of any batch behind.
 */
const bolt: ResourceSchema = {
  name: 'bolt',
  title: { zh: '螺栓', en: 'Bolts' },
  api: '/gateway/blade-bolt/bolt',
  table: 'blade_fixture_bolt',
  tenantScoped: true,
  route: '/test/bolt',
  permissionCode: 'bolt',
  operations: CRUD,
  form: { mode: 'modal' },
  fields: [
    { name: 'boltCode', type: 'string', label: { zh: '编号', en: 'Code' }, required: '请输入编号', maxLength: 32, unique: '编号已存在', rules: { notBlank: true } },
    { name: 'size', type: 'int', label: { zh: '尺寸', en: 'Size' } },
    { name: 'yesNo', type: 'int', label: { zh: '是否', en: 'Yes or no' }, dict: { code: 'yes_no' } },
    { name: 'paramId', type: 'id', label: { zh: '参数', en: 'Parameter' }, ref: { resource: 'param', label: 'paramName', as: 'paramName', fill: { paramKey: 'paramKey' } } },
    { name: 'paramName', type: 'string', label: { zh: '参数', en: 'Parameter' }, virtual: true, readOnly: true, form: false },
    { name: 'paramKey', type: 'string', label: { zh: '参数键', en: 'Key' }, maxLength: 255, readOnly: true },
    { name: 'hookNote', type: 'string', label: { zh: '备注', en: 'Note' }, maxLength: 64, readOnly: true },
  ],
};

const admin: BladeUser = {
  tenantId: '000000', userId: '1123598821738675201', account: 'admin', userName: 'admin', nickName: 'admin', realName: 'admin',
  roleId: '1123598816738675201', roleName: 'administrator', deptId: '1123598813738675201,42', postId: '', clientId: 'saber', sessionId: 's1',
};
const otherTenant: BladeUser = { ...admin, tenantId: '100001', userId: '77' };

let dir: string;
let db: Db;
let store: ResourceStore;
let paramId: string;
/** Each write hook's row, batch index and size; and how often a batch's shared work ran. */
const hookCalls: { code: unknown; index?: number; size?: number; isPatch: boolean }[] = [];
let sharedWork = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blade-store-batch-'));
  db = await openPglite(dir);
  await runMigrations(db);
  for (const schema of [bolt, paramSchema]) await ensureResourceTables(db, schema);
  const registry = createRegistry([bolt, paramSchema]);
  store = createResourceStore(db, registry, bolt, {
    async beforeWrite({ values, batch, isPatch }: WriteContext) {
      hookCalls.push({ code: values.boltCode, index: batch?.index, size: batch?.size, isPatch });
      const note = batch ? await batch.once('note', async () => `batch of ${batch.size} #${(sharedWork += 1)}`) : 'alone';
      if (!isPatch) values.hookNote = note;
    },
  });
  paramId = nextId();
  await db.query(
    "INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, is_deleted) VALUES ($1, '000000', 'p', 'bolt.key', 'v', 0)",
    [paramId],
  );
}, 120_000);

afterAll(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const codes = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);
const stored = (prefix: string, tenantId = '000000') =>
  db.query<Record<string, string | null>>(
    "SELECT * FROM blade_fixture_bolt WHERE bolt_code LIKE $1 || '-%' AND tenant_id = $2 ORDER BY bolt_code",
    [prefix, tenantId],
  );

describe('validateMany', () => {
  it('answers each row as validate answers it alone, in order', async () => {
    await store.insertMany({ user: admin }, [{ boltCode: 'TAKEN-1' }]);
    const bodies: unknown[] = [
      { boltCode: 'FINE-1', size: 3, paramId },
      { boltCode: '' },
      { boltCode: 'BAD-SIZE', size: 'big' },
      { boltCode: 'BAD-DICT', yesNo: 7 },
      { boltCode: 'NO-PARAM', paramId: '123' },
      { boltCode: 'TAKEN-1' },
      'not an object',
      { boltCode: 'FINE-2' },
    ];
    const alone = await Promise.all(
      bodies.map((body) => store.validate(admin, body).then((values) => ({ values }), (error: BladeError) => ({ error: error.message }))),
    );
    const together = await store.validateMany({ user: admin }, bodies);
    expect(together.map((check) => (check.error ? { error: check.error.message } : { values: check.values }))).toEqual(alone);
    expect(alone.map((answer) => ('error' in answer ? answer.error : 'ok'))).toEqual([
      'ok',
      '请输入编号',
      expect.stringContaining('尺寸'),
      expect.stringContaining('是否'),
      '参数不存在',
      '编号已存在',
      expect.stringContaining('请求体必须是 JSON 对象'),
      'ok',
    ]);
    // The ref's fill is copied, as submit copies it.
    expect(together[0].values).toMatchObject({ paramKey: 'bolt.key' });
    // Another tenant's code does not clash; this tenant's ref is not theirs.
    const theirs = await store.validateMany({ user: otherTenant }, [{ boltCode: 'TAKEN-1' }, { boltCode: 'X', paramId }]);
    expect(theirs.map((check) => check.error?.message)).toEqual([undefined, '参数不存在']);
  });
});

describe('insertMany', () => {
  it('inserts 1 100 rows in batches of 500 with the caller\'s tenant and audit fields, hooks once per row', async () => {
    hookCalls.length = 0;
    sharedWork = 0;
    const ids = await store.insertMany({ user: admin }, codes('MANY', 1100).map((boltCode) => ({ boltCode, paramId, size: 5 })));
    expect(ids).toHaveLength(1100);
    expect(new Set(ids).size).toBe(1100);
    const rows = await stored('MANY');
    expect(rows).toHaveLength(1100);
    expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
    for (const row of [rows[0], rows[777]]) {
      expect(row).toMatchObject({
        tenant_id: '000000', create_user: admin.userId, update_user: admin.userId, create_dept: '1123598813738675201',
        is_deleted: 0, status: 1, size: 5, param_key: 'bolt.key',
      });
      expect(row.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    }
    expect(hookCalls).toHaveLength(1100);
    expect(hookCalls.map((call) => call.size)).toEqual([...Array(500).fill(500), ...Array(500).fill(500), ...Array(100).fill(100)]);
    expect(hookCalls[501]).toMatchObject({ code: 'MANY-501', index: 1, isPatch: false });
    // The shared work ran once per batch, and every row of a batch got its answer.
    expect(sharedWork).toBe(3);
    expect(new Set(rows.map((row) => row.hook_note))).toEqual(new Set(['batch of 500 #1', 'batch of 500 #2', 'batch of 100 #3']));
    // Listed through the store like any row, and not by another tenant.
    expect((await store.list(admin, { boltCode: 'MANY-', size: '1' })).total).toBe(1100);
    expect((await store.list(otherTenant, { boltCode: 'MANY-', size: '1' })).total).toBe(0);
  });

  it('inserts nothing when a row of a later batch is refused, and names that row\'s problem as submit does', async () => {
    const bodies = codes('HALF', 600).map((boltCode) => ({ boltCode, paramId }));
    bodies[560] = { boltCode: 'HALF-560', paramId: '123' };
    await expect(store.insertMany({ user: admin }, bodies)).rejects.toMatchObject({ code: 400, message: '参数不存在' });
    await expect(store.submit(admin, bodies[560])).rejects.toMatchObject({ message: '参数不存在' });
    expect(await stored('HALF')).toEqual([]);
  });

  it('refuses two rows of one batch with the same code as the unique index does, inserting neither', async () => {
    await expect(store.insertMany({ user: admin }, [{ boltCode: 'TWIN-1' }, { boltCode: 'TWIN-1' }])).rejects.toMatchObject({ message: '编号已存在' });
    expect(await stored('TWIN')).toEqual([]);
  });

  it('joins the caller\'s transaction: rolled back with it', async () => {
    await expect(
      db.transaction(async (tx) => {
        await store.insertMany({ user: admin, tx }, [{ boltCode: 'OUTER-1' }]);
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(await stored('OUTER')).toEqual([]);
  });
});

describe('patchMany', () => {
  it('patches the caller\'s rows among the ids by one update, leaves another tenant\'s rows alone', async () => {
    const mine = await store.insertMany({ user: admin }, codes('PATCH', 3).map((boltCode) => ({ boltCode })));
    const [theirs] = await store.insertMany({ user: otherTenant }, [{ boltCode: 'PATCH-THEIRS' }]);
    hookCalls.length = 0;
    const patcher: BladeUser = { ...admin, userId: '555' };
    expect(await store.patchMany({ user: patcher }, [...mine, theirs], { size: 9 })).toBe(3);
    expect((await stored('PATCH')).map((row) => [row.bolt_code, row.size, row.update_user])).toEqual([
      ['PATCH-0', 9, '555'], ['PATCH-1', 9, '555'], ['PATCH-2', 9, '555'],
    ]);
    expect((await stored('PATCH', '100001')).map((row) => row.size)).toEqual([null]);
    expect(hookCalls.map((call) => [call.isPatch, call.size])).toEqual([[true, 3], [true, 3], [true, 3]]);
    // Checked as a patch is: a ref outside the caller's scope, a name that is no field.
    await expect(store.patchMany({ user: admin }, mine, { paramId: '123' })).rejects.toMatchObject({ message: '参数不存在' });
    await expect(store.patchMany({ user: admin }, mine, { nothing: 1 })).rejects.toMatchObject({ message: expect.stringContaining('nothing 不是「螺栓」的字段') });
    expect(await store.patchMany({ user: admin }, [theirs], { size: 1 })).toBe(0);
  });
});
