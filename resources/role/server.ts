import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { ADMIN_TENANT, isAdministrator } from '../../server/blade/context';
import { markChildren } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { pageOf, parsePaging } from '../../server/blade/query';
import { actingInTenant, scopedWhere } from '../../server/blade/scope';
import { idListField } from '../../server/blade/operation';
import { grant, grantTree, idsOfBody, roleTreeKeys } from './grants';

const SYSTEM = '/api/blade-system';
/** Query keys that are not filters (blade-contract §2). */
const NOT_FILTERS = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth']);

/** `grant`: the roles, and what they hold from now on (an empty list takes everything of that kind away). */
const grantBody = z.object({
  roleIds: idListField('角色', { max: 5000 }),
  menuIds: idListField('菜单', { max: 5000, allowEmpty: true }),
  dataScopeIds: idListField('数据权限', { max: 5000, allowEmpty: true }),
  apiScopeIds: idListField('接口权限', { max: 5000, allowEmpty: true }),
});

/**
 * Roles: the list is the tree (roots paged, children nested) unless filtered; a role cannot be its own ancestor;
 * the grant calls of the grant dialog; tree, tree-by-id and alias as BladeX answers them.
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, user, id, values, before }) {
    const parentId = String(values.parentId ?? before?.parentId ?? '0');
    if (parentId === '0' || parentId === '-1' || parentId === '') {
      values.parentId = '0';
      return;
    }
    let cursor = parentId;
    for (let depth = 0; cursor !== '0' && depth < 64; depth += 1) {
      if (cursor === id) throw badRequest('上级角色不能是自己或自己的下级');
      const scope = scopedWhere(user, {}, 'id = $1', [cursor]);
      const [row] = await tx.query<{ parent_id: string | null }>(`SELECT parent_id::text AS parent_id FROM blade_role WHERE ${scope.where}`, scope.values);
      if (!row) throw badRequest('上级角色不存在');
      cursor = row.parent_id ?? '0';
    }
  },

  routes({ read, operation, store, services }) {
    const { db } = services;
    const url = (path: string) => `${store.schema.api}/${path}`;

    read(url('page'), async (c) => {
      const query = c.req.query();
      const filtered = Object.entries(query).some(([key, value]) => !NOT_FILTERS.has(key) && value !== '' && !key.endsWith('_ignore'));
      if (filtered) return send(c, R.data(await store.list(c.get('user'), query)));
      const roots = await store.tree(c.get('user'));
      const paging = parsePaging(query);
      return send(c, R.data(pageOf(roots.slice(paging.offset, paging.offset + paging.size), roots.length, paging)));
    });
    read(url('tree'), async (c) => send(c, R.data(markChildren(await store.tree(actingInTenant(c.get('user'), c.req.query('tenantId')))))));
    read(url('tree-by-id'), async (c) => {
      // Without a role (Saber's 新增), the caller's own tenant's tree, as BladeX answers.
      const roleId = c.req.query('roleId') ?? '';
      if (roleId !== '' && !isIdText(roleId)) throw badRequest(`${MSG.paramType}: roleId`);
      const user = c.get('user');
      const [role] = roleId === '' ? [] : await db.query<{ tenant_id: string }>('SELECT tenant_id FROM blade_role WHERE id = $1 AND is_deleted = 0', [roleId]);
      // Another tenant's role is answered as if it did not exist, unless the caller may look into that tenant.
      const tenantId = role && (role.tenant_id === user.tenantId || (user.tenantId === ADMIN_TENANT && isAdministrator(user))) ? role.tenant_id : user.tenantId;
      return send(c, R.data(markChildren(await store.tree(actingInTenant(user, tenantId)))));
    });
    read(url('alias'), async (c) => {
      const rows = await store.select(c.get('user'), {});
      const seen = new Set<string>();
      const aliases = rows.filter((row) => {
        const alias = String(row.roleAlias ?? '');
        if (alias === '' || seen.has(alias)) return false;
        seen.add(alias);
        return true;
      });
      return send(c, R.data(aliases.map((row) => ({ id: row.id, roleName: row.roleName, roleAlias: row.roleAlias }))));
    });

    read(`${SYSTEM}/menu/grant-tree`, async (c) => send(c, R.data(await grantTree(db, c.get('user')))));
    read(`${SYSTEM}/menu/role-tree-keys`, async (c) =>
      send(c, R.data(await roleTreeKeys(db, c.get('user'), idsOfBody(c.req.query('roleIds'), 'roleIds')))),
    );
    operation('grant', { body: grantBody }, async ({ user, body }) => {
      await grant(db, user, body);
      return R.status(true);
    });
  },
};
