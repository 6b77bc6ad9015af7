import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { ResourceBehaviour, WriteContext } from '../../server/blade/behaviour';
import { ADMIN_TENANT, ADMINISTRATOR_ROLE, type BladeUser } from '../../server/blade/context';
import { createResourceStore, primaryDept, type ResourceStore } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText, nextId } from '../../server/blade/ids';
import { SqlParams } from '../../server/blade/query';
import { rowsOfTenants, scopedRows, tenantWhere } from '../../server/blade/scope';
import { formatDateTime } from '../../server/blade/serializer';
import { idListField } from '../../server/blade/operation';
import { fieldInput } from '../../server/blade/validate';
import type { Db } from '../../server/db/types';
import { PARAM } from '../../server/db/seed-data/settings';
import { hashPlainPassword } from '../../server/users/password';
import { operationOf, type ResourceSchema } from '../types';
import { allowedMenusOf, grantMenus, limitTenantGrants } from './grants';
import { tenantSchema } from './schema';

/** The parameter naming a new tenant administrator's first password (BladeX `tenant.default.password`). */
const DEFAULT_PASSWORD_PARAM = PARAM.tenantPassword.key;
const FALLBACK_PASSWORD = PARAM.tenantPassword.fallback;
const STATUS = { active: 1, recycled: 2 } as const;

type Row = Record<string, unknown>;

async function newTenantCode(tx: Db): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = String(randomInt(100000, 1000000));
    const live = tenantWhere(code, {});
    const [taken] = await tx.query(`SELECT 1 FROM blade_tenant WHERE ${live.where}`, live.values);
    if (!taken) return code;
  }
  throw badRequest('无法生成租户ID,请手动输入');
}

async function defaultPassword(tx: Db, user: BladeUser): Promise<string> {
  const params = new SqlParams();
  const [row] = await tx.query<{ param_value: string | null }>(
    `SELECT param_value FROM blade_param WHERE param_key = ${params.add(DEFAULT_PASSWORD_PARAM)} AND ${scopedRows(user, params).join(' AND ')}
     ORDER BY create_time DESC LIMIT 1`,
    params.values,
  );
  const value = row?.param_value?.trim();
  return value ? value : FALLBACK_PASSWORD;
}

/**
 * A new tenant's own rows, in the transaction that creates it: the `administrator` and `user` roles, a root
 * department, a post, the administrator account `admin`, and the administrator role's menus (all a tenant may have,
 * or its package's). Answers the administrator's first password.
 */
async function provisionTenant(
  tx: Db,
  user: BladeUser,
  tenantCode: string,
  tenantName: string,
  packageId: string | null,
  schemas: readonly ResourceSchema[],
) {
  const now = formatDateTime(new Date());
  const creator = isIdText(user.userId) ? user.userId : null;
  const audit = [creator, primaryDept(user), now];
  const [adminRole, userRole, dept, post, admin] = [nextId(), nextId(), nextId(), nextId(), nextId()];
  for (const [id, name, alias, sort] of [
    [adminRole, '管理员', ADMINISTRATOR_ROLE, 1],
    [userRole, '普通用户', 'user', 2],
  ] as const) {
    await tx.query(
      `INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8, $6, $8)`,
      [id, tenantCode, name, sort, alias, ...audit],
    );
  }
  await tx.query(
    `INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, create_user, create_dept, create_time, update_user, update_time)
     VALUES ($1, $2, 0, '0', 1, $3, $3, 1, $4, $5, $6, $4, $6)`,
    [dept, tenantCode, tenantName.slice(0, 45), ...audit],
  );
  await tx.query(
    `INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort, create_user, create_dept, create_time, update_user, update_time)
     VALUES ($1, $2, 1, 'admin', '管理员', 1, $3, $4, $5, $3, $5)`,
    [post, tenantCode, ...audit],
  );
  const password = await defaultPassword(tx, user);
  await tx.query(
    `INSERT INTO blade_user (id, tenant_id, code, user_type, account, password, name, real_name, avatar, email, phone, sex, role_id, dept_id, post_id, create_user, create_dept, create_time, update_user, update_time)
     VALUES ($1, $2, 'admin', 1, 'admin', $3, 'admin', '管理员', '', '', '', 1, $4, $5, $6, $7, $8, $9, $7, $9)`,
    [admin, tenantCode, await hashPlainPassword(password), adminRole, dept, post, ...audit],
  );
  await grantMenus(tx, adminRole, await allowedMenusOf(tx, user, packageId, schemas));
  return password;
}

