import type { ResourceBehaviour, ResourceRoutes } from '../../server/blade/behaviour';
import { ADMINISTRATOR_ROLE, type ApiRoute } from '../../server/blade/context';
import { R, send } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { apiPathMatches, pathForms, SCOPE_CATEGORY } from '../../server/blade/role-scopes';
import { tenantWhere } from '../../server/blade/scope';
import type { Db } from '../../server/db/types';
import { menuTreeRoute, resolveScopeMenu } from '../datascope/scopeMenus';
import type { ResourceSchema } from '../types';

const bare = (path: string) => pathForms(path).at(-1)!;

/** The routes a scope path reaches, in either form (with or without `/api` / `/gateway`). */
const routesMatching = (routes: readonly ApiRoute[], scopePath: string) =>
  routes.filter((route) => pathForms(route.path).some((form) => apiPathMatches(scopePath, form)));

/**
 * The API paths of the resource behind a menu (its code is the resource's permission code): every route under the
 * resource's API base, in the form the server answers it; none when no registered resource has that code.
 */
async function resourcePathsOf(db: Db, schemas: readonly ResourceSchema[], routes: readonly ApiRoute[], menuId: string) {
  const [menu] = await db.query<{ code: string | null }>('SELECT code FROM blade_menu WHERE id = $1 AND category = 1 AND is_deleted = 0', [menuId]);
  if (!menu) throw badRequest('所属菜单不存在: menuId');
  const schema = schemas.find((candidate) => candidate.permissionCode === menu.code);
  if (!schema) return { base: '', paths: [] as ApiRoute[] };
  const base = bare(schema.api);
  const seen = new Set<string>();
  const paths = routes
    .filter((route) => bare(route.path).startsWith(`${base}/`))
    .filter((route) => !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return { base: schema.api, paths };
}

/**
 * Who loses a path when this scope is saved with `scopePath`: a role (other than the administrator, who is never
 * limited) that may call one of the routes the path reaches now, and could not once the scope lists it, because it
 * is not granted this scope nor another that lists the route.
 */
async function rolesLosing(db: Db, tenantId: string, reached: readonly ApiRoute[], scopePath: string, scopeId: string | undefined) {
  if (reached.length === 0) return [];
  const scopeRows = tenantWhere(tenantId, {});
  const scopes = await db.query<{ id: string; scope_path: string | null }>(`SELECT id::text AS id, scope_path FROM blade_scope_api WHERE ${scopeRows.where}`, scopeRows.values);
  const others = scopes.filter((scope) => scope.id !== scopeId).map((scope) => ({ id: scope.id, path: scope.scope_path ?? '' }));
  const before = [...others, ...scopes.filter((scope) => scope.id === scopeId).map((scope) => ({ id: scope.id, path: scope.scope_path ?? '' }))];
  const after = [...others, { id: scopeId ?? 'new', path: scopePath }];
  const roleRows = tenantWhere(tenantId, {});
  const roles = await db.query<{ id: string; role_name: string; role_alias: string | null }>(
    `SELECT id::text AS id, role_name, role_alias FROM blade_role WHERE ${roleRows.where} ORDER BY sort, id`,
    roleRows.values,
  );
  const grantRows = tenantWhere(tenantId, { alias: 'r' });
  const grants = await db.query<{ role_id: string; scope_id: string }>(
    `SELECT rs.role_id::text AS role_id, rs.scope_id::text AS scope_id FROM blade_role_scope rs
     JOIN blade_role r ON r.id = rs.role_id AND ${grantRows.where}
     WHERE rs.scope_category = ${SCOPE_CATEGORY.api}`,
    grantRows.values,
  );
  const held = (roleId: string) => new Set(grants.filter((grant) => grant.role_id === roleId).map((grant) => grant.scope_id));
  const open = (listed: readonly { id: string; path: string }[], route: ApiRoute, holds: Set<string>) => {
    const matching = listed.filter((scope) => pathForms(route.path).some((form) => apiPathMatches(scope.path, form)));
    return matching.length === 0 || matching.some((scope) => holds.has(scope.id));
  };
  return roles
    .filter((role) => role.role_alias !== ADMINISTRATOR_ROLE)
    .filter((role) => {
      const holds = held(role.id);
      return reached.some((route) => open(before, route, holds) && !open(after, route, holds));
    })
    .map((role) => ({ id: role.id, roleName: role.role_name }));
}

function apiPathRoutes({ read, store, services }: ResourceRoutes) {
  const routes = () => services.routes?.() ?? [];
  /** `GET {api}/api-paths?menuId=`: the paths of the menu's resource, to pick a scope path from. */
  read(`${store.schema.api}/api-paths`, async (c) => {
    const menuId = c.req.query('menuId') ?? '';
    if (!isIdText(menuId)) throw badRequest('所属菜单不存在: menuId');
    return send(c, R.data(await resourcePathsOf(services.db, services.registry.schemas, routes(), menuId)));
  });
  /**
   * `GET {api}/path-check?scopePath=&id=`: before a save, the routes the path reaches (none: it limits nothing) and the
   * roles that would lose them.
   */
  read(`${store.schema.api}/path-check`, async (c) => {
    const scopePath = (c.req.query('scopePath') ?? '').trim();
    const id = c.req.query('id') || undefined;
    if (id !== undefined && !isIdText(id)) throw badRequest('权限不存在: id');
    const reached = scopePath === '' ? [] : routesMatching(routes(), scopePath);
    const roles = await rolesLosing(services.db, c.get('user').tenantId, reached, scopePath, id);
    return send(c, R.data({ routes: reached, roles }));
  });
}

/** An API scope's path: `**` only as a trailing `/**` (a prefix). */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, values, before }) {
    await resolveScopeMenu(tx, values, before);
    // An empty path is left to the required check.
    if (typeof values.scopePath === 'string' && values.scopePath.trim() !== '') {
      const path = values.scopePath.trim();
      const wildcard = path.indexOf('*');
      if (wildcard >= 0 && !(path.endsWith('/**') && wildcard === path.length - 2)) {
        throw badRequest('权限路径格式不正确,通配符只能以 /** 结尾: scopePath');
      }
      values.scopePath = path;
    }
  },
  routes(routes) {
    menuTreeRoute(routes);
    apiPathRoutes(routes);
  },
};
