import type { BladeUser } from '../../blade/context';
import { badRequest, MSG } from '../../blade/errors';
import { isIdText } from '../../blade/ids';
import { SqlParams } from '../../blade/query';
import { scopedRows } from '../../blade/scope';
import { serializeColumns } from '../../blade/serializer';
import type { Db } from '../../db/types';

const MENU_TYPES = {
  id: 'id',
  parent_id: 'id',
  code: 'string',
  name: 'string',
  alias: 'string',
  path: 'string',
  source: 'string',
  sort: 'int',
  category: 'int',
  action: 'int',
  is_open: 'int',
} as const;
const MENU_COLUMNS = Object.keys(MENU_TYPES).join(', ');

interface MenuRow {
  id: string;
  parent_id: string;
  sort: number | null;
  [column: string]: unknown;
}

export interface MenuNode extends Record<string, unknown> {
  id: string;
  parentId: string;
  children?: MenuNode[];
}

const roleIdsOf = (user: BladeUser) => user.roleId.split(',').filter((id) => /^\d+$/.test(id)).join(',');
const bySort = (a: MenuRow, b: MenuRow) => (a.sort ?? 0) - (b.sort ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Nests rows under their parents (roots: parent not among the rows), sorted; leaves carry no `children`. */
function buildTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const row of [...rows].sort(bySort)) nodes.set(row.id, serializeColumns(row, MENU_TYPES) as MenuNode);
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** `menu/routes`: the role's category-1 menus plus their ancestors, optionally only those of one top menu. */
export async function routesOf(db: Db, user: BladeUser, topMenuId: string | undefined): Promise<MenuNode[]> {
  if (topMenuId !== undefined && topMenuId !== '' && !isIdText(topMenuId)) {
    throw badRequest(`${MSG.paramType}: topMenuId`);
  }
  const all = await db.cachedQuery<MenuRow>(
    `SELECT ${MENU_COLUMNS} FROM blade_menu WHERE category = 1 AND is_deleted = 0`,
  );
  // A top menu narrows the menus to its own, and only a live top menu of the caller's tenant does.
  const params = new SqlParams();
  const roles = params.add(roleIdsOf(user));
  const top = params.add(topMenuId ?? '');
  const topScope = scopedRows(user, params, { alias: 'tm' }).join(' AND ');
  const granted = await db.cachedQuery<{ menu_id: string }>(
    `SELECT DISTINCT rm.menu_id FROM blade_role_menu rm
     WHERE rm.role_id = ANY(string_to_array(${roles}, ',')::bigint[])
       AND (${top} = '' OR rm.menu_id IN (
         SELECT s.menu_id FROM blade_top_menu_setting s JOIN blade_top_menu tm ON tm.id = s.top_menu_id
         WHERE s.top_menu_id = NULLIF(${top}, '')::bigint AND ${topScope}))`,
    params.values,
  );
  const byId = new Map(all.map((row) => [row.id, row]));
  const chosen = new Map<string, MenuRow>();
  for (const { menu_id } of granted) {
    // Walk up to the root so every granted menu is reachable in the tree.
    for (let row = byId.get(menu_id); row && !chosen.has(row.id); row = byId.get(row.parent_id)) {
      chosen.set(row.id, row);
    }
  }
  return buildTree([...chosen.values()]);
}

/** `menu/buttons`: each menu that holds granted buttons, with those buttons as children. */
export async function buttonsOf(db: Db, user: BladeUser): Promise<MenuNode[]> {
  const buttons = await db.cachedQuery<MenuRow>(
    `SELECT ${MENU_COLUMNS} FROM blade_menu
     WHERE category = 2 AND is_deleted = 0 AND id IN (
       SELECT menu_id FROM blade_role_menu WHERE role_id = ANY(string_to_array($1, ',')::bigint[]))`,
    [roleIdsOf(user)],
  );
  if (buttons.length === 0) return [];
  const parents = await db.cachedQuery<MenuRow>(
    `SELECT ${MENU_COLUMNS} FROM blade_menu WHERE is_deleted = 0 AND id = ANY(string_to_array($1, ',')::bigint[])`,
    [[...new Set(buttons.map((button) => button.parent_id))].join(',')],
  );
  return buildTree([...parents, ...buttons]).filter((node) => node.children);
}

const TOP_MENU_TYPES = { id: 'id', code: 'string', name: 'string', source: 'string', path: 'string', sort: 'int' } as const;

/**
 * `menu/top-menu`: the tenant's top menus that hold a screen the caller's roles were granted (a category-1 menu
 * without category-1 children): a top menu without one would open an empty sidebar.
 */
export async function topMenusOf(db: Db, user: BladeUser): Promise<Record<string, unknown>[]> {
  const params = new SqlParams();
  const roles = params.add(roleIdsOf(user));
  const scope = scopedRows(user, params, { alias: 'tm' }).join(' AND ');
  const rows = await db.cachedQuery(
    `SELECT tm.id, tm.code, tm.name, tm.source, tm.path, tm.sort FROM blade_top_menu tm
     WHERE ${scope} AND EXISTS (
       SELECT 1 FROM blade_top_menu_setting s
       JOIN blade_role_menu rm ON rm.menu_id = s.menu_id
       JOIN blade_menu m ON m.id = s.menu_id AND m.category = 1 AND m.is_deleted = 0
       WHERE s.top_menu_id = tm.id AND rm.role_id = ANY(string_to_array(${roles}, ',')::bigint[])
         AND NOT EXISTS (SELECT 1 FROM blade_menu child WHERE child.parent_id = m.id AND child.category = 1 AND child.is_deleted = 0))
     ORDER BY tm.sort, tm.id`,
    params.values,
  );
  return rows.map((row) => serializeColumns(row, TOP_MENU_TYPES));
}