/** Tenants named by `tenantId` (their code, as BladeX sends it) or `id`, through the read seam. */
async function tenantOfQuery(store: ResourceStore, user: BladeUser, query: { tenantId?: string; id?: string }): Promise<Row> {
  if (query.tenantId) {
    const page = await store.list(user, { tenantId_equal: query.tenantId, size: '1' });
    const [row] = page.records as Row[];
    if (!row) throw badRequest('租户不存在');
    return row;
  }
  if (!query.id) throw badRequest(`${MSG.missingParam}: tenantId`);
  if (!isIdText(query.id)) throw badRequest(`${MSG.paramType}: id`);
  const [row] = await store.byIds(user, [query.id]);
  if (!row) throw badRequest('租户不存在');
  return row;
}

/** The caller's tenants among `ids`. */
async function tenantsOfIds(store: ResourceStore, user: BladeUser, ids: string[]): Promise<Row[]> {
  const rows = await store.byIds(user, ids);
  if (rows.length === 0) throw badRequest('租户不存在');
  return rows;
}

/** An input of an operation's dialog, as its `fields` declare it. */
function operationInput(alias: string, name: string) {
  const field = operationOf(tenantSchema, alias)?.fields?.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`tenant: operation ${alias} has no field ${name}`);
  return fieldInput(field);
}

/** The tenants of an operation: `ids` of the query (or a form body). */
const idsParams = z.object({ ids: idListField('租户') });
/** One tenant, by its code (`tenantId`) or `id`. */
const tenantParam = { tenantId: z.string().max(12).optional(), id: z.string().max(20).optional() };

const isAdminTenant = (row: Row) => row.tenantId === ADMIN_TENANT;

/** Ends every session of these tenants (recycled or removed: their tokens stop working at once). */
async function endSessions(tx: Db, tenantCodes: string[]) {
  if (tenantCodes.length === 0) return;
  const params = new SqlParams();
  const sessions = rowsOfTenants(tenantCodes, params, { noLogicalDelete: true });
  await tx.query(`UPDATE blade_auth_session SET revoked = 1 WHERE ${sessions.join(' AND ')} AND revoked = 0`, params.values);
}

