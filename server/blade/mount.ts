import type { Context } from 'hono';
import { operationCode, endpointsOf, operationOf, type ResourceSchema } from '../../resources/types';
import type { ResourceBehaviour, ResourceRoutes } from './behaviour';
import { ADMIN_TENANT, type BladeApp, type BladeEnv, type BladeUser, type ServerServices } from './context';
import { idList, jsonBody, type ResourceStore, type SubmitSink } from './crud';
import { mountLink } from './links';
import { pickerColumnsOf, projectAnswer } from './picker-columns';
import { R, send } from './envelope';
import { badRequest, forbidden, MSG } from './errors';
import { recordOperation, withOperationLog } from './logs';
import { operationHandler } from './operation';
import { assertCode, hasMenu } from './permissions';
import { actingInTenant } from './scope';
import { parseIdValue } from './validate';

/** Screens whose forms pick rows of `schema` (a ref or tree path to it): they may read its lists too. */
export function readerCodesOf(schema: ResourceSchema, schemas: readonly ResourceSchema[]): string[] {
  const codes = new Set([schema.permissionCode]);
  for (const other of schemas) {
    const fields = [...other.fields, ...(other.children ?? []).flatMap((child) => child.fields)];
    const picks = fields.some((field) => field.ref?.resource === schema.name || field.treePath?.resource === schema.name);
    const links = (other.links ?? []).some((link) => link.target === schema.name);
    if (picks || links) codes.add(other.permissionCode);
  }
  return [...codes];
}

/** Rows only the administrator tenant manages (tenants, clients): every other tenant is refused, whatever its role. */
export function assertTenantMayUse(schema: ResourceSchema, user: BladeUser) {
  if (schema.adminTenantOnly && user.tenantId !== ADMIN_TENANT) throw forbidden();
}

/** The caller holds the button of the declared operation; an undeclared operation is refused to everyone. */
export async function assertOperation(services: ServerServices, schema: ResourceSchema, user: BladeUser, alias: string) {
  assertTenantMayUse(schema, user);
  if (!operationOf(schema, alias)) throw forbidden();
  await assertCode(services.db, user, operationCode(schema, alias));
}

type Handler = (c: Context<BladeEnv>) => Response | Promise<Response>;

/**
 * Mounts a resource: its custom endpoints first (from `server.ts`), then its links (their targets decorated by the
 * target's behaviour), list, detail, select, the tree calls and, unless read-only, submit and remove. Every route carries its own guard, derived from the schema's operations.
 */
