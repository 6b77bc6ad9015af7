import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/types';
import { isAdministrator, type BladeEnv, type BladeUser, type DataScopeRule, type DataScopes } from './context';
import { forbidden } from './errors';
import { grantRead } from './grant-reads';

/** Scope categories of `blade_role_scope`. */
export const SCOPE_CATEGORY = { data: 1, api: 2 } as const;

const roleIdsOf = (user: BladeUser) => user.roleId.split(',').filter((id) => /^\d{1,19}$/.test(id));

/**
 * The data scopes of the caller's roles, by resource code. Several roles: the union of what they allow, so a resource
 * is limited only when every role has a rule for it and none of those rules is 全部可见; the administrator is never
 * limited. Cached per role set (the cache drops with any write, grants and scope edits included).
 */
export async function loadDataScopes(db: Db, user: BladeUser): Promise<DataScopes> {
  const roles = roleIdsOf(user);
  if (roles.length === 0 || isAdministrator(user)) return new Map();
  const rows = await grantRead<{ role_id: string; resource_code: string | null; scope_type: number | null; scope_column: string | null; scope_value: string | null }>(
    db,
    user,
    `SELECT rs.role_id::text AS role_id, s.resource_code, s.scope_type, s.scope_column, s.scope_value
     FROM blade_role_scope rs
     JOIN blade_scope_data s ON s.id = rs.scope_id AND s.is_deleted = 0 AND s.tenant_id = $2
     WHERE rs.scope_category = ${SCOPE_CATEGORY.data} AND rs.role_id = ANY(string_to_array($1, ',')::bigint[])`,
    [roles.join(','), user.tenantId],
  );
  return resolveDataScopes(roles, rows);
}

/** Pure part of `loadDataScopes`: the rules of each resource that every role limits. */
export function resolveDataScopes(
  roles: readonly string[],
  rows: readonly { role_id: string; resource_code: string | null; scope_type: number | null; scope_column: string | null; scope_value: string | null }[],
): DataScopes {
  const byResource = new Map<string, Map<string, DataScopeRule[]>>();
  for (const row of rows) {
    if (!row.resource_code) continue;
    const perRole = byResource.get(row.resource_code) ?? new Map<string, DataScopeRule[]>();
    byResource.set(row.resource_code, perRole);
    const rule: DataScopeRule = {
      scopeType: Number(row.scope_type ?? 0),
      column: row.scope_column || (Number(row.scope_type) === 2 ? 'create_user' : 'create_dept'),
      deptIds: (row.scope_value ?? '').split(',').filter(Boolean),
    };
    perRole.set(row.role_id, [...(perRole.get(row.role_id) ?? []), rule]);
  }
  const scopes = new Map<string, DataScopeRule[]>();
  for (const [resource, perRole] of byResource) {
    const everyRoleLimited = roles.every((role) => perRole.has(role));
    const rules = [...perRole.values()].flat();
    if (everyRoleLimited && !rules.some((rule) => rule.scopeType === 1)) scopes.set(resource, rules);
  }
  return scopes;
}

/** An API scope path matches exactly, or as a prefix when it ends in `/**`. */
export function apiPathMatches(scopePath: string, path: string): boolean {
  const pattern = scopePath.trim();
  if (pattern === '') return false;
  if (pattern.endsWith('/**')) {
    const prefix = pattern.slice(0, -3);
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  return path === pattern;
}

/** The request path and its form without the `/api` or `/gateway` prefix (BladeX lists service paths): a scope path in either form applies. */
export const pathForms = (path: string) => {
  const bare = path.replace(/^\/(api|gateway)(?=\/)/, '');
  return bare === path ? [path] : [path, bare];
};

/**
 * A path listed in an API scope of the caller's tenant may be called only by roles granted one of the scopes that
 * list it; the administrator always may.
 */
export async function assertApiScope(db: Db, user: BladeUser, path: string): Promise<void> {
  if (isAdministrator(user)) return;
  const scopes = await grantRead<{ id: string; scope_path: string | null }>(
    db,
    user,
    'SELECT id::text AS id, scope_path FROM blade_scope_api WHERE tenant_id = $1 AND is_deleted = 0',
    [user.tenantId],
  );
  if (scopes.length === 0) return;
  const forms = pathForms(path);
  const matching = scopes.filter((scope) => forms.some((form) => apiPathMatches(scope.scope_path ?? '', form)));
  if (matching.length === 0) return;
  const granted = await grantRead<{ scope_id: string }>(
    db,
    user,
    `SELECT scope_id::text AS scope_id FROM blade_role_scope
     WHERE scope_category = ${SCOPE_CATEGORY.api} AND role_id = ANY(string_to_array($1, ',')::bigint[])`,
    [roleIdsOf(user).join(',')],
  );
  const held = new Set(granted.map((row) => row.scope_id));
  if (!matching.some((scope) => held.has(scope.id))) throw forbidden();
}

/** After authentication: the caller's API scope is checked and their data scopes loaded into `user`. */
export function applyRoleScopes(db: Db): MiddlewareHandler<BladeEnv> {
  return async (c, next) => {
    const user = c.get('user') as BladeUser | undefined;
    if (!user) return next();
    await assertApiScope(db, user, c.req.path);
    c.set('user', { ...user, dataScopes: await loadDataScopes(db, user) });
    return next();
  };
}
