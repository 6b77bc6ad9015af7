import type { BladeUser } from '../../server/blade/context';
import type { ResourceStore } from '../../server/blade/crud';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { SqlParams } from '../../server/blade/query';
import { scopedWhere, tenantRows, tenantWhere } from '../../server/blade/scope';
import type { Db } from '../../server/db/types';
import { PARAM } from '../../server/db/seed-data/settings';
import { FAILURE_WINDOW_MS, MAX_FAILURES } from '../../server/users/lockout';
import { ruleMessages } from '../validation';

/** What the user screen's reads and operations look up: names behind ids, departments, quota, the initial password. */

type Row = Record<string, unknown>;

/** BladeX's default password of a reset, unless the tenant's parameter `account.initPassword` names another. */
const DEFAULT_PASSWORD = PARAM.initPassword.fallback;
const QUOTA_REACHED = '当前租户已到最大账号额度!';

export const splitIds = (text: unknown) => String(text ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');

/** The names of comma-joined ids of a tenant's table, in the ids' order, comma-joined. */
async function namesOf(db: Db, table: 'blade_role' | 'blade_dept' | 'blade_post', column: string, tenantId: string, ids: string[]) {
  if (ids.length === 0 || !ids.every(isIdText)) return new Map<string, string>();
  const scope = tenantWhere(tenantId, {}, "id = ANY(string_to_array($1, ',')::bigint[])", [ids.join(',')]);
  const rows = await db.cachedQuery<{ id: string; name: string }>(`SELECT id::text AS id, ${column} AS name FROM ${table} WHERE ${scope.where}`, scope.values);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Every department of a tenant with its full path of names from the root (`管理组/测试部`). */
export async function deptPathsOf(db: Db, tenantId: string): Promise<{ id: string; name: string; path: string }[]> {
  const scope = tenantWhere(tenantId, {});
  const rows = await db.query<{ id: string; parent_id: string; name: string }>(
    `SELECT id::text AS id, parent_id::text AS parent_id, dept_name AS name FROM blade_dept WHERE ${scope.where}`,
    scope.values,
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
export function deptResolver(depts: { id: string; name: string; path: string }[]) {
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
export async function decorate(db: Db, tenantId: string, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const all = (key: string) => [...new Set(rows.flatMap((row) => splitIds(row[key])))];
  const [roles, depts, posts] = await Promise.all([
    namesOf(db, 'blade_role', 'role_name', tenantId, all('roleId')),
    namesOf(db, 'blade_dept', 'dept_name', tenantId, all('deptId')),
    namesOf(db, 'blade_post', 'post_name', tenantId, all('postId')),
  ]);
  const attempts = tenantWhere(tenantId, { noLogicalDelete: true }, 'account = ANY($1::text[]) AND attempts >= $2 AND last_at >= $3', [
    rows.map((row) => String(row.account)),
    MAX_FAILURES,
    Date.now() - FAILURE_WINDOW_MS,
  ]);
  const locked = await db.query<{ account: string }>(`SELECT account FROM blade_login_attempt WHERE ${attempts.where}`, attempts.values);
  const lockedAccounts = new Set(locked.map((row) => row.account));
  // 所属租户 of each row (Saber shows it as a tag): the rows are the caller's to read, so are their tenants' names.
  const tenants = await db.cachedQuery<{ tenant_id: string; tenant_name: string }>('SELECT tenant_id, tenant_name FROM blade_tenant WHERE is_deleted = 0');
  const tenantNames = new Map(tenants.map((tenant) => [tenant.tenant_id, tenant.tenant_name]));
  const join = (names: Map<string, string>, ids: unknown) => splitIds(ids).flatMap((id) => names.get(id) ?? []).join(',');
  return rows.map((row) => ({
    ...row,
    tenantName: tenantNames.get(String(row.tenantId)) ?? '',
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
export async function decorateMembers(db: Db, user: BladeUser, rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const { tenantId } = user;
  const decorated = await decorate(db, tenantId, rows);
  const ofTenant = tenantWhere(tenantId, {});
  const [tenant] = await db.cachedQuery<{ name: string }>(`SELECT tenant_name AS name FROM blade_tenant WHERE ${ofTenant.where}`, ofTenant.values);
  const depts = await db.cachedQuery<{ id: string; ancestors: string | null; name: string }>(
    `SELECT id::text AS id, ancestors, dept_name AS name FROM blade_dept WHERE ${ofTenant.where}`,
    ofTenant.values,
  );
  const below = (deptIds: string[]) =>
    new Set(depts.filter((dept) => String(dept.ancestors ?? '').split(',').some((id) => deptIds.includes(id))).map((dept) => dept.id));
  const belowOf = new Map(decorated.map((row) => [String(row.id), below(splitIds(row.deptId))]));
  const childDepts = [...new Set([...belowOf.values()].flatMap((ids) => [...ids]))];
  // Child users are users the caller reads: their data scope applies.
  const childUsers = scopedWhere(user, { resource: 'user' }, "string_to_array(dept_id, ',') && $1::text[]", [childDepts]);
  const candidates = childDepts.length === 0
    ? []
    : await db.cachedQuery<{ id: string; account: string; real_name: string | null; dept_id: string | null }>(
        `SELECT id::text AS id, account, real_name, dept_id FROM blade_user WHERE ${childUsers.where} ORDER BY account LIMIT 2000`,
        childUsers.values,
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
export async function assertOwned(tx: Db, table: 'blade_role' | 'blade_dept' | 'blade_post', tenantId: string, ids: string[], label: string) {
  if (ids.length === 0) return;
  if (!ids.every(isIdText) || ids.length > 100) throw badRequest(ruleMessages.format({ label: { zh: label, en: label } }));
  const scope = tenantWhere(tenantId, {}, "id = ANY(string_to_array($1, ',')::bigint[])", [ids.join(',')]);
  const [row] = await tx.query<{ n: string }>(`SELECT count(DISTINCT id) AS n FROM ${table} WHERE ${scope.where}`, scope.values);
  if (Number(row.n) !== new Set(ids).size) throw badRequest(`${label}不存在`);
}

/** Creating a user past the tenant's `account_number` (−1 or null: unlimited) is refused. */
export async function assertQuota(tx: Db, tenantId: string, adding = 1) {
  // The quota counts every account of the tenant, whoever may see it.
  const ofTenant = tenantWhere(tenantId, {});
  const [tenant] = await tx.query<{ account_number: number | null }>(`SELECT account_number FROM blade_tenant WHERE ${ofTenant.where}`, ofTenant.values);
  const limit = tenant?.account_number;
  if (limit === null || limit === undefined || Number(limit) < 0) return;
  const [count] = await tx.query<{ n: string }>(`SELECT count(*) AS n FROM blade_user WHERE ${ofTenant.where}`, ofTenant.values);
  if (Number(count.n) + adding > Number(limit)) throw badRequest(QUOTA_REACHED);
}

/** The users of `deptId` and of every department below it. */
export function deptScope(deptId: string, tenantId: string, params: SqlParams): string {
  const id = params.add(deptId);
  return `string_to_array(t.dept_id, ',') && ARRAY(
    SELECT d.id::text FROM blade_dept d WHERE ${tenantRows(tenantId, params, { alias: 'd' }).join(' AND ')}
      AND (d.id::text = ${id} OR (',' || d.ancestors || ',') LIKE '%,' || ${id} || ',%'))`;
}

export async function initPasswordOf(db: Db, tenantId: string): Promise<string> {
  const scope = tenantWhere(tenantId, {}, 'param_key = $1', [PARAM.initPassword.key]);
  const [row] = await db.query<{ param_value: string | null }>(`SELECT param_value FROM blade_param WHERE ${scope.where} LIMIT 1`, scope.values);
  return row?.param_value?.trim() || DEFAULT_PASSWORD;
}

/** The list with `deptId` meaning "this department and those below it", names joined. */
export async function pageOf(store: ResourceStore, db: Db, user: BladeUser, query: Record<string, string>) {
  const { deptId, ...rest } = query;
  if (deptId !== undefined && deptId !== '' && !isIdText(deptId)) throw badRequest(`${MSG.paramType}: deptId`);
  const scoped = deptId ? { ...rest, [DEPT_SCOPE_KEY]: deptId } : rest;
  const page = await store.list(user, scoped);
  return { ...page, records: await decorate(db, user.tenantId, page.records as Row[]) };
}
/** Carries `deptId` to `listScope` past the generic filters (keys ending `_ignore` are not filters). */
export const DEPT_SCOPE_KEY = 'deptTree_ignore';