export function mountResource(
  app: BladeApp,
  store: ResourceStore,
  behaviour: ResourceBehaviour,
  services: ServerServices,
  behaviourOf: (name: string) => ResourceBehaviour | undefined = () => undefined,
) {
  const { schema } = store;
  const endpoints = endpointsOf(schema);
  const url = (path: string) => `${schema.api}/${path}`;
  const pickers = pickerColumnsOf(schema, services.registry.schemas);

  /** The columns the caller may read: all (undefined) with the resource's own screen, else its pickers' columns. */
  async function readableColumns(user: BladeUser): Promise<Set<string> | undefined> {
    assertTenantMayUse(schema, user);
    if (await hasMenu(services.db, user, schema.permissionCode)) return undefined;
    let columns: Set<string> | undefined;
    for (const [code, picked] of pickers) if (await hasMenu(services.db, user, code)) columns = new Set([...(columns ?? []), ...picked]);
    if (!columns) throw forbidden();
    return columns;
  }
  const read = (path: string, handler: Handler, method: 'GET' | 'POST' = 'GET') => {
    const guarded: Handler = async (c) => {
      const columns = await readableColumns(c.get('user'));
      const response = await handler(c);
      return columns ? projectAnswer(response, columns) : response;
    };
    if (method === 'GET') app.get(path, guarded);
    else app.post(path, guarded);
  };
  // Every successful write of a resource leaves an operation-log row, with what the body said (read from a copy:
  // the handler reads the original however it likes, as JSON or as a form).
  const labelOf = (alias: string) => operationOf(schema, alias)?.label.zh ?? alias;
  const write = (path: string, alias: string, handler: Handler, method: 'GET' | 'POST' = 'POST') => {
    const logged = withOperationLog(services.db, `${schema.title.zh}-${labelOf(alias)}`, async (c) => handler(c));
    const guarded: Handler = async (c) => {
      await assertOperation(services, schema, c.get('user'), alias);
      return logged(c);
    };
    if (method === 'GET') app.get(path, guarded);
    else app.post(path, guarded);
  };

  const routes: ResourceRoutes = {
    store,
    services,
    read,
    open: (path, handler) => app.get(path, handler),
    write: (path, alias, handler) => write(path, alias, handler),
    operation(alias, spec, handler) {
      const operation = operationOf(schema, alias);
      const path = spec.path ?? (operation?.path ? url(operation.path) : undefined);
      if (!operation || !path) throw new Error(`${schema.name}: operation "${alias}" has no path`);
      write(path, alias, operationHandler(spec, handler), spec.path ? (spec.method ?? 'POST') : (operation.method ?? 'POST'));
    },
  };
  behaviour.routes?.(routes);
  for (const link of schema.links ?? []) mountLink(routes, schema, link, behaviourOf(link.target)?.decorateLinked);

  read(url(endpoints.list), async (c) => send(c, R.data(await store.list(c.get('user'), c.req.query()))));
  // BladeX answers both `list` and `page` with a page (spec §7 names both); a tree's `list` is nested, below.
  if (endpoints.list !== 'list' && !schema.tree) {
    read(url('list'), async (c) => send(c, R.data(await store.list(c.get('user'), c.req.query()))));
  }
  read(url(endpoints.detail), async (c) => {
    const id = c.req.query('id');
    if (!id) throw badRequest(`${MSG.missingParam}: id`);
    const row = await store.detail(c.get('user'), id);
    if (!row) throw badRequest('数据不存在');
    return send(c, R.data(row));
  });
  read(url(endpoints.select), async (c) => send(c, R.data(await store.select(c.get('user'), c.req.query()))));
  if (schema.tree) {
    // The platform administrator picks rows of another tenant (a user's department when editing that tenant's user).
    read(url(endpoints.tree), async (c) => {
      const user = schema.tenantScoped ? actingInTenant(c.get('user'), c.req.query('tenantId')) : c.get('user');
      return send(c, R.data(await store.tree(user)));
    });
    // BladeX answers `list` of a tree resource as the nested rows (Saber's role screen reads it so); the screen here
    // pages another endpoint.
    if (endpoints.list !== 'list') read(url('list'), async (c) => send(c, R.data(await store.treeList(c.get('user'), c.req.query()))));
    read(url(endpoints.lazyList), async (c) =>
      send(c, R.data(await store.lazyList(c.get('user'), c.req.query('parentId') || '0'))),
    );
  }
  if (schema.readOnly) return;

  app.post(url(endpoints.submit), async (c) => {
    const body = await jsonBody(c.req.raw);
    const updates = typeof body === 'object' && body !== null && parseIdValue((body as { id?: unknown }).id) !== undefined;
    const alias = updates ? 'edit' : 'add';
    await assertOperation(services, schema, c.get('user'), alias);
    const sink: SubmitSink = {};
    const saved = await store.submit(c.get('user'), body, sink);
    if (saved === undefined) return send(c, R.status(false));
    await recordOperation(services.db, c, `${schema.title.zh}-${labelOf(alias)}`, body);
    // As BladeX does, the saved entity is answered: Saber reads `data.id` (and labels) of the row it has just added,
    // and without them edits it as a new one. Values made on insert (a generated secret, an initial password) are
    // answered this once, beside it.
    const row = await store.detail(c.get('user'), saved);
    return send(c, R.data({ ...(row ?? { id: saved }), ...sink.revealed }));
  });
  write(url(endpoints.remove), 'delete', async (c) => {
    const removed = await store.remove(c.get('user'), idList(c.req.query('ids')));
    return send(c, R.status(removed > 0));
  });
}
