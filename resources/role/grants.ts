import { ADMIN_TENANT, isAdministrator, type BladeUser } from '../../server/blade/context';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText, nextId } from '../../server/blade/ids';
import { SCOPE_CATEGORY } from '../../server/blade/role-scopes';
import { scopedWhere, tenantWhere } from '../../server/blade/scope';
import type { Db } from '../../server/db/types';

/**
 * What a role may be granted (menus and buttons, data scopes, API scopes) and the grant itself. What is offered is
 * what the caller may hand on: the administrator everything, others only the menus their own roles hold; a tenant
 * whose `package_id` names a package only that package's menus (the administrator tenant is never limited).
 */

export interface GrantNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children?: GrantNode[];
}

interface MenuRow {
  id: string;
  parent_id: string;
  name: string | null;
  category: number;
  sort: number | null;
  code: string | null;
}

interface ScopeRow {
  id: string;
  menu_id: string | null;
  scope_name: string | null;
}

const idsParam = (ids: Iterable<string>) => [...ids].join(',');
/** The `n`th parameter, a comma list, as an array. */
const LIST = (n: number) => `string_to_array($${n}, ',')`;
const roleIdsOf = (user: BladeUser) => user.roleId.split(',').filter(isIdText);

/** Live menus by id. */
async function allMenus(db: Db): Promise<Map<string, MenuRow>> {
  const rows = await db.cachedQuery<MenuRow>(
    'SELECT id::text AS id, parent_id::text AS parent_id, name, category, sort, code FROM blade_menu WHERE is_deleted = 0 ORDER BY sort, id',
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The menu ids of the caller's tenant package, or undefined when the tenant is not limited. */
export async function packageMenuIds(db: Db, tenantId: string): Promise<Set<string> | undefined> {
  if (tenantId === ADMIN_TENANT) return undefined;
  const tenant = tenantWhere(tenantId, { alias: 't' });
  const [row] = await db.cachedQuery<{ menu_id: string | null }>(
    `SELECT p.menu_id FROM blade_tenant t JOIN blade_tenant_package p ON p.id = t.package_id AND p.is_deleted = 0
     WHERE ${tenant.where}`,
    tenant.values,
  );
  if (!row) return undefined;
  return new Set((row.menu_id ?? '').split(',').map((id) => id.trim()).filter(isIdText));
}

/**
 * The menu ids the caller may grant: the package's menus (and buttons under a package menu), intersected with the
 * caller's own menus unless they are the administrator; plus the ancestors of each, so groups can be checked.
 */
export async function grantableMenuIds(db: Db, user: BladeUser): Promise<Set<string>> {
  const menus = await allMenus(db);
  let allowed = new Set(menus.keys());
  const inPackage = await packageMenuIds(db, user.tenantId);
  if (inPackage) {
    allowed = new Set(
      [...menus.values()]
        .filter((menu) => inPackage.has(menu.id) || (menu.category === 2 && inPackage.has(menu.parent_id)))
        .map((menu) => menu.id),
    );
  }
  if (!isAdministrator(user)) {
    const own = await db.cachedQuery<{ menu_id: string }>(
      `SELECT DISTINCT menu_id::text AS menu_id FROM blade_role_menu WHERE role_id = ANY(string_to_array($1, ',')::bigint[])`,
      [idsParam(roleIdsOf(user))],
    );
    const mine = new Set(own.map((row) => row.menu_id));
    allowed = new Set([...allowed].filter((id) => mine.has(id)));
  }
  const withAncestors = new Set<string>();
  for (const id of allowed) {
    for (let menu = menus.get(id); menu && !withAncestors.has(menu.id); menu = menus.get(menu.parent_id)) withAncestors.add(menu.id);
  }
  return withAncestors;
}

function nest(nodes: GrantNode[]): GrantNode[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const roots: GrantNode[] = [];
  for (const node of nodes) {
    const parent = byId.get(node.parentId);
    if (parent && parent !== node) {
      (parent.children ??= []).push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

const node = (id: string, parentId: string, title: string | null): GrantNode => ({
  id,
  parentId,
  title: title ?? '',
  key: id,
  value: id,
  hasChildren: false,
});

/** Live scopes of the caller's tenant on grantable menus. */
async function grantableScopes(db: Db, user: BladeUser, table: 'blade_scope_data' | 'blade_scope_api', menuIds: Set<string>) {
  const scope = scopedWhere(user, {});
  const rows = await db.cachedQuery<ScopeRow>(
    `SELECT id::text AS id, menu_id::text AS menu_id, scope_name FROM ${table}
     WHERE ${scope.where} ORDER BY create_time, id`,
    scope.values,
  );
  return rows.filter((row) => row.menu_id !== null && menuIds.has(row.menu_id));
}

/** A tree of the menus that hold scopes (with their ancestors), each scope a leaf under its menu. */
function scopeTree(menus: Map<string, MenuRow>, scopes: ScopeRow[]): GrantNode[] {
  const shown = new Map<string, MenuRow>();
  for (const scope of scopes) {
    for (let menu = menus.get(scope.menu_id!); menu && !shown.has(menu.id); menu = menus.get(menu.parent_id)) shown.set(menu.id, menu);
  }
  const menuNodes = [...menus.values()].filter((menu) => shown.has(menu.id)).map((menu) => node(menu.id, menu.parent_id, menu.name));
  return nest([...menuNodes, ...scopes.map((scope) => node(scope.id, scope.menu_id!, scope.scope_name))]);
}

/** `menu/grant-tree`: `{menu, dataScope, apiScope}`. */
export async function grantTree(db: Db, user: BladeUser) {
  const menus = await allMenus(db);
  const allowed = await grantableMenuIds(db, user);
  const menuNodes = [...menus.values()].filter((menu) => allowed.has(menu.id)).map((menu) => node(menu.id, menu.parent_id, menu.name));
  return {
    menu: nest(menuNodes),
    dataScope: scopeTree(menus, await grantableScopes(db, user, 'blade_scope_data', allowed)),
    apiScope: scopeTree(menus, await grantableScopes(db, user, 'blade_scope_api', allowed)),
  };
}

/** An id list sent as an array or a comma list; every entry must be an id. */
export function idsOfBody(value: unknown, field: string): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : undefined;
  if (!list) throw badRequest(`${MSG.paramType}: ${field}`);
  const ids = list.map((id) => String(id).trim()).filter((id) => id !== '');
  if (!ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ${field}`);
  if (ids.length > 5000) throw badRequest(`${MSG.paramInvalid}: ${field}`);
  return [...new Set(ids)];
}

/** The caller's tenant's live roles among `ids`; any other id is refused naming the field. */
export async function assertOwnRoles(db: Db, user: BladeUser, ids: string[], field = 'roleIds'): Promise<void> {
  if (ids.length === 0) throw badRequest(`${MSG.missingParam}: ${field}`);
  const scope = scopedWhere(user, {}, "id = ANY(string_to_array($1, ',')::bigint[])", [idsParam(ids)]);
  const rows = await db.query<{ id: string }>(`SELECT id::text AS id FROM blade_role WHERE ${scope.where}`, scope.values);
  if (rows.length !== ids.length) throw badRequest(`角色不存在: ${field}`);
}

/** `menu/role-tree-keys`: what the roles hold, by tree. */
export async function roleTreeKeys(db: Db, user: BladeUser, roleIds: string[]) {
  await assertOwnRoles(db, user, roleIds);
  const menus = await db.cachedQuery<{ id: string }>(
    `SELECT DISTINCT rm.menu_id::text AS id FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0
     WHERE rm.role_id = ANY(string_to_array($1, ',')::bigint[]) ORDER BY 1`,
    [idsParam(roleIds)],
  );
  const scopes = await db.cachedQuery<{ id: string; category: number }>(
    `SELECT DISTINCT rs.scope_id::text AS id, rs.scope_category AS category FROM blade_role_scope rs
     LEFT JOIN blade_scope_data d ON rs.scope_category = ${SCOPE_CATEGORY.data} AND d.id = rs.scope_id AND d.is_deleted = 0
     LEFT JOIN blade_scope_api a ON rs.scope_category = ${SCOPE_CATEGORY.api} AND a.id = rs.scope_id AND a.is_deleted = 0
     WHERE rs.role_id = ANY(string_to_array($1, ',')::bigint[]) AND (d.id IS NOT NULL OR a.id IS NOT NULL) ORDER BY 1`,
    [idsParam(roleIds)],
  );
  return {
    menu: menus.map((row) => row.id),
    dataScope: scopes.filter((row) => row.category === SCOPE_CATEGORY.data).map((row) => row.id),
    apiScope: scopes.filter((row) => row.category === SCOPE_CATEGORY.api).map((row) => row.id),
  };
}

export interface GrantBody {
  roleIds: string[];
  menuIds: string[];
  dataScopeIds: string[];
  apiScopeIds: string[];
}

/** Refuses, naming them, menus outside what the caller may grant (grantableMenuIds); answers that set. */
export async function assertGrantableMenus(db: Db, user: BladeUser, menuIds: string[]): Promise<Set<string>> {
  const allowed = await grantableMenuIds(db, user);
  const outside = menuIds.filter((id) => !allowed.has(id));
  if (outside.length > 0) {
    const inPackage = await packageMenuIds(db, user.tenantId);
    const menus = await allMenus(db);
    const names = outside.slice(0, 3).map((id) => menus.get(id)?.name ?? id).join('、');
    throw badRequest(inPackage ? `菜单不在租户产品包内，不能授权: ${names}` : `菜单不可授权: ${names}`);
  }
  return allowed;
}

/**
 * `role/grant`: replaces the roles' menus and scopes in one transaction. A menu outside what the caller may grant
 * (the tenant package, the caller's own menus) is refused; scope ids must be scopes of the tenant on such menus
 * (menu ids sent along from a half-checked scope tree are ignored).
 */
export async function grant(db: Db, user: BladeUser, body: GrantBody): Promise<void> {
  await assertOwnRoles(db, user, body.roleIds);
  const allowed = await assertGrantableMenus(db, user, body.menuIds);
  const scopeIdsOf = async (table: 'blade_scope_data' | 'blade_scope_api', ids: string[], field: string) => {
    if (ids.length === 0) return [];
    const scopes = await grantableScopes(db, user, table, allowed);
    const known = new Set(scopes.map((scope) => scope.id));
    const picked = ids.filter((id) => known.has(id));
    const unknown = ids.filter((id) => !known.has(id) && !allowed.has(id));
    if (unknown.length > 0) throw badRequest(`${MSG.paramInvalid}: ${field}`);
    return picked;
  };
  const dataScopes = await scopeIdsOf('blade_scope_data', body.dataScopeIds, 'dataScopeIds');
  const apiScopes = await scopeIdsOf('blade_scope_api', body.apiScopeIds, 'apiScopeIds');
  const roles = idsParam(body.roleIds);
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM blade_role_menu WHERE role_id = ANY(string_to_array($1, ',')::bigint[])`, [roles]);
    await tx.query(`DELETE FROM blade_role_scope WHERE role_id = ANY(string_to_array($1, ',')::bigint[])`, [roles]);
    const menuPairs = body.roleIds.flatMap((roleId) => body.menuIds.map((menuId) => [nextId(), menuId, roleId]));
    if (menuPairs.length > 0) {
      await tx.query(
        `INSERT INTO blade_role_menu (id, menu_id, role_id)
         SELECT * FROM unnest(${LIST(1)}::bigint[], ${LIST(2)}::bigint[], ${LIST(3)}::bigint[])`,
        [0, 1, 2].map((column) => menuPairs.map((pair) => pair[column]).join(',')),
      );
    }
    const scopeRows = body.roleIds.flatMap((roleId) => [
      ...dataScopes.map((scopeId) => [nextId(), SCOPE_CATEGORY.data, scopeId, roleId] as const),
      ...apiScopes.map((scopeId) => [nextId(), SCOPE_CATEGORY.api, scopeId, roleId] as const),
    ]);
    if (scopeRows.length > 0) {
      await tx.query(
        `INSERT INTO blade_role_scope (id, scope_category, scope_id, role_id)
         SELECT * FROM unnest(${LIST(1)}::bigint[], ${LIST(2)}::int[], ${LIST(3)}::bigint[], ${LIST(4)}::bigint[])`,
        [0, 1, 2, 3].map((column) => scopeRows.map((row) => row[column]).join(',')),
      );
    }
  });
}
