import { beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import { endpointsOf, type FieldSchema, type ResourceSchema } from '../../resources/types';
import { call } from './client';
import { expectRefused, expectStoredRow } from './registry-expect';
import { isWritable, keyFieldOf, listUrl, openSessions, uniqueText, writableFields, type ResourceFactory } from './resource-bodies';

/** Every writable registered resource: submit → list → detail → edit → remove, with its child rows. */
const writable = resourceSchemas.filter(isWritable);

let admin: ResourceFactory;
beforeAll(async () => {
  admin = (await openSessions()).admin;
});

/** A plain field an edit can change to a fresh value: a non-unique string if there is one, else the key. */
function editableFieldOf(schema: ResourceSchema): FieldSchema {
  const plain = writableFields(schema.fields).filter(
    (field) =>
      (field.type === 'string' || field.type === 'text') &&
      !field.ref &&
      !field.treePath &&
      !field.dict &&
      !field.options &&
      !field.treeOptions &&
      !field.writeOnly &&
      !field.immutable &&
      !field.rules?.ip &&
      !field.rules?.prefix,
  );
  return plain.find((field) => !field.unique && field.form !== false) ?? keyFieldOf(schema);
}

it('covers at least the writable resources known today', () => {
  expect(writable.map((schema) => schema.name)).toEqual(
    expect.arrayContaining(['param', 'notice', 'project', 'moduletype', 'tooldevice', 'testobject', 'terminal', 'task']),
  );
});

describe.each(writable.map((schema) => [schema.name, schema] as const))('%s: CRUD round trip', (_, schema) => {
  it('submit → list → detail → edit → detail → remove', async () => {
    const key = keyFieldOf(schema);
    const { id, body } = await admin.create(schema);

    const detail = await admin.detail(schema, id);
    // A resource whose own field is named tenantId (the tenants themselves) answers that instead of the audit column.
    const ownTenantId = schema.fields.some((field) => field.name === 'tenantId');
    const audit = ownTenantId ? { id, isDeleted: 0 } : { id, tenantId: '000000', isDeleted: 0 };
    expect(detail.body, detail.text).toMatchObject({ code: 200, success: true, data: audit });
    await expectStoredRow(admin, schema, schema.fields, body, detail.body.data, schema.name);
    for (const child of schema.children ?? []) {
      const rows = detail.body.data[child.name];
      const sentRows = child.single ? [body[child.name]] : body[child.name];
      const gotRows = child.single ? [rows] : rows;
      expect(gotRows, `${schema.name}.${child.name}`).toHaveLength(sentRows.length);
      for (const [index, sent] of sentRows.entries()) {
        await expectStoredRow(admin, schema, child.fields, sent, gotRows[index], `${schema.name}.${child.name}[${index}]`);
      }
    }

    const field = editableFieldOf(schema);
    const changed = uniqueText('e').slice(0, field.maxLength ?? 255);
    const edited = await admin.submit(schema, { id, [field.name]: changed });
    expect(edited.body.data, `${schema.name} edit answers the saved row`).toMatchObject({ id, [field.name]: changed });
    expect(edited.body, edited.text).toMatchObject({ code: 200, success: true });
    const afterEdit = (await admin.detail(schema, id)).body.data;
    expect(afterEdit[field.name]).toBe(changed);
    // An edit sends what changed: every other field keeps its value.
    for (const other of writableFields(schema.fields)) {
      if (other !== field && body[other.name] !== undefined) expect(afterEdit[other.name], other.name).toEqual(detail.body.data[other.name]);
    }

    const keyValue = field === key ? changed : body[key.name];
    const removed = await admin.remove(schema, id);
    expect(removed.body, removed.text).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    expectRefused(await admin.detail(schema, id), '数据不存在', 'detail after remove');
    expect(await admin.find(schema, key, keyValue)).toEqual([]);
    // Removing twice changes nothing: a failed status.
    const again = await admin.remove(schema, id);
    expect(again.body).toMatchObject({ code: 400, success: false, msg: '操作失败' });
  });

  it.runIf((schema.children ?? []).length > 0)('an edit that sends new child rows keeps only those', async () => {
    const { id } = await admin.create(schema);
    const replacement = await admin.body(schema);
    const update: Record<string, unknown> = { id };
    for (const child of schema.children ?? []) update[child.name] = replacement[child.name];
    const edited = await admin.submit(schema, update);
    expect(edited.body, edited.text).toMatchObject({ code: 200, success: true });
    const detail = (await admin.detail(schema, id)).body.data;
    for (const child of schema.children ?? []) {
      const sentRows = child.single ? [replacement[child.name]] : (replacement[child.name] as Record<string, unknown>[]);
      const gotRows = child.single ? [detail[child.name]] : detail[child.name];
      expect(gotRows, `${child.name} after the edit`).toHaveLength(sentRows.length);
      for (const [index, sent] of sentRows.entries()) {
        await expectStoredRow(admin, schema, child.fields, sent, gotRows[index], `${schema.name}.${child.name}[${index}]`);
      }
    }
    // An edit that does not mention the child lists leaves them alone; an empty list clears them.
    await admin.submit(schema, { id, [editableFieldOf(schema).name]: uniqueText('e') });
    const kept = (await admin.detail(schema, id)).body.data;
    for (const child of schema.children ?? []) expect(kept[child.name]).toEqual(detail[child.name]);
    const cleared: Record<string, unknown> = { id };
    for (const child of schema.children ?? []) cleared[child.name] = child.single ? null : [];
    expect((await admin.submit(schema, cleared)).body.code).toBe(200);
    const empty = (await admin.detail(schema, id)).body.data;
    for (const child of schema.children ?? []) expect(empty[child.name]).toEqual(child.single ? {} : []);
    expect((await admin.remove(schema, id)).body.code).toBe(200);
  });
});

/** Flat resources whose screen pages `page`: BladeX answers `list` with the same page (spec §7). */
const pagedElsewhere = writable.filter((schema) => !schema.tree && endpointsOf(schema).list === 'page');

it('covers the terminals, which spec §7 lists with both list and page', () => {
  expect(pagedElsewhere.map((schema) => schema.name)).toContain('terminal');
});

describe.each(pagedElsewhere.map((schema) => [schema.name, schema] as const))('%s: list beside page', (_, schema) => {
  it('answers list with the page\'s records, filters and paging', async () => {
    const key = keyFieldOf(schema);
    const { id, body } = await admin.create(schema);
    const query = `${key.name}_equal=${encodeURIComponent(String(body[key.name]))}&current=1&size=10`;
    const page = await call(`${listUrl(schema)}?${query}`, { token: admin.token });
    const list = await call(`${schema.api}/list?${query}`, { token: admin.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toMatchObject({ code: 200, success: true, msg: '操作成功', data: { current: 1, size: 10, total: 1 } });
    expect(list.body.data.records.map((row: { id: string }) => row.id)).toEqual([id]);
    expect(list.body.data).toEqual(page.body.data);
    expect((await admin.remove(schema, id)).body.code).toBe(200);
  });
});
