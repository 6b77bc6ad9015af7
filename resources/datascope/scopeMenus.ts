import type { ResourceRoutes } from '../../server/blade/behaviour';
import { columnsOf } from '../../server/blade/model';
import { R, send } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { serializeColumns } from '../../server/blade/serializer';
import type { Db } from '../../server/db/types';
import { grantableMenuIds } from '../role/grants';
import type { ResourceSchema } from '../types';

/** The stored columns of the registered resource whose permission code is `code`; undefined when none is. */
export function columnsOfResource(schemas: readonly ResourceSchema[], code: string): string[] | undefined {
  const schema = schemas.find((candidate) => candidate.permissionCode === code);
  return schema ? columnsOf(schema).map((column) => column.column) : undefined;
}

/**
 * A scope belongs to a menu (category 1): given the menu, its code is the resource code unless one was sent; given
 * only the resource code, the menu of that code is found.
 */
export async function resolveScopeMenu(tx: Db, values: Record<string, unknown>, before: Record<string, unknown> | undefined) {
  const menuId = values.menuId === undefined || values.menuId === null || values.menuId === '' ? undefined : String(values.menuId);
  if (menuId !== undefined) {
    if (!isIdText(menuId)) throw badRequest('所属菜单不存在: menuId');
    const [menu] = await tx.query<{ code: string | null }>('SELECT code FROM blade_menu WHERE id = $1 AND category = 1 AND is_deleted = 0', [menuId]);
    if (!menu) throw badRequest('所属菜单不存在: menuId');
    if ((values.resourceCode === undefined || values.resourceCode === '') && !before?.resourceCode) values.resourceCode = menu.code;
    return;
  }
  const code = values.resourceCode;
  if (typeof code === 'string' && code !== '' && !(before?.menuId && before.menuId !== '-1')) {
    const [menu] = await tx.query<{ id: string }>('SELECT id::text AS id FROM blade_menu WHERE code = $1 AND category = 1 AND is_deleted = 0 LIMIT 1', [code]);
    if (menu) values.menuId = menu.id;
  }
}

const MENU_TYPES = { id: 'id', parent_id: 'id', code: 'string', name: 'string', path: 'string', source: 'string', sort: 'int', category: 'int' } as const;

/** `GET {api}/menu-tree`: the screens (category 1) the caller may configure scopes of, as a tree. */
export function menuTreeRoute({ read, store, services }: ResourceRoutes) {
  read(`${store.schema.api}/menu-tree`, async (c) => {
    const user = c.get('user');
    const allowed = await grantableMenuIds(services.db, user);
    const rows = await services.db.cachedQuery(
      `SELECT id, parent_id, code, name, path, source, sort, category FROM blade_menu WHERE category = 1 AND is_deleted = 0 ORDER BY sort, id`,
    );
    const nodes = rows.filter((row) => allowed.has(String(row.id))).map((row) => serializeColumns(row, MENU_TYPES) as Record<string, unknown> & { id: string; parentId: string; children?: unknown[] });
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const roots: typeof nodes = [];
    for (const node of nodes) {
      const parent = byId.get(node.parentId);
      if (parent) (parent.children ??= []).push(node);
      else roots.push(node);
    }
    return send(c, R.data(roots));
  });
}
