import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsOf, operationOf, type ResourceSchema } from '../../resources/types';
import { call, login, loginAdmin, serverUrl } from '../server/client';
import { SCOPE_FIXTURE } from '../server/fixtures';
import { creatable, keyField, operationsOf, schemas } from './registry';
import { createRow, detailOf } from './support';

/**
 * Data scopes over every resource with a list: the fixture role (held by scope_a in dept A, scope_b in dept B) gets
 * every screen and, on every resource, a data scope of 本人可见 and then of 所在机构可见. Each user creates a row of
 * each resource; the other's row is then absent from the list and its total, has no detail, and is in no select, tree
 * or export.
 */

type Row = Record<string, any>;
const DATA_SCOPE = '/api/blade-system/data-scope';
const SCOPE_TYPE = { own: 2, ownDept: 3 } as const;
const stamp = () => `sc${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

let admin: string;
const tokens = { a: '', b: '' };
/** The data scope made for each resource, by resource name. */
const scopeIds = new Map<string, string>();
/** The row each user made of each resource, by resource name. */
const rows = new Map<string, { a?: string; b?: string }>();

const flatten = (nodes: Row[]): Row[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

/** Resources whose rows the scope users can make through the API (a read-only log cannot be seeded per user). */
const covered = schemas.filter((schema) => creatable(schema) && keyField(schema) !== undefined);

async function grant(menuIds: string[], dataScopeIds: string[]) {
  const answer = await call('/api/blade-system/role/grant', {
    token: admin,
    method: 'POST',
    json: { roleIds: [SCOPE_FIXTURE.roleId], menuIds, dataScopeIds, apiScopeIds: [] },
  });
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
}

async function setScopes(scopeType: number) {
  for (const id of scopeIds.values()) {
    const answer = await call(`${DATA_SCOPE}/submit`, {
      token: admin,
      json: { id, scopeType, scopeColumn: scopeType === SCOPE_TYPE.own ? 'create_user' : 'create_dept' },
    });
    expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  }
}

beforeAll(async () => {
  admin = await loginAdmin();
  const codes = new Map<string, string>();
  const walk = (nodes: Row[]) => nodes.forEach((node) => (codes.set(node.code, node.id), walk(node.children ?? [])));
  walk((await call('/api/blade-system/menu/routes', { token: admin })).body.data);
  walk((await call('/api/blade-system/menu/buttons', { token: admin })).body.data);

  for (const schema of covered) {
    const menuId = codes.get(schema.permissionCode);
    if (!menuId) continue;
    const scopeName = `范围${schema.name}${stamp()}`;
    const created = await call(`${DATA_SCOPE}/submit`, { token: admin, json: { menuId, scopeName, scopeColumn: 'create_user', scopeType: SCOPE_TYPE.own } });
    expect(created.body, created.text).toMatchObject({ code: 200, success: true });
    const found = await call(`${DATA_SCOPE}/list?${new URLSearchParams({ scopeName_equal: scopeName })}`, { token: admin });
    scopeIds.set(schema.name, found.body.data.records[0].id);
  }
  // Every screen and button the administrator has, limited by the data scopes.
  await grant([...codes.values()], [...scopeIds.values()]);
  for (const key of ['a', 'b'] as const) {
    tokens[key] = (await login({ account: SCOPE_FIXTURE.users[key].account, password: SCOPE_FIXTURE.password })).access_token;
  }
});

afterAll(async () => {
  await grant([], []);
  if (scopeIds.size > 0) await call(`${DATA_SCOPE}/remove?ids=${[...scopeIds.values()].join(',')}`, { token: admin, method: 'POST' });
});

/** Every text of an exported workbook's cells. */
async function exportedTexts(schema: ResourceSchema, token: string): Promise<string> {
  const operation = operationOf(schema, 'export')!;
  const response = await fetch(`${serverUrl()}${schema.api}/${operation.path}`, { headers: { 'Blade-Auth': `bearer ${token}` } });
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const texts: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.text)))));
  return texts.join('\n');
}

/** `reader` sees its own row `mine` and not `theirs` through every read of the resource. */
async function expectOnlyOwnRows(schema: ResourceSchema, reader: string, mine: string, theirs: string) {
  const operations = operationsOf(schema);
  const endpoints = endpointsOf(schema);
  const listed = await call(`${operations.list}?size=500`, { token: reader });
  expect(listed.body.code, listed.text).toBe(200);
  // A tree's `list` may answer the nested rows instead of a page.
  const records = (Array.isArray(listed.body.data) ? flatten(listed.body.data) : listed.body.data.records) as Row[];
  const ids = records.map((row) => String(row.id));
  expect(ids, 'list').toContain(mine);
  expect(ids, 'list').not.toContain(theirs);
  // The total counts what the scope shows, not the tenant's rows.
  if (!Array.isArray(listed.body.data) && listed.body.data.total <= 500) expect(listed.body.data.total, 'total').toBe(records.length);

  expect((await detailOf(schema, reader, mine)).body.data?.id, 'own detail').toBe(mine);
  const detail = await detailOf(schema, reader, theirs);
  expect(detail.body.data?.id, 'detail').toBeUndefined();
  expect(detail.body.success, 'detail').toBe(false);

  const select = await call(`${schema.api}/${endpoints.select}`, { token: reader });
  if (select.body?.code === 200 && Array.isArray(select.body.data)) expect(flatten(select.body.data).map((row) => String(row.id)), 'select').not.toContain(theirs);
  if (schema.tree) {
    const tree = await call(`${schema.api}/${endpoints.tree}`, { token: reader });
    expect(tree.body.code, tree.text).toBe(200);
    const treeIds = flatten(tree.body.data).map((row) => String(row.id));
    expect(treeIds, 'tree').toContain(mine);
    expect(treeIds, 'tree').not.toContain(theirs);
  }
  if (operationOf(schema, 'export')?.path) {
    const key = keyField(schema)!.name;
    const texts = await exportedTexts(schema, reader);
    const [own, other] = await Promise.all([detailOf(schema, admin, mine), detailOf(schema, admin, theirs)]);
    expect(texts, 'export').toContain(String(own.body.data[key]));
    expect(texts, 'export').not.toContain(String(other.body.data[key]));
  }
}

const rowsOf = async (schema: ResourceSchema) => {
  const made = rows.get(schema.name) ?? {};
  for (const key of ['a', 'b'] as const) made[key] ??= await createRow(schema, tokens[key], stamp());
  rows.set(schema.name, made);
  expect(made.a, `scope_a could create a ${schema.name}`).toBeTruthy();
  expect(made.b, `scope_b could create a ${schema.name}`).toBeTruthy();
  return made as { a: string; b: string };
};

describe('本人可见: a user reads only the rows it created', () => {
  beforeAll(() => setScopes(SCOPE_TYPE.own));

  it.each(covered.map((schema) => [schema.name, schema] as const))('%s', async (_name, schema) => {
    const made = await rowsOf(schema);
    await expectOnlyOwnRows(schema, tokens.a, made.a, made.b);
    await expectOnlyOwnRows(schema, tokens.b, made.b, made.a);
  });
});

describe('所在机构可见: a user reads only the rows of its department', () => {
  beforeAll(() => setScopes(SCOPE_TYPE.ownDept));

  it.each(covered.map((schema) => [schema.name, schema] as const))('%s', async (_name, schema) => {
    const made = await rowsOf(schema);
    await expectOnlyOwnRows(schema, tokens.a, made.a, made.b);
    await expectOnlyOwnRows(schema, tokens.b, made.b, made.a);
  });
});