export const behaviour: ResourceBehaviour = {
  async beforeWrite(context: WriteContext) {
    const { values, before, isInsert, tx } = context;
    if (isInsert) {
      if (values.tenantId === undefined || values.tenantId === null) values.tenantId = await newTenantCode(tx);
      values.status = STATUS.active;
      return;
    }
    // The administrator tenant keeps every menu: a package never limits it.
    if (before?.tenantId === ADMIN_TENANT && values.packageId) throw badRequest('管理租户不能配置产品包');
  },

  async afterWrite(context: WriteContext) {
    const { tx, user, values, before, isInsert, registry } = context;
    if (isInsert) {
      const password = await provisionTenant(tx, user, String(values.tenantId), String(values.tenantName), (values.packageId as string | null) ?? null, registry.schemas);
      context.revealed.account = 'admin';
      context.revealed.password = password;
      return;
    }
    if (Object.hasOwn(values, 'packageId') && String(values.packageId ?? '') !== String(before?.packageId ?? '')) {
      await limitTenantGrants(tx, user, String(before?.tenantId), (values.packageId as string | null) ?? null, registry.schemas);
    }
  },

  async beforeRemove({ tx, ids }) {
    const rows = await tx.query<{ tenant_id: string }>(
      `SELECT tenant_id FROM blade_tenant WHERE id = ANY(string_to_array($1, ',')::bigint[]) AND is_deleted = 0`,
      [ids.join(',')],
    );
    if (rows.some((row) => row.tenant_id === ADMIN_TENANT)) throw badRequest('不能删除管理租户');
    const codes = rows.map((row) => row.tenant_id);
    await endSessions(tx, codes);
    // The tenant's accounts, roles, departments and posts go with it (its code may be given to a new tenant later).
    for (const table of ['blade_user', 'blade_role', 'blade_dept', 'blade_post']) {
      const params = new SqlParams();
      await tx.query(`UPDATE ${table} SET is_deleted = 1 WHERE ${rowsOfTenants(codes, params).join(' AND ')}`, params.values);
    }
  },

  routes(routes) {
    const { services, store } = routes;
    const { db } = services;
    const api = tenantSchema.api;

    // BladeX answers the joined view under `page` too.
    routes.read(`${api}/page`, async (c) => send(c, R.data(await store.list(c.get('user'), c.req.query()))));

    // 授权配置: account quota (-1 unlimited) and expiry of the chosen tenants.
    const settingParams = idsParams.extend({
      accountNumber: operationInput('setting', 'accountNumber').refine((quota: unknown) => Number(quota) >= -1, { error: '账号额度不能小于-1' }),
      expireTime: operationInput('setting', 'expireTime'),
    });
    routes.operation('setting', { params: settingParams }, async (call) => {
      const { ids, accountNumber, expireTime } = call.params;
      const rows = await tenantsOfIds(store, call.user, ids);
      await db.transaction(async (tx) => {
        for (const row of rows) await store.patch({ ...call, tx }, String(row.id), { accountNumber, expireTime });
      });
    });

    // 数据源配置: binds one datasource to a tenant (empty unbinds).
    const datasourceParams = z.object({ ...tenantParam, datasourceId: operationInput('datasource', 'datasourceId') });
    routes.operation('datasource', { params: datasourceParams }, async (call) => {
      const tenant = await tenantOfQuery(store, call.user, call.params);
      await store.patch(call, String(tenant.id), { datasourceId: call.params.datasourceId });
    });

    // 产品包详情: the package of a tenant (null without one).
    const packages = createResourceStore(db, services.registry, services.registry.schemaByName('tenantpackage')!);
    routes.read(`${api}/package-detail`, async (c) => {
      const user = c.get('user');
      const tenant = await tenantOfQuery(store, user, c.req.query());
      const packageId = tenant.packageId as string;
      const found = packageId && packageId !== '-1' ? await packages.detail(user, packageId) : undefined;
      return send(c, R.data(found ?? null));
    });

    // 产品包配置: sets a tenant's package; the tenant's hooks limit its roles' menus to it.
    const packageParams = z.object({ ...tenantParam, packageId: operationInput('package-setting', 'packageId') });
    routes.operation('package-setting', { params: packageParams }, async (call) => {
      const tenant = await tenantOfQuery(store, call.user, call.params);
      if (isAdminTenant(tenant)) throw badRequest('管理租户不能配置产品包');
      await store.patch(call, String(tenant.id), { packageId: call.params.packageId });
    });

    // 回收: the tenants go to the recycle bin (status 2): nobody of theirs can log in, their sessions end.
    routes.operation('recycle', { params: idsParams }, async (call) => {
      const rows = await tenantsOfIds(store, call.user, call.params.ids);
      if (rows.some(isAdminTenant)) throw badRequest('不能回收管理租户');
      await db.transaction(async (tx) => {
        for (const row of rows) await store.patch({ ...call, tx }, String(row.id), { status: STATUS.recycled });
        await endSessions(tx, rows.map((row) => String(row.tenantId)));
      });
    });

    // 通过: recycled tenants are back in service.
    routes.operation('pass', { params: idsParams }, async (call) => {
      const rows = await tenantsOfIds(store, call.user, call.params.ids);
      await db.transaction(async (tx) => {
        for (const row of rows) await store.patch({ ...call, tx }, String(row.id), { status: STATUS.active });
      });
    });
  },
};
