import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { nest } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { SqlParams } from '../../server/blade/query';
import { scopedRows } from '../../server/blade/scope';
import { serializeColumns } from '../../server/blade/serializer';
import { grantableMenus, limitTenantGrants, liveMenus, parseMenuIds } from '../tenant/grants';
import { tenantPackageSchema } from './schema';

const MENU_TYPES = { id: 'id', parent_id: 'id', name: 'string', code: 'string', category: 'int', sort: 'int' } as const;

type Node = Record<string, unknown> & { children?: Node[] };

const withHasChildren = (nodes: Node[]): Node[] =>
  nodes.map((node) => ({ ...node, hasChildren: (node.children?.length ?? 0) > 0, ...(node.children ? { children: withHasChildren(node.children) } : {}) }));

/**
 * The menu ids of a package must name live menus a tenant may have; editing a package re-limits the grants of every
 * tenant that has it.
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, user, values, registry }) {
    if (typeof values.menuId !== 'string') return;
    const menus = grantableMenus(await liveMenus(tx, user), registry.schemas);
    try {
      values.menuId = parseMenuIds(values.menuId, menus).join(',');
    } catch {
      throw badRequest('菜单不存在');
    }
  },

  async afterWrite({ tx, user, id, isInsert, values, registry }) {
    if (isInsert || !Object.hasOwn(values, 'menuId')) return;
    const params = new SqlParams();
    const tenants = await tx.query<{ tenant_id: string }>(
      `SELECT tenant_id FROM blade_tenant WHERE package_id = ${params.add(id)} AND ${scopedRows(user, params, { tenantScoped: false }).join(' AND ')}`,
      params.values,
    );
    for (const tenant of tenants) await limitTenantGrants(tx, user, tenant.tenant_id, id, registry.schemas);
  },

  routes(routes) {
    // The menus a package may hold, as a BladeX tree (screens with their buttons) for the package form's checkboxes.
    routes.read(`${tenantPackageSchema.api}/menu-tree`, async (c) => {
      const user = c.get('user');
      const params = new SqlParams();
      const rows = await routes.services.db.cachedQuery<Record<string, unknown>>(
        `SELECT id, parent_id, name, code, category, sort FROM blade_menu WHERE ${scopedRows(user, params, { tenantScoped: false }).join(' AND ')}
         ORDER BY sort, id`,
        params.values,
      );
      const allowed = new Set(grantableMenus(await liveMenus(routes.services.db, user), routes.services.registry.schemas).map((menu) => menu.id));
      const nodes = rows.filter((row) => allowed.has(String(row.id))).map((row) => serializeColumns(row, MENU_TYPES));
      return send(c, R.data(withHasChildren(nest(nodes, 'parentId', 'name') as Node[])));
    });
  },
};
