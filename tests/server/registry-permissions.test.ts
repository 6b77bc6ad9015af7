import { beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_ALIASES } from '../../resources/operations';
import { resourceSchemas } from '../../resources/schemas';
import { operationCode, endpointsOf, type OperationSchema, type ResourceSchema } from '../../resources/types';
import { readerCodesOf } from '../../server/blade/mount';
import { NOTICE_ROLE_MENU_CODES } from '../../server/db/seed-accounts';
import { seedMenusOf } from '../../server/db/seed-data/menus';
import { call, type Answer } from './client';
import { detailUrl, isWritable, listUrl, openSessions, removeUrl, submitUrl, type ResourceFactory } from './resource-bodies';

const { userRoleMenuCodes } = seedMenusOf(resourceSchemas);

/**
 * Operations are declared once per schema: the seeded buttons, the server's guard and what a role may call agree.
 * The seeded `tester` (roles `user` + `notice_reader`) lacks delete everywhere, and every extra operation.
 */

/** The tester's grants as the seed gives them: the `user` role's codes and the notice reader's. */
const testerCodes = new Set([...userRoleMenuCodes, ...NOTICE_ROLE_MENU_CODES]);
const holds = (code: string) => testerCodes.has(code);
/** A screen opens for whoever holds its menu or one of its buttons. */
const opens = (menuCode: string) => holds(menuCode) || [...testerCodes].some((code) => code.startsWith(`${menuCode}_`));

let admin: ResourceFactory;
let tester: string;
/** A row of each writable resource, made by the administrator, for the edit and delete calls. */
const rows = new Map<string, string>();

beforeAll(async () => {
  const sessions = await openSessions();
  admin = sessions.admin;
  tester = sessions.tester.token;
  for (const schema of resourceSchemas.filter(isWritable)) rows.set(schema.name, (await admin.create(schema)).id);
});

const forbidden = { code: 403, success: false, data: null, msg: '请求被拒绝' };

function expectForbidden(answer: Answer, where: string) {
  expect({ status: answer.status, body: answer.body }, `${where}: ${answer.text}`).toEqual({ status: 403, body: forbidden });
}
function expectNotForbidden(answer: Answer, where: string) {
  expect(answer.status, `${where}: ${answer.text}`).not.toBe(403);
  expect(answer.status, `${where}: ${answer.text}`).not.toBe(404);
  expect(answer.body?.code, `${where}: ${answer.text}`).not.toBe(403);
}

/** The call each operation makes, as the tester. */
async function callOperation(schema: ResourceSchema, operation: OperationSchema): Promise<Answer> {
  const id = rows.get(schema.name) ?? '1';
  switch (operation.alias) {
    case 'add':
      return call(submitUrl(schema), { token: tester, json: await admin.body(schema) });
    case 'edit':
      return call(submitUrl(schema), { token: tester, json: { id } });
    case 'delete':
      // A row nobody may lose: the guard answers before the id is looked at.
      return call(removeUrl(schema, '1'), { token: tester, method: 'POST' });
    case 'view':
      return call(`${listUrl(schema)}`, { token: tester });
    default: {
      const path = `${schema.api}/${operation.path}`;
      const method = operation.method ?? 'POST';
      if (operation.idIn === 'query') return call(`${path}?id=${id}`, { token: tester, method });
      if (operation.idIn === 'ids') return call(`${path}?ids=${id}`, { token: tester, method });
      return method === 'GET' ? call(path, { token: tester }) : call(path, { token: tester, json: { id } });
    }
  }
}

const mountedOperations = (schema: ResourceSchema) =>
  schema.operations.filter((operation) => {
    if (operation.alias === 'view') return true;
    if (STANDARD_ALIASES.has(operation.alias)) return !schema.readOnly;
    return operation.path !== undefined;
  });

describe.each(resourceSchemas.map((schema) => [schema.name, schema] as const))('%s: guards per operation', (_, schema) => {
  it.each(mountedOperations(schema).map((operation) => [operation.alias, operation] as const))(
    'operation %s: 403 without its button, not 403 with it',
    async (alias, operation) => {
      const code = operationCode(schema, alias);
      // Reading follows the screens, not the view button: the screen itself or one that picks its rows.
      const allowed = alias === 'view' ? readerCodesOf(schema, resourceSchemas).some(opens) : holds(code);
      const answer = await callOperation(schema, operation);
      if (allowed) expectNotForbidden(answer, `${code} held`);
      else expectForbidden(answer, `${code} not held`);
    },
  );

  it('reads (list, detail, select) follow the screens that open or pick the resource', async () => {
    const allowed = readerCodesOf(schema, resourceSchemas).some(opens);
    const endpoints = endpointsOf(schema);
    const id = rows.get(schema.name) ?? '1';
    for (const path of [listUrl(schema), detailUrl(schema, id), `${schema.api}/${endpoints.select}`]) {
      const answer = await call(path, { token: tester });
      if (allowed) expect(answer.body?.code === 403 || answer.status === 403, `${path}: ${answer.text}`).toBe(false);
      else expectForbidden(answer, path);
    }
  });

  it.runIf(!schema.readOnly)('refuses write operations the schema does not declare, even to the administrator', async () => {
    for (const [alias, request] of [
      ['add', () => call(submitUrl(schema), { token: admin.token, json: {} })],
      ['edit', () => call(submitUrl(schema), { token: admin.token, json: { id: '1' } })],
      ['delete', () => call(removeUrl(schema, '1'), { token: admin.token, method: 'POST' })],
    ] as const) {
      if (schema.operations.some((operation) => operation.alias === alias)) continue;
      expectForbidden(await request(), `${schema.name} ${alias} (undeclared)`);
    }
  });
});

describe('seeded buttons agree with the declared operations', () => {
  let buttons: { code: string; children?: { code: string; alias: string }[] }[];
  beforeAll(async () => {
    const answer = await call('/api/blade-system/menu/buttons', { token: admin.token });
    expect(answer.body.code).toBe(200);
    buttons = answer.body.data;
  });

  it.each(resourceSchemas.filter((schema) => schema.menu).map((schema) => [schema.name, schema] as const))(
    '%s: the menu carries exactly the buttons of its operations (<permissionCode>_<alias> unless BladeX names one otherwise)',
    (_, schema) => {
      const menu = buttons.find((entry) => entry.code === schema.permissionCode);
      expect(menu, `menu ${schema.permissionCode} in menu/buttons`).toBeDefined();
      const codes = (menu!.children ?? []).map((button) => button.code).sort();
      expect(codes).toEqual(schema.operations.map((operation) => operationCode(schema, operation.alias)).sort());
    },
  );

  it('every custom operation with a path has a guarded route (403 to a caller without its button)', async () => {
    const custom = resourceSchemas.flatMap((schema) =>
      schema.operations
        .filter((operation) => !STANDARD_ALIASES.has(operation.alias) && operation.path && !holds(operationCode(schema, operation.alias)))
        .map((operation) => ({ schema, operation })),
    );
    expect(custom.length).toBeGreaterThan(0);
    for (const { schema, operation } of custom) {
      const answer = await callOperation(schema, operation);
      expectForbidden(answer, `${operation.method ?? 'POST'} ${schema.api}/${operation.path}`);
    }
  });
});
