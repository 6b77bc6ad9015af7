import type { Context } from 'hono';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { ADMIN_TENANT, ADMINISTRATOR_ROLE, type BladeEnv, type BladeUser } from '../../server/blade/context';
import { markChildren, nest, type ResourceStore } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText, nextId } from '../../server/blade/ids';
import { SqlParams } from '../../server/blade/query';
import { scopedRows, tenantWhere } from '../../server/blade/scope';
import type { Db } from '../../server/db/types';
import { seedMenusOf, type SeedMenu } from '../../server/db/seed-data/menus';
import type { Registry } from '../registry';

type Row = Record<string, unknown>;

/** The codes of the menus the registry seeds: its own screens, groups and buttons (worked out once per registry). */
const builtInCodes = new WeakMap<Registry, Set<string>>();
function builtInCodesOf(registry: Registry): Set<string> {
  let codes = builtInCodes.get(registry);
  if (!codes) {
    const found = new Set<string>();
    const collect = (menu: SeedMenu) => {
      found.add(menu.code);
      menu.children?.forEach(collect);
    };
    seedMenusOf(registry.schemas).menus.forEach(collect);
    builtInCodes.set(registry, (codes = found));
  }
  return codes;
}

/** Search keys of the menu tree screen (spec: name, code, alias), passed on as `LIKE` filters. */
const SEARCH_KEYS = ['name', 'code', 'alias'] as const;

/** Menus are shared by every tenant: only the administrator tenant maintains them. */
function assertPlatform(user: BladeUser) {
  if (user.tenantId !== ADMIN_TENANT) throw badRequest('菜单只能由管理组维护');
}

/** BladeX tree nodes (`id, parentId, title, key, value, children, hasChildren`), nested, leaves without `children`. */
export function menuTreeNodes(rows: Row[]): Row[] {
  const slim = rows.map((row) => ({ id: String(row.id), parentId: String(row.parentId), title: row.name, sort: row.sort }));
  return markChildren(nest(slim, 'parentId', 'title'));
}

/** Every live menu row of a category (1 menus, 2 buttons, undefined both), sorted, through the store's read path. */
export async function menuRows(store: ResourceStore, user: BladeUser, query: Record<string, string> = {}): Promise<Row[]> {
  const page = await store.list(user, { ...query, size: '1000', ascs: 'sort,id' });
  const rows = page.records as Row[];
  if (page.total <= rows.length) return rows;
  // More than one page: read on (the tree has a few hundred rows at most, this is a guard).
  const all = [...rows];
  for (let current = 2; all.length < page.total && current <= 20; current += 1) {
    const next = await store.list(user, { ...query, size: '1000', current: String(current), ascs: 'sort,id' });
    all.push(...(next.records as Row[]));
  }
  return all;
}

/** Marks rows whose id is some live menu's parent. */
async function withHasChildren(db: Db, user: BladeUser, rows: Row[], category?: number): Promise<Row[]> {
  if (rows.length === 0) return rows;
  const params = new SqlParams();
  const where = [
    `parent_id = ANY(string_to_array(${params.add(rows.map((row) => row.id).join(','))}, ',')::bigint[])`,
    ...scopedRows(user, params, { tenantScoped: false }),
  ];
  if (category !== undefined) where.push(`category = ${params.add(category)}`);
  const parents = await db.cachedQuery<{ parent: string }>(
    `SELECT DISTINCT parent_id::text AS parent FROM blade_menu WHERE ${where.join(' AND ')}`,
    params.values,
  );
  const set = new Set(parents.map((row) => row.parent));
  return rows.map((row) => ({ ...row, hasChildren: set.has(String(row.id)) }));
}

/** The search filters the caller sent (name, code, alias), as `LIKE` filters of the list. */
function searchOf(c: Context<BladeEnv>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const key of SEARCH_KEYS) {
    const value = c.req.query(key);
    if (value) filters[key] = value;
  }
  return filters;
}

function parentIdOf(c: Context<BladeEnv>): string {
  const parentId = c.req.query('parentId') || '0';
  if (!isIdText(parentId)) throw badRequest(`${MSG.paramType}: parentId`);
  return parentId;
}

