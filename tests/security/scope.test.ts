import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointsOf, operationOf, type ResourceSchema } from '../../resources/types';
import { call, login, loginAdmin, SABER_BASIC, serverUrl } from '../server/client';
import { SCOPE_FIXTURE } from '../server/fixtures';
import { creatable, keyField, operationsOf, schemaNamed, schemas } from './registry';
import { createRow, detailOf } from './support';

/**
 * Data scopes over every resource with a list: the fixture role (held by scope_a in dept A, scope_b in dept B) gets
 * every screen and, on every resource, a data scope of 本人可见 and then of 所在机构可见. Each user makes a row of
 * each resource (through its form, or, for logs, records and uploads, through the call that writes one); the other's
 * row is then absent from the list and its total, has no detail, and is in no select, tree or export.
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

/** Resources whose rows the scope users make through their forms. */
const covered = schemas.filter((schema) => creatable(schema) && keyField(schema) !== undefined);

type ScopeUser = 'a' | 'b';
const sent = (answer: { status: number; body: any; text: string }) => expect(answer.body?.code ?? answer.status, answer.text).toBe(200);

/** A multipart upload of one file as `file`, answered as the envelope. */
async function upload(path: string, token: string, name: string, file: Blob) {
  const form = new FormData();
  form.append('file', file, name);
  const response = await fetch(`${serverUrl()}${path}`, { method: 'POST', headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${token}` }, body: form });
  return { status: response.status, text: await response.clone().text(), body: await response.json().catch(() => undefined) };
}

/**
 * Resources nobody adds to through a form, and the call by which a scope user writes a row of each (the row is
 * then the administrator's newest). Execution records come from runs only: global-setup.ts has one per user.
 */
const sideEffects: Record<string, (user: ScopeUser) => Promise<void>> = {
  operationlog: async (user) => {
    expect(await createRow(schemaNamed('param')!, tokens[user], stamp())).toBeTruthy();
  },
  apilog: async (user) => {
    await login({ account: SCOPE_FIXTURE.users[user].account, password: SCOPE_FIXTURE.password });
  },
  usuallog: async (user) => {
    // 账号解封 of a user it made: an event of the caller's in the usual log.
    const made = await createRow(schemaNamed('user')!, tokens[user], stamp());
    sent(await call(`/api/blade-system/user/unlock?userIds=${made}`, { token: tokens[user], method: 'POST' }));
  },
  errorlog: async (user) => {
    sent(await call('/api/blade-auth/oauth/logout', { token: tokens[user], json: [{ type: `scope-${user}-${stamp()}`.slice(0, 64), message: 'boom', url: '/x', time: '1' }] }));
  },
  attach: async (user) => {
    sent(await upload('/api/blade-resource/oss/endpoint/put-file', tokens[user], `scope-${user}-${stamp()}.txt`, new Blob(['scope'])));
  },
  importcheck: async (user) => {
    const testcase = schemaNamed('testcase')!;
    const template = await fetch(`${serverUrl()}${testcase.api}/template`, { headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${tokens[user]}` } });
    expect(template.status).toBe(200);
    sent(await upload(`${testcase.api}/${operationOf(testcase, 'import')!.path}`, tokens[user], `scope-${user}.xlsx`, new Blob([await template.arrayBuffer()])));
  },
  exportchecklist: async (user) => {
    // The record's name carries the second of the export: the two users' exports fall in different seconds.
    if (user === 'b') await new Promise((resolve) => setTimeout(resolve, 1100));
    const testcase = schemaNamed('testcase')!;
    const response = await fetch(`${serverUrl()}${testcase.api}/${operationOf(testcase, 'export')!.path}`, { headers: { 'Blade-Auth': `bearer ${tokens[user]}` } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  },
};

/** Resources without a menu entry: no role holds their screen, so no data scope can be set on them. */
const unlisted = schemas.filter((schema) => schema.inMenu === false);
/** Resources with a screen that no form adds to: each is made through the call that writes it. */
const sideMade = schemas.filter((schema) => !covered.includes(schema) && !unlisted.includes(schema));

/** The administrator's newest rows of a resource (lists answer newest first). */
async function newestIds(schema: ResourceSchema): Promise<string[]> {
  const listed = await call(`${operationsOf(schema).list}?size=50`, { token: admin });
  expect(listed.body.code, listed.text).toBe(200);
  return (listed.body.data.records as Row[]).map((row) => String(row.id));
}

/** The row `user`'s side effect wrote: the administrator's newest row that was not there before. */
async function sideRow(schema: ResourceSchema, user: ScopeUser): Promise<string> {
  const before = new Set(await newestIds(schema));
  await sideEffects[schema.name](user);
  const made = (await newestIds(schema)).find((id) => !before.has(id));
  expect(made, `scope_${user}'s call wrote a ${schema.name} row`).toBeTruthy();
  return made!;
}

async function grant(menuIds: string[], dataScopeIds: string[], apiScopeIds: string[] = []) {
  const answer = await call('/api/blade-system/role/grant', {
    token: admin,
    method: 'POST',
    json: { roleIds: [SCOPE_FIXTURE.roleId], menuIds, dataScopeIds, apiScopeIds },
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

  for (const schema of schemas) {
    const menuId = codes.get(schema.permissionCode);
    if (!menuId) continue;
    const scopeName = `范围${schema.name}${stamp()}`;
    const created = await call(`${DATA_SCOPE}/submit`, { token: admin, json: { menuId, scopeName, scopeColumn: 'create_user', scopeType: SCOPE_TYPE.own } });
    expect(created.body, created.text).toMatchObject({ code: 200, success: true });
    const found = await call(`${DATA_SCOPE}/list?${new URLSearchParams({ scopeName_equal: scopeName })}`, { token: admin });
    scopeIds.set(schema.name, found.body.data.records[0].id);
  }
  // Every screen, button and API scope (the error log's endpoints have one) the administrator has, limited by the
  // data scopes.
  const apiScopes = await call(`${schemaNamed('apiscope')!.api}/list?size=500`, { token: admin });
  expect(apiScopes.body.code, apiScopes.text).toBe(200);
  await grant([...codes.values()], [...scopeIds.values()], (apiScopes.body.data.records as Row[]).map((row) => String(row.id)));
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
  const make = (key: ScopeUser) => (covered.includes(schema) ? createRow(schema, tokens[key], stamp()) : sideRow(schema, key));
  for (const key of ['a', 'b'] as const) made[key] ??= await make(key);
  rows.set(schema.name, made);
  expect(made.a, `scope_a could create a ${schema.name}`).toBeTruthy();
  expect(made.b, `scope_b could create a ${schema.name}`).toBeTruthy();
  return made as { a: string; b: string };
};

/** Every resource of the registry with a screen: made through its form or through the call that writes it. */
const everyResource = [...covered, ...sideMade].map((schema) => [schema.name, schema] as const);

it('leaves no resource of the registry out', () => {
  const checked = new Set([...covered, ...sideMade, ...unlisted].map((schema) => schema.name));
  expect(schemas.filter((schema) => !checked.has(schema.name)).map((schema) => schema.name)).toEqual([]);
  expect(sideMade.map((schema) => schema.name).filter((name) => !sideEffects[name])).toEqual([]);
});

describe('a resource without a menu entry', () => {
  // Execution records are written by runs only: global-setup.ts has one of each scope user's.
  const ownRecords: Record<string, { a: string; b: string }> = { taskrecord: SCOPE_FIXTURE.taskRecords };

  it.each(unlisted.map((schema) => [schema.name, schema] as const))('%s is refused to a scoped user, its own rows included', async (name, schema) => {
    const own = ownRecords[name];
    expect(own, `a row of each scope user's for ${name}`).toBeDefined();
    for (const user of ['a', 'b'] as const) {
      expect((await call(`${operationsOf(schema).list}?size=500`, { token: tokens[user] })).body.code, 'list').toBe(403);
      for (const id of [own.a, own.b]) expect((await detailOf(schema, tokens[user], id)).body.code, 'detail').toBe(403);
    }
    // The rows exist: the administrator reads them.
    expect((await detailOf(schema, admin, own.a)).body.data?.id).toBe(own.a);
  });
});

describe('本人可见: a user reads only the rows it created', () => {
  beforeAll(() => setScopes(SCOPE_TYPE.own));

  it.each(everyResource)('%s', async (_name, schema) => {
    const made = await rowsOf(schema);
    await expectOnlyOwnRows(schema, tokens.a, made.a, made.b);
    await expectOnlyOwnRows(schema, tokens.b, made.b, made.a);
  });
});

describe('所在机构可见: a user reads only the rows of its department', () => {
  beforeAll(() => setScopes(SCOPE_TYPE.ownDept));

  it.each(everyResource)('%s', async (_name, schema) => {
    const made = await rowsOf(schema);
    await expectOnlyOwnRows(schema, tokens.a, made.a, made.b);
    await expectOnlyOwnRows(schema, tokens.b, made.b, made.a);
  });
});
