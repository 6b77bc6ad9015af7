import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { idList } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText, nextId } from '../../server/blade/ids';
import { SqlParams } from '../../server/blade/query';
import { scopedRows } from '../../server/blade/scope';
import { idListField } from '../../server/blade/operation';
import { menuRows, menuTreeNodes } from '../menu/server';
import { assertGrantableMenus, grantableMenuIds } from '../role/grants';
import { createResourceStore } from '../../server/blade/crud';

const grantBody = z.object({
  topMenuIds: idListField('顶部菜单编号', { max: 2000, allowEmpty: true }).refine((list) => list.length > 0, { error: '请选择顶部菜单' }),
  menuIds: idListField('菜单编号', { max: 2000, allowEmpty: true }),
});

/**
 * `topmenu/grant` (菜单配置): the menus of the given top menus, replaced in one transaction. `menu/grant-top-tree`
 * is the menu tree to pick from (the menus the tenant's package allows), `menu/top-tree-keys?topMenuIds=` the menus
 * a top menu holds now. Only the caller's tenant's top menus are read or written.
 */
export const behaviour: ResourceBehaviour = {
  async beforeRemove({ tx, user, ids: removed }) {
    // The settings of a removed top menu go with it.
    const params = new SqlParams();
    await tx.query(
      `DELETE FROM blade_top_menu_setting WHERE top_menu_id IN (
         SELECT id FROM blade_top_menu WHERE id = ANY(string_to_array(${params.add(removed.join(','))}, ',')::bigint[])
         AND ${scopedRows(user, params).join(' AND ')})`,
      params.values,
    );
  },

  routes({ operation, read, services }) {
    const { db } = services;
    const menuStore = createResourceStore(db, services.registry, services.registry.schemaByName('menu')!);

    operation('setting', { body: grantBody }, async ({ user, body }) => {
      await db.transaction(async (tx) => {
        const params = new SqlParams();
        const owned = await tx.query<{ id: string }>(
          `SELECT id::text AS id FROM blade_top_menu
           WHERE id = ANY(string_to_array(${params.add(body.topMenuIds.join(','))}, ',')::bigint[]) AND ${scopedRows(user, params).join(' AND ')}`,
          params.values,
        );
        if (owned.length !== body.topMenuIds.length) throw badRequest('顶部菜单不存在');
        if (body.menuIds.length > 0) {
          const menuParams = new SqlParams();
          const menus = await tx.query<{ id: string }>(
            `SELECT id::text AS id FROM blade_menu
             WHERE id = ANY(string_to_array(${menuParams.add(body.menuIds.join(','))}, ',')::bigint[]) AND category = 1
               AND ${scopedRows(user, menuParams, { tenantScoped: false }).join(' AND ')}`,
            menuParams.values,
          );
          if (menus.length !== body.menuIds.length) throw badRequest('菜单不存在');
          // Only what the tenant's package (and, below the administrator, the caller's own roles) allows.
          await assertGrantableMenus(tx, user, body.menuIds);
        }
        await tx.query('DELETE FROM blade_top_menu_setting WHERE top_menu_id = ANY(string_to_array($1, \',\')::bigint[])', [
          body.topMenuIds.join(','),
        ]);
        for (const topMenuId of body.topMenuIds) {
          for (const menuId of body.menuIds) {
            await tx.query('INSERT INTO blade_top_menu_setting (id, top_menu_id, menu_id) VALUES ($1, $2, $3)', [nextId(), topMenuId, menuId]);
          }
        }
      });
      return R.status(true);
    });

    read('/api/blade-system/menu/grant-top-tree', async (c) => {
      const user = c.get('user');
      const grantable = await grantableMenuIds(db, user);
      const rows = (await menuRows(menuStore, user, { category_equal: '1' })).filter((row) => grantable.has(String(row.id)));
      // BladeX's GrantTreeVO / CheckedTreeVO: the tree and the keys under `menu`.
      return send(c, R.data({ menu: menuTreeNodes(rows) }));
    });

    read('/api/blade-system/menu/top-tree-keys', async (c) => {
      const topMenuIds = idList(c.req.query('topMenuIds'));
      if (topMenuIds.length === 0) throw badRequest(`${MSG.missingParam}: topMenuIds`);
      if (!topMenuIds.every(isIdText)) throw badRequest(`${MSG.paramType}: topMenuIds`);
      const params = new SqlParams();
      const rows = await db.cachedQuery<{ menu_id: string }>(
        `SELECT DISTINCT s.menu_id::text AS menu_id FROM blade_top_menu_setting s
         JOIN blade_top_menu tm ON tm.id = s.top_menu_id
         JOIN blade_menu m ON m.id = s.menu_id AND m.is_deleted = 0
         WHERE s.top_menu_id = ANY(string_to_array(${params.add(topMenuIds.join(','))}, ',')::bigint[])
           AND ${scopedRows(c.get('user'), params, { alias: 'tm' }).join(' AND ')}
         ORDER BY 1`,
        params.values,
      );
      return send(c, R.data({ menu: rows.map((row) => row.menu_id) }));
    });
  },
};
