import type { BladeUser } from '../../server/blade/context';
import { ADMINISTRATOR_ROLE } from '../../server/blade/context';
import { isIdText, nextId } from '../../server/blade/ids';
import { SqlParams } from '../../server/blade/query';
import { scopedRows, tenantWhere } from '../../server/blade/scope';
import type { Db } from '../../server/db/types';
import type { ResourceSchema } from '../types';

/**
 * Which menus a tenant's roles may hold: every menu, or only its package's. Screens that only the administrator tenant
 * may use (tenants, clients, packages, datasources) are never granted to another tenant.
 */

interface MenuRow {
  id: string;
  parent_id: string;
  code: string | null;
}

const adminTenantOnlyCodes = (schemas: readonly ResourceSchema[]) =>
  new Set(schemas.filter((schema) => schema.adminTenantOnly).map((schema) => schema.permissionCode));
/**
 * Rows shared by every tenant (dictionaries, menus, regions) are written from the administrator tenant only: other
 * tenants read them, so they get those screens without their add, edit and delete buttons.
 */
const sharedWriteButtons = (schemas: readonly ResourceSchema[]) =>
  new Set(
    schemas
      .filter((schema) => !schema.tenantScoped && !schema.adminTenantOnly)
      .flatMap((schema) => ['add', 'edit', 'delete'].map((alias) => `${schema.permissionCode}_${alias}`)),
  );

/** Live menus (screens, groups and buttons), through the read seam (menus are shared by every tenant). */
export async function liveMenus(db: Db, user: BladeUser): Promise<MenuRow[]> {
  const params = new SqlParams();
  return db.query<MenuRow>(
    `SELECT id::text AS id, parent_id::text AS parent_id, code FROM blade_menu
     WHERE ${scopedRows(user, params, { tenantScoped: false }).join(' AND ')} ORDER BY sort, id`,
    params.values,
  );
}

/**
 * Menus a tenant other than the administrator tenant may be given: all but the administrator tenant's own screens and
 * the write buttons of shared rows.
 */
export function grantableMenus(menus: MenuRow[], schemas: readonly ResourceSchema[]): MenuRow[] {
  const byId = new Map(menus.map((menu) => [menu.id, menu]));
  const adminOnly = adminTenantOnlyCodes(schemas);
  const sharedWrites = sharedWriteButtons(schemas);
  const excluded = (menu: MenuRow | undefined): boolean =>
    menu !== undefined && (adminOnly.has(menu.code ?? '') || sharedWrites.has(menu.code ?? '') || excluded(byId.get(menu.parent_id)));
  return menus.filter((menu) => !excluded(menu));
}

/** Comma-joined menu ids → the ids that name live menus; unknown ids are refused. */
export function parseMenuIds(text: string, menus: MenuRow[]): string[] {
  const ids = [...new Set(text.split(',').map((id) => id.trim()).filter((id) => id !== ''))];
  const known = new Set(menus.map((menu) => menu.id));
  if (!ids.every((id) => isIdText(id) && known.has(id))) throw new Error('unknown menu');
  return ids;
}

/** The menus of a package with their ancestors (a checked button brings its screen and group into the routes). */
export function closureOf(menuIds: readonly string[], menus: MenuRow[]): Set<string> {
  const byId = new Map(menus.map((menu) => [menu.id, menu]));
  const closed = new Set<string>();
  for (const id of menuIds) {
    for (let menu = byId.get(id); menu && !closed.has(menu.id); menu = byId.get(menu.parent_id)) closed.add(menu.id);
  }
  return closed;
}

/** The menus a tenant with `packageId` (or none) may hold. */
export async function allowedMenusOf(tx: Db, user: BladeUser, packageId: string | null, schemas: readonly ResourceSchema[]): Promise<Set<string>> {
  const menus = grantableMenus(await liveMenus(tx, user), schemas);
  if (!packageId) return new Set(menus.map((menu) => menu.id));
  const params = new SqlParams();
  const [pack] = await tx.query<{ menu_id: string | null }>(
    `SELECT menu_id FROM blade_tenant_package WHERE id = ${params.add(packageId)} AND ${scopedRows(user, params, { tenantScoped: false }).join(' AND ')}`,
    params.values,
  );
  const ids = (pack?.menu_id ?? '').split(',').filter((id) => isIdText(id));
  return closureOf(ids, menus);
}

export async function grantMenus(tx: Db, roleId: string, menuIds: Iterable<string>) {
  const ids = [...menuIds];
  if (ids.length === 0) return;
  await tx.query(
    `INSERT INTO blade_role_menu (id, menu_id, role_id)
     SELECT grant_id, menu_id, $1::bigint
     FROM unnest(string_to_array($2, ',')::bigint[], string_to_array($3, ',')::bigint[]) AS g(grant_id, menu_id)
     ON CONFLICT (role_id, menu_id) DO NOTHING`,
    [roleId, ids.map(() => nextId()).join(','), ids.join(',')],
  );
}

/**
 * A tenant's package changed: its roles keep only the package's menus, and its administrator role holds all of them.
 * Without a package the administrator role holds every menu a tenant may have and nothing is taken away.
 */
export async function limitTenantGrants(tx: Db, user: BladeUser, tenantCode: string, packageId: string | null, schemas: readonly ResourceSchema[]) {
  const allowed = await allowedMenusOf(tx, user, packageId, schemas);
  const scope = tenantWhere(tenantCode, {});
  const roles = await tx.query<{ id: string; role_alias: string | null }>(`SELECT id::text AS id, role_alias FROM blade_role WHERE ${scope.where}`, scope.values);
  if (roles.length === 0) return;
  if (packageId) {
    await tx.query(
      `DELETE FROM blade_role_menu WHERE role_id = ANY(string_to_array($1, ',')::bigint[])
       AND NOT (menu_id = ANY(string_to_array($2, ',')::bigint[]))`,
      [roles.map((role) => role.id).join(','), [...allowed].join(',') || '0'],
    );
  }
  for (const role of roles.filter((candidate) => candidate.role_alias === ADMINISTRATOR_ROLE)) await grantMenus(tx, role.id, allowed);
}