/**
 * The tree screen's calls. `lazy-list`: the children of `parentId` (menus and buttons) with `hasChildren`; with a
 * search filter, the matches of every level instead, so a nested menu is found by its name. `lazy-menu-list` the same
 * over menus only; `menu-list` and `tree` the menu tree (buttons are never parents); a built-in menu keeps its code
 * and cannot be removed (the start-up seed would bring it back under a new id, granted again).
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, user, id, isInsert, values, before, registry }) {
    assertPlatform(user);
    if (!isInsert && before && builtInCodesOf(registry).has(String(before.code)) && values.code !== undefined && values.code !== before.code) {
      throw badRequest('系统内置菜单的编号不能修改');
    }
    const parentId = String(values.parentId ?? before?.parentId ?? '0');
    if (parentId === '0' || parentId === '-1' || parentId === '') {
      values.parentId = '0';
      return;
    }
    // Walk up from the new parent: meeting this menu means a cycle.
    let cursor = parentId;
    for (let depth = 0; cursor !== '0' && depth < 64; depth += 1) {
      if (cursor === id) throw badRequest('上级菜单不能是自己或自己的下级');
      const [row] = await tx.query<{ parent_id: string; category: number }>(
        'SELECT parent_id::text AS parent_id, category FROM blade_menu WHERE id = $1 AND is_deleted = 0',
        [cursor],
      );
      if (!row) throw badRequest('上级菜单不存在');
      if (cursor === parentId && row.category === 2) throw badRequest('按钮下不能再添加菜单');
      cursor = row.parent_id ?? '0';
    }
  },

  async afterWrite({ tx, id, isInsert }) {
    // The platform administrator holds every menu (the seed grants it all of them): a new one is granted as well, so
    // it shows in the administrator's sidebar at the next load; other roles get it through the role grant.
    if (!isInsert) return;
    const scope = tenantWhere(ADMIN_TENANT, {}, 'role_alias = $1', [ADMINISTRATOR_ROLE]);
    const roles = await tx.query<{ id: string }>(`SELECT id::text AS id FROM blade_role WHERE ${scope.where}`, scope.values);
    for (const role of roles) {
      await tx.query('INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES ($1, $2, $3) ON CONFLICT (role_id, menu_id) DO NOTHING', [
        nextId(),
        id,
        role.id,
      ]);
    }
  },

  async beforeRemove({ tx, user, ids, registry }) {
    assertPlatform(user);
    const rows = await tx.query<{ code: string; name: string }>(
      `SELECT code, name FROM blade_menu WHERE id = ANY(string_to_array($1, ',')::bigint[]) AND is_deleted = 0`,
      [ids.join(',')],
    );
    const builtIn = rows.find((row) => builtInCodesOf(registry).has(row.code));
    if (builtIn) throw badRequest(`「${builtIn.name}」是系统内置菜单，不能删除`);
  },

  routes({ read, store, services }) {
    const base = store.schema.api;
    const { db } = services;

    const lazy = async (c: Context<BladeEnv>, category?: number) => {
      const user = c.get('user');
      const search = searchOf(c);
      const query: Record<string, string> = { ...search };
      if (Object.keys(search).length === 0) query.parentId_equal = parentIdOf(c);
      if (category !== undefined) query.category_equal = String(category);
      return send(c, R.data(await withHasChildren(db, user, await menuRows(store, user, query), category)));
    };
    read(`${base}/lazy-list`, (c) => lazy(c));
    read(`${base}/lazy-menu-list`, (c) => lazy(c, 1));

    read(`${base}/menu-list`, async (c) => {
      const user = c.get('user');
      const rows = await menuRows(store, user, { ...searchOf(c), category_equal: '1' });
      return send(c, R.data(markChildren(nest(rows, 'parentId', 'name'))));
    });
    read(`${base}/tree`, async (c) => {
      const rows = await menuRows(store, c.get('user'), { category_equal: '1' });
      return send(c, R.data(menuTreeNodes(rows)));
    });
  },
};

