import type { Context } from 'hono';
import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import type { BladeEnv, BladeUser } from '../../server/blade/context';
import { idList, jsonBody, type ResourceStore } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { BladeError, badRequest, MSG } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import { parseWith } from '../../server/blade/validate';
import { formFields } from '../../server/blade/body';
import type { Db } from '../../server/db/types';
import { PARAM } from '../../server/db/seed-data/settings';
import { cellErrorText, importGate, pagesOf, readXlsxRows, receiveXlsx, templateResponse, xlsxResponse, type ExcelColumn } from '../../server/excel';
import { FAILURE_WINDOW_MS, MAX_FAILURES } from '../../server/users/lockout';
import { hashPlainPassword } from '../../server/users/password';
import { revokeUserSessions } from '../../server/users/sessions';
import { ruleMessages } from '../validation';
import { userSchema } from './schema';

type Row = Record<string, unknown>;
type C = Context<BladeEnv>;

/** BladeX's default password of a reset, unless the tenant's parameter `account.initPassword` names another. */
const DEFAULT_PASSWORD = PARAM.initPassword.fallback;
const QUOTA_REACHED = '当前租户已到最大账号额度!';

const fieldOf = (name: string) => userSchema.fields.find((field) => field.name === name)!;
const splitIds = (text: unknown) => String(text ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');

/** The names of comma-joined ids of a tenant's table, in the ids' order, comma-joined. */
async function namesOf(db: Db, table: 'blade_role' | 'blade_dept' | 'blade_post', column: string, tenantId: string, ids: string[]) {
  if (ids.length === 0 || !ids.every(isIdText)) return new Map<string, string>();
  const rows = await db.cachedQuery<{ id: string; name: string }>(
    `SELECT id::text AS id, ${column} AS name FROM ${table}
     WHERE id = ANY(string_to_array($1, ',')::bigint[]) AND tenant_id = $2 AND is_deleted = 0`,
    [ids.join(','), tenantId],
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every department of a tenant with its full path of names from the root (`管理组/测试部`). */
async function deptPathsOf(db: Db, tenantId: string): Promise<{ id: string; name: string; path: string }[]> {
  const rows = await db.query<{ id: string; parent_id: string; name: string }>(
    'SELECT id::text AS id, parent_id::text AS parent_id, dept_name AS name FROM blade_dept WHERE tenant_id = $1 AND is_deleted = 0',
    [tenantId],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const pathOf = (id: string): string => {
    const names: string[] = [];
    for (let cursor = byId.get(id); cursor && names.length <= rows.length; cursor = byId.get(cursor.parent_id)) names.unshift(cursor.name);
    return names.join(DEPT_PATH_SEPARATOR);
  };
  return rows.map((row) => ({ id: row.id, name: row.name, path: pathOf(row.id) }));
}

const DEPT_PATH_SEPARATOR = '/';

/**
 * Resolves a department of an import row: by its full path (`管理组/测试部`), its number (id) or its name. A name two
 * departments share is refused, never guessed.
 */
function deptResolver(depts: { id: string; name: string; path: string }[]) {
  const byPath = new Map(depts.map((dept) => [dept.path, dept.id]));
  const ids = new Set(depts.map((dept) => dept.id));
  const byName = new Map<string, string[]>();
  for (const dept of depts) byName.set(dept.name, [...(byName.get(dept.name) ?? []), dept.id]);
  return (text: string): { id: string } | { problem: string } => {
    const path = text.split(DEPT_PATH_SEPARATOR).map((part) => part.trim()).join(DEPT_PATH_SEPARATOR);
    const found = byPath.get(path) ?? (ids.has(text) ? text : undefined);
    if (found) return { id: found };
    const named = byName.get(text) ?? [];
    if (named.length === 1) return { id: named[0] };
    if (named.length > 1) return { problem: `部门「${text}」不唯一，请填写部门编号或完整路径` };
    return { problem: `「${text}」不存在` };
  };
}

/** List and detail rows with the names of their roles, depts and posts, and whether the account is locked. */
async function decorate(db: Db, tenantId: string, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const all = (key: string) => [...new Set(rows.flatMap((row) => splitIds(row[key])))];
  const [roles, depts, posts] = await Promise.all([
    namesOf(db, 'blade_role', 'role_name', tenantId, all('roleId')),
    namesOf(db, 'blade_dept', 'dept_name', tenantId, all('deptId')),
    namesOf(db, 'blade_post', 'post_name', tenantId, all('postId')),
  ]);
  const locked = await db.query<{ account: string }>(
    `SELECT account FROM blade_login_attempt WHERE tenant_id = $1 AND account = ANY($2::text[]) AND attempts >= $3 AND last_at >= $4`,
    [tenantId, rows.map((row) => String(row.account)), MAX_FAILURES, Date.now() - FAILURE_WINDOW_MS],
  );
  const lockedAccounts = new Set(locked.map((row) => row.account));
  const join = (names: Map<string, string>, ids: unknown) => splitIds(ids).flatMap((id) => names.get(id) ?? []).join(',');
  return rows.map((row) => ({
    ...row,
    roleName: join(roles, row.roleId),
    deptName: join(depts, row.deptId),
    postName: join(posts, row.postId),
    locked: lockedAccounts.has(String(row.account)) ? 1 : 0,
  }));
}

/** A member's child users: at most this many, the rest are not listed. */
const CHILD_USER_LIMIT = 100;

/**
 * Users as a project lists its members (spec §3 projectMembers): the names of their roles and departments, their
 * tenant's name, and their child users, the users of the departments below theirs (read-only beside the member).
 */
async function decorateMembers(db: Db, tenantId: string, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const decorated = await decorate(db, tenantId, rows);
  const [tenant] = await db.cachedQuery<{ name: string }>('SELECT tenant_name AS name FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0', [tenantId]);
  const depts = await db.cachedQuery<{ id: string; ancestors: string | null; name: string }>(
    'SELECT id::text AS id, ancestors, dept_name AS name FROM blade_dept WHERE tenant_id = $1 AND is_deleted = 0',
    [tenantId],
  );
  const below = (deptIds: string[]) =>
    new Set(depts.filter((dept) => String(dept.ancestors ?? '').split(',').some((id) => deptIds.includes(id))).map((dept) => dept.id));
  const belowOf = new Map(decorated.map((row) => [String(row.id), below(splitIds(row.deptId))]));
  const childDepts = [...new Set([...belowOf.values()].flatMap((ids) => [...ids]))];
  const candidates = childDepts.length === 0
    ? []
    : await db.cachedQuery<{ id: string; account: string; real_name: string | null; dept_id: string | null }>(
        `SELECT id::text AS id, account, real_name, dept_id FROM blade_user
         WHERE tenant_id = $1 AND is_deleted = 0 AND string_to_array(dept_id, ',') && $2::text[] ORDER BY account LIMIT 2000`,
        [tenantId, childDepts],
      );
  const deptName = new Map(depts.map((dept) => [dept.id, dept.name]));
  return decorated.map((row) => {
    const mine = belowOf.get(String(row.id)) ?? new Set<string>();
    const childUserList = candidates
      .filter((candidate) => candidate.id !== String(row.id) && splitIds(candidate.dept_id).some((id) => mine.has(id)))
      .slice(0, CHILD_USER_LIMIT)
      .map((candidate) => ({
        id: candidate.id,
        account: candidate.account,
        realName: candidate.real_name ?? '',
        deptName: splitIds(candidate.dept_id).flatMap((id) => deptName.get(id) ?? []).join(','),
      }));
    return { ...row, tenantName: tenant?.name ?? '', childUserList };
  });
}

/** Every id of a comma list belongs to the caller's tenant, else `<label>不存在`. */
async function assertOwned(tx: Db, table: 'blade_role' | 'blade_dept' | 'blade_post', tenantId: string, ids: string[], label: string) {
  if (ids.length === 0) return;
  if (!ids.every(isIdText) || ids.length > 100) throw badRequest(ruleMessages.format({ label: { zh: label, en: label } }));
  const [row] = await tx.query<{ n: string }>(
    `SELECT count(DISTINCT id) AS n FROM ${table} WHERE id = ANY(string_to_array($1, ',')::bigint[]) AND tenant_id = $2 AND is_deleted = 0`,
    [ids.join(','), tenantId],
  );
  if (Number(row.n) !== new Set(ids).size) throw badRequest(`${label}不存在`);
}

/** Creating a user past the tenant's `account_number` (−1 or null: unlimited) is refused. */
async function assertQuota(tx: Db, tenantId: string, adding = 1) {
  const [tenant] = await tx.query<{ account_number: number | null }>(
    'SELECT account_number FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0',
    [tenantId],
  );
  const limit = tenant?.account_number;
  if (limit === null || limit === undefined || Number(limit) < 0) return;
  const [count] = await tx.query<{ n: string }>('SELECT count(*) AS n FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0', [tenantId]);
  if (Number(count.n) + adding > Number(limit)) throw badRequest(QUOTA_REACHED);
}

/** The users of `deptId` and of every department below it. */
function deptScope(deptId: string, tenantId: string, add: (value: unknown) => string): string {
  const id = add(deptId);
  return `string_to_array(t.dept_id, ',') && ARRAY(
    SELECT d.id::text FROM blade_dept d WHERE d.tenant_id = ${add(tenantId)} AND d.is_deleted = 0
      AND (d.id::text = ${id} OR (',' || d.ancestors || ',') LIKE '%,' || ${id} || ',%'))`;
}

/** Query string and, when sent, a form or JSON body: BladeX takes `userIds` and `roleIds` as request parameters. */
async function paramsOf(c: C): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let body: Record<string, unknown> = {};
  if (type.includes('application/json')) {
    const parsed = await jsonBody(c.req.raw);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } else if (type.includes('form')) {
    body = await formFields(c);
  }
  return { ...body, ...c.req.query() };
}

const idsParam = (params: Record<string, unknown>, key: string): string[] => {
  const raw = params[key];
  const ids = Array.isArray(raw) ? raw.map(String) : idList(raw === undefined || raw === null ? '' : String(raw));
  if (ids.length === 0) throw badRequest(`${MSG.missingParam}: ${key}`);
  if (ids.length > 500 || !ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ${key}`);
  return ids;
};

const platformBody = z.object({
  userId: z.union([z.string(), z.number()]).transform(String).refine(isIdText, { error: '用户编号不正确' }),
  userType: z.union([z.number().int(), z.string().regex(/^\d{1,2}$/).transform(Number)], { error: '用户平台格式不正确' }),
  userExt: z.string().max(2000, { error: '平台扩展长度不能超过2000个字符' }).optional().default(''),
});

const userIdsBody = z.object({
  userIds: z.union([z.array(z.union([z.string(), z.number()]).transform(String)), z.string().transform((text) => text.split(','))])
    .transform((ids) => ids.map((id) => id.trim()).filter((id) => id !== ''))
    .refine((ids) => ids.length <= 500 && ids.every(isIdText), { error: '用户编号不正确' }),
});

/**
 * The import sheet: account, names, phone, email, user type, roles and posts by name, departments by full path (or
 * number, or a name no other department has), each comma-joined.
 */
const IMPORT_COLUMNS: ExcelColumn<never>[] = [
  // The sample row names no real account: imported with 覆盖 it would overwrite that user.
  { key: 'account', header: '登录账号', required: true, maxLength: 45, example: 'sample_import_user', width: 16 },
  { key: 'name', header: '用户昵称', required: true, maxLength: 20, example: '示例用户', width: 14 },
  { key: 'realName', header: '用户姓名', required: true, maxLength: 10, example: '示例用户', width: 12 },
  { key: 'phone', header: '手机号码', maxLength: 45, example: '13800000001', width: 14 },
  { key: 'email', header: '电子邮箱', maxLength: 45, example: 'sample_import_user@example.com', width: 22 },
  { key: 'userType', header: '用户平台', example: 'WEB', width: 10 },
  { key: 'roleName', header: '所属角色', required: true, example: '普通用户', width: 16 },
  { key: 'deptName', header: '所属部门', required: true, example: '管理组', width: 16 },
  { key: 'postName', header: '所属岗位', example: '', width: 16 },
];

const EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'account', header: '登录账号', width: 16 },
  { key: 'name', header: '用户昵称', width: 14 },
  { key: 'realName', header: '用户姓名', width: 12 },
  { key: 'phone', header: '手机号码', width: 14 },
  { key: 'email', header: '电子邮箱', width: 22 },
  { key: 'userTypeName', header: '用户平台', width: 10 },
  { key: 'roleName', header: '所属角色', width: 16 },
  // Full paths: a name two departments share would not find its department again on import.
  { key: 'deptPath', header: '所属部门', width: 24 },
  { key: 'postName', header: '所属岗位', width: 16 },
];

/** Sheet column a store refusal belongs to, by the field's messages. */
function columnOfMessage(message: string): string {
  const headers: Record<string, string> = { account: '登录账号', name: '用户昵称', realName: '用户姓名', phone: '手机号码', email: '电子邮箱', userType: '用户平台', roleId: '所属角色', deptId: '所属部门', postId: '所属岗位' };
  if (message.startsWith('手机号码')) return '手机号码';
  for (const [name, header] of Object.entries(headers)) {
    const field = fieldOf(name);
    if (message === field.required || message === field.unique || message.includes(field.label.zh)) return header;
  }
  if (message.includes('角色')) return '所属角色';
  if (message.includes('部门')) return '所属部门';
  if (message.includes('岗位')) return '所属岗位';
  return '登录账号';
}

async function initPasswordOf(db: Db, tenantId: string): Promise<string> {
  const [row] = await db.query<{ param_value: string | null }>(
    'SELECT param_value FROM blade_param WHERE tenant_id = $1 AND param_key = $2 AND is_deleted = 0 LIMIT 1',
    [tenantId, PARAM.initPassword.key],
  );
  return row?.param_value?.trim() || DEFAULT_PASSWORD;
}

/** The list with `deptId` meaning "this department and those below it", names joined. */
async function pageOf(store: ResourceStore, db: Db, user: BladeUser, query: Record<string, string>) {
  const { deptId, ...rest } = query;
  if (deptId !== undefined && deptId !== '' && !isIdText(deptId)) throw badRequest(`${MSG.paramType}: deptId`);
  const scoped = deptId ? { ...rest, [DEPT_SCOPE_KEY]: deptId } : rest;
  const page = await store.list(user, scoped);
  return { ...page, records: await decorate(db, user.tenantId, page.records as Row[]) };
}
/** Carries `deptId` to `listScope` past the generic filters (keys ending `_ignore` are not filters). */
const DEPT_SCOPE_KEY = 'deptTree_ignore';

export const behaviour: ResourceBehaviour = {
  decorateLinked: (db, user, rows) => decorateMembers(db, user.tenantId, rows),

  listScope(user, query, params) {
    const deptId = query[DEPT_SCOPE_KEY];
    return deptId && isIdText(deptId) ? [deptScope(deptId, user.tenantId, (value) => params.add(value))] : [];
  },

  async beforeWrite({ tx, user, id, isInsert, values, before }) {
    if (isInsert) {
      await assertQuota(tx, user.tenantId);
      // Password and its confirmation: required, equal, then stored as a hash (the confirmation is not stored).
      for (const name of ['password', 'password2']) {
        if (values[name] === null || values[name] === undefined) throw badRequest(ruleMessages.required(fieldOf(name)));
      }
      if (values.password !== values.password2) throw badRequest('两次密码输入不一致');
      const hash = await hashPlainPassword(String(values.password));
      values.password = hash;
      values.password2 = hash;
    } else {
      // No password change through an edit; clearing it is refused as clearing any required field is.
      for (const name of ['password', 'password2']) if (values[name] !== null) delete values[name];
    }
    if (typeof values.account === 'string') values.account = values.account.trim();
    if (values.account && (isInsert || values.account !== before?.account)) {
      const [taken] = await tx.query('SELECT 1 FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0 AND id <> $3', [
        user.tenantId,
        values.account,
        id,
      ]);
      if (taken) throw badRequest('当前用户已存在');
    }
    for (const [name, table, label] of [
      ['roleId', 'blade_role', '所属角色'],
      ['deptId', 'blade_dept', '所属部门'],
      ['postId', 'blade_post', '所属岗位'],
    ] as const) {
      if (values[name] === undefined || values[name] === null) continue;
      const ids = splitIds(values[name]);
      await assertOwned(tx, table, user.tenantId, ids, label);
      values[name] = ids.join(',');
    }
  },


  routes({ read, write, operation, store, services }) {
    const { db } = services;
    const base = store.schema.api;
    const list = async (c: C) => send(c, R.data(await pageOf(store, db, c.get('user'), c.req.query())));
    read(`${base}/page`, list);
    read(`${base}/list`, list);
    read(`${base}/pageV2`, list);

    // A read, though it is a POST: the ids travel in the body (spec §7).
    read(
      `${base}/batchQueryUserInfo`,
      async (c) => {
        const { userIds: ids } = parseWith(userIdsBody, await jsonBody(c.req.raw));
        return send(c, R.data(await decorateMembers(db, c.get('user').tenantId, await store.byIds(c.get('user'), ids))));
      },
      'POST',
    );

    const detailOf = async (c: C) => {
      const id = c.req.query('id') ?? c.req.query('userId');
      if (!id) throw badRequest(`${MSG.missingParam}: id`);
      const row = await store.detail(c.get('user'), id);
      if (!row) throw badRequest('数据不存在');
      const [decorated] = await decorate(db, c.get('user').tenantId, [row]);
      return decorated;
    };
    read(`${base}/detail`, async (c) => send(c, R.data(await detailOf(c))));
    read(`${base}/platform-detail`, async (c) => {
      const row = await detailOf(c);
      return send(c, R.data({ ...row, userExt: row.userExt ?? '' }));
    });

    // Nobody removes their own account (checked before anything else); the removal ends the users' sessions.
    write(`${base}/remove`, 'delete', async (c) => {
      const user = c.get('user');
      const ids = idList(c.req.query('ids'));
      if (ids.includes(user.userId)) throw badRequest('不能删除本账号!');
      const removed = await store.remove(user, ids);
      return send(c, R.status(removed > 0));
    });

    // BladeX `update`: an edit by id (the password stays as it is).
    write(`${base}/update`, 'edit', async (c) => {
      const body = await jsonBody(c.req.raw);
      if (typeof body !== 'object' || body === null || Array.isArray(body) || !(body as Row).id) throw badRequest(`${MSG.missingParam}: id`);
      const saved = await store.submit(c.get('user'), body);
      return send(c, R.status(saved !== undefined));
    });

    operation('role', async (c) => {
      const user = c.get('user');
      const params = await paramsOf(c);
      const userIds = idsParam(params, 'userIds');
      const roleIds = idsParam(params, 'roleIds');
      // Only roles of the caller's own tenant may be granted.
      await assertOwned(db, 'blade_role', user.tenantId, roleIds, '角色');
      const updated = await db.query(
        `UPDATE blade_user SET role_id = $1, update_user = $2, update_time = $3
         WHERE id = ANY(string_to_array($4, ',')::bigint[]) AND tenant_id = $5 AND is_deleted = 0 RETURNING id`,
        [roleIds.join(','), isIdText(user.userId) ? user.userId : null, formatDateTime(new Date()), userIds.join(','), user.tenantId],
      );
      return send(c, R.status(updated.length > 0));
    });

    operation('reset-password', async (c) => {
      const user = c.get('user');
      const userIds = idsParam(await paramsOf(c), 'userIds');
      const hash = await hashPlainPassword(await initPasswordOf(db, user.tenantId));
      // The password change ends the users' sessions (database trigger); said here as well for the reader.
      const updated = await db.query<{ id: string }>(
        `UPDATE blade_user SET password = $1, update_user = $2, update_time = $3
         WHERE id = ANY(string_to_array($4, ',')::bigint[]) AND tenant_id = $5 AND is_deleted = 0 RETURNING id::text AS id`,
        [hash, isIdText(user.userId) ? user.userId : null, formatDateTime(new Date()), userIds.join(','), user.tenantId],
      );
      for (const row of updated) await revokeUserSessions(db, row.id);
      return send(c, R.status(updated.length > 0));
    });

    operation('platform', async (c) => {
      const user = c.get('user');
      const { userId, userType, userExt } = parseWith(platformBody, await paramsOf(c));
      const updated = await db.query(
        `UPDATE blade_user SET user_type = $1, user_ext = $2, update_user = $3, update_time = $4
         WHERE id = $5 AND tenant_id = $6 AND is_deleted = 0 RETURNING id`,
        [userType, userExt, isIdText(user.userId) ? user.userId : null, formatDateTime(new Date()), userId, user.tenantId],
      );
      return send(c, R.status(updated.length > 0));
    });

    read(`${base}/export-template`, async () => templateResponse('用户数据模板.xlsx', IMPORT_COLUMNS));

    operation('export', async (c) => {
      const user = c.get('user');
      const query = c.req.query();
      const paths = new Map((await deptPathsOf(db, user.tenantId)).map((dept) => [dept.id, dept.path]));
      const rows = pagesOf(async (offset, limit) => {
        const page = await pageOf(store, db, user, { ...query, current: String(offset / limit + 1), size: String(limit) });
        return (page.records as Row[]).map((row) => ({ ...row, deptPath: splitIds(row.deptId).flatMap((id) => paths.get(id) ?? []).join(',') }));
      }, 500);
      return xlsxResponse(`用户数据${formatDateTime(new Date()).slice(0, 10)}.xlsx`, EXPORT_COLUMNS, rows);
    });

    operation('import', (c) => importGate.run(c, c.get('user').tenantId, async () => {
      const user = c.get('user');
      const covered = c.req.query('isCovered') === '1';
      const file = await receiveXlsx(c);
      const byName = async (table: 'blade_role' | 'blade_dept' | 'blade_post', column: string) => {
        const rows = await db.query<{ id: string; name: string }>(
          `SELECT id::text AS id, ${column} AS name FROM ${table} WHERE tenant_id = $1 AND is_deleted = 0`,
          [user.tenantId],
        );
        return new Map(rows.map((row) => [row.name, row.id]));
      };
      const [roles, posts] = await Promise.all([byName('blade_role', 'role_name'), byName('blade_post', 'post_name')]);
      const deptOf = deptResolver(await deptPathsOf(db, user.tenantId));
      const types = await db.cachedQuery<{ dict_key: string; dict_value: string }>(
        "SELECT dict_key, dict_value FROM blade_dict WHERE code = 'user_type' AND parent_id > 0 AND is_deleted = 0",
      );
      const initPassword = await initPasswordOf(db, user.tenantId);
      const errors: { row: number; column: string; message: string; text: string }[] = [];
      const bodies: { row: number; body: Row; existing?: string }[] = [];
      const seen = new Map<string, number>();
      for await (const sheetRow of readXlsxRows(file.bytes, IMPORT_COLUMNS)) {
        const rowErrors = [...sheetRow.errors];
        const fail = (column: string, message: string) => rowErrors.push({ row: sheetRow.row, column, message, text: cellErrorText(sheetRow.row, column, message) });
        const v = sheetRow.values as Record<string, string | undefined>;
        const namesToIds = (text: string | undefined, map: Map<string, string>, column: string) => {
          const ids: string[] = [];
          for (const name of (text ?? '').split(/[,，]/).map((part) => part.trim()).filter(Boolean)) {
            const found = map.get(name);
            if (found) ids.push(found);
            else fail(column, `「${name}」不存在`);
          }
          return ids.join(',');
        };
        const deptIds = () => {
          const ids: string[] = [];
          for (const text of (v.deptName ?? '').split(/[,，]/).map((part) => part.trim()).filter(Boolean)) {
            const resolved = deptOf(text);
            if ('id' in resolved) ids.push(resolved.id);
            else fail('所属部门', resolved.problem);
          }
          return ids.join(',');
        };
        const body: Row = {
          account: v.account,
          name: v.name,
          realName: v.realName,
          phone: v.phone === undefined ? undefined : String(v.phone),
          email: v.email,
          roleId: namesToIds(v.roleName, roles, '所属角色'),
          deptId: deptIds(),
          postId: namesToIds(v.postName, posts, '所属岗位'),
        };
        if (v.userType !== undefined) {
          const type = types.find((item) => item.dict_value === String(v.userType) || item.dict_key === String(v.userType));
          if (type) body.userType = Number(type.dict_key);
          else fail('用户平台', `「${v.userType}」不存在`);
        }
        const account = typeof v.account === 'string' ? v.account.trim() : '';
        if (account) {
          const first = seen.get(account);
          if (first !== undefined) fail('登录账号', `与第${first}行的登录账号重复`);
          else seen.set(account, sheetRow.row);
        }
        let existing: string | undefined;
        if (rowErrors.length === 0 && account) {
          const [found] = await db.query<{ id: string }>(
            'SELECT id::text AS id FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0',
            [user.tenantId, account],
          );
          existing = found?.id;
          try {
            if (existing) {
              if (covered) await store.validate(user, { ...body, password: initPassword, password2: initPassword, account: `${account}` }).catch((error: unknown) => {
                // The account itself is taken by the row being overwritten: not a problem of this row.
                if (!(error instanceof BladeError && error.message === '当前用户已存在')) throw error;
              });
            } else {
              await store.validate(user, { ...body, password: initPassword, password2: initPassword });
            }
          } catch (error) {
            if (!(error instanceof BladeError)) throw error;
            fail(columnOfMessage(error.message), error.message);
          }
        }
        if (rowErrors.length > 0) errors.push(...rowErrors);
        else bodies.push({ row: sheetRow.row, body, existing });
      }
      if (errors.length > 0) {
        throw badRequest(errors.slice(0, 50).map((error) => error.text).join('\n'));
      }
      let imported = 0;
      let skipped = 0;
      const added = bodies.filter((item) => !item.existing).length;
      await assertQuota(db, user.tenantId, added);
      for (const item of bodies) {
        if (item.existing && !covered) {
          skipped += 1;
          continue;
        }
        const body = item.existing ? { ...item.body, id: item.existing } : { ...item.body, password: initPassword, password2: initPassword };
        if (await store.submit(user, body)) imported += 1;
      }
      return send(c, R.data({ total: bodies.length, imported, skipped }));
    }));
  },
};
