import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import type { ResourceBehaviour, ResourceRoutes, WriteContext } from '../../server/blade/behaviour';
import { formFields } from '../../server/blade/body';
import { ADMIN_TENANT, ADMINISTRATOR_ROLE, type BladeEnv, type BladeUser } from '../../server/blade/context';
import { createResourceStore, idList, primaryDept } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText, nextId } from '../../server/blade/ids';
import { SqlParams } from '../../server/blade/query';
import { rowsOfTenants, scopedRows, tenantWhere } from '../../server/blade/scope';
import { formatDateTime } from '../../server/blade/serializer';
import { parseFieldValue } from '../../server/blade/validate';
import type { Db } from '../../server/db/types';
import { PARAM } from '../../server/db/seed-data/settings';
import { hashPlainPassword } from '../../server/users/password';
import { schemaByName } from '../schemas';
import { operationOf, type FieldSchema } from '../types';
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
async function provisionTenant(tx: Db, user: BladeUser, tenantCode: string, tenantName: string, packageId: string | null) {
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
  await grantMenus(tx, adminRole, await allowedMenusOf(tx, user, packageId));
  return password;
}

/** Tenants named by `tenantId` (their code, as BladeX sends it) or `id`, through the read seam. */
async function tenantOfQuery(routes: ResourceRoutes, user: BladeUser, query: Record<string, string>): Promise<Row> {
  const { store } = routes;
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

/** The caller's tenants among `ids` (query `ids`), refusing an empty or malformed list. */
async function tenantsOfIds(routes: ResourceRoutes, user: BladeUser, text: string | undefined): Promise<Row[]> {
  const ids = idList(text);
  if (ids.length === 0) throw badRequest(`${MSG.missingParam}: ids`);
  if (ids.length > 1000 || !ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ids`);
  const rows = await routes.store.byIds(user, ids);
  if (rows.length === 0) throw badRequest('租户不存在');
  return rows;
}

/** Query string and a form body (BladeX's clients send these calls' values either way). */
async function paramsOf(c: Context<BladeEnv>): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  const form = type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data') ? await formFields(c) : {};
  return { ...form, ...c.req.query() };
}

function operationField(alias: string, name: string): FieldSchema {
  const field = operationOf(tenantSchema, alias)?.fields?.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`tenant: operation ${alias} has no field ${name}`);
  return field;
}

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
    const { tx, user, values, before, isInsert } = context;
    if (isInsert) {
      const password = await provisionTenant(tx, user, String(values.tenantId), String(values.tenantName), (values.packageId as string | null) ?? null);
      context.revealed.account = 'admin';
      context.revealed.password = password;
      return;
    }
    if (Object.hasOwn(values, 'packageId') && String(values.packageId ?? '') !== String(before?.packageId ?? '')) {
      await limitTenantGrants(tx, user, String(before?.tenantId), (values.packageId as string | null) ?? null);
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
    routes.operation('setting', async (c) => {
      const user = c.get('user');
      const params = await paramsOf(c);
      const rows = await tenantsOfIds(routes, user, params.ids);
      const accountNumber = parseFieldValue(operationField('setting', 'accountNumber'), params.accountNumber);
      if (accountNumber === null) throw badRequest('请输入账号额度');
      if ((accountNumber as number) < -1) throw badRequest('账号额度不能小于-1');
      const expireTime = parseFieldValue(operationField('setting', 'expireTime'), params.expireTime);
      await db.query(
        `UPDATE blade_tenant SET account_number = $1, expire_time = $2, update_user = $3, update_time = $4
         WHERE id = ANY(string_to_array($5, ',')::bigint[]) AND is_deleted = 0`,
        [accountNumber, expireTime, isIdText(user.userId) ? user.userId : null, formatDateTime(new Date()), rows.map((row) => row.id).join(',')],
      );
      return send(c, R.success());
    });

    // 数据源配置: binds one datasource to a tenant (empty unbinds).
    routes.operation('datasource', async (c) => {
      const user = c.get('user');
      const params = await paramsOf(c);
      const tenant = await tenantOfQuery(routes, user, params);
      const datasourceId = parseFieldValue(operationField('datasource', 'datasourceId'), params.datasourceId) as string | null;
      if (datasourceId) {
        const source = schemaByName('datasource')!;
        const [found] = await createResourceStore(db, source).byIds(user, [datasourceId]);
        if (!found) throw badRequest('数据源不存在');
      }
      await db.query('UPDATE blade_tenant SET datasource_id = $1, update_time = $2 WHERE id = $3 AND is_deleted = 0', [
        datasourceId,
        formatDateTime(new Date()),
        tenant.id,
      ]);
      return send(c, R.success());
    });

    // 产品包详情: the package of a tenant (null without one).
    const packages = createResourceStore(db, schemaByName('tenantpackage')!);
    routes.read(`${api}/package-detail`, async (c) => {
      const user = c.get('user');
      const tenant = await tenantOfQuery(routes, user, c.req.query());
      const packageId = tenant.packageId as string;
      const found = packageId && packageId !== '-1' ? await packages.detail(user, packageId) : undefined;
      return send(c, R.data(found ?? null));
    });

    // 产品包配置: sets a tenant's package and limits its roles' menus to it.
    routes.operation('package-setting', async (c) => {
      const user = c.get('user');
      const params = await paramsOf(c);
      const tenant = await tenantOfQuery(routes, user, params);
      if (isAdminTenant(tenant)) throw badRequest('管理租户不能配置产品包');
      const packageId = parseFieldValue(operationField('package-setting', 'packageId'), params.packageId) as string | null;
      if (packageId && !(await packages.detail(user, packageId))) throw badRequest('产品包不存在');
      await db.transaction(async (tx) => {
        await tx.query('UPDATE blade_tenant SET package_id = $1, update_time = $2 WHERE id = $3 AND is_deleted = 0', [
          packageId,
          formatDateTime(new Date()),
          tenant.id,
        ]);
        await limitTenantGrants(tx, user, String(tenant.tenantId), packageId);
      });
      return send(c, R.success());
    });

    // 回收: the tenants go to the recycle bin (status 2): nobody of theirs can log in, their sessions end.
    routes.operation('recycle', async (c) => {
      const user = c.get('user');
      const rows = await tenantsOfIds(routes, user, (await paramsOf(c)).ids);
      if (rows.some(isAdminTenant)) throw badRequest('不能回收管理租户');
      await db.transaction(async (tx) => {
        await tx.query(
          `UPDATE blade_tenant SET status = $1, update_time = $2 WHERE id = ANY(string_to_array($3, ',')::bigint[]) AND is_deleted = 0`,
          [STATUS.recycled, formatDateTime(new Date()), rows.map((row) => row.id).join(',')],
        );
        await endSessions(tx, rows.map((row) => String(row.tenantId)));
      });
      return send(c, R.success());
    });

    // 通过: recycled tenants are back in service.
    routes.operation('pass', async (c) => {
      const user = c.get('user');
      const rows = await tenantsOfIds(routes, user, (await paramsOf(c)).ids);
      await db.query(
        `UPDATE blade_tenant SET status = $1, update_time = $2 WHERE id = ANY(string_to_array($3, ',')::bigint[]) AND is_deleted = 0`,
        [STATUS.active, formatDateTime(new Date()), rows.map((row) => row.id).join(',')],
      );
      return send(c, R.success());
    });
  },
};
