import { ADMIN_TENANT, isAdministrator, type BladeUser, type DataScopeRule } from './context';
import { badRequest, forbidden, MSG } from './errors';
import { SqlParams } from './query';

export interface ReadScope {
  /** Predicates every read of the table adds (bound values in `params`). */
  predicates: string[];
  /**
   * True when nothing beyond tenant and logical delete limits the rows, so the per-tenant live-row count answers
   * the total of an unfiltered list.
   */
  countsAllLiveRows: boolean;
}

export interface ScopeOptions {
  tenantScoped?: boolean;
  /** Alias (or table name) the predicates qualify their columns with. */
  alias?: string;
  /** The table has no `is_deleted` column (append-only logs). */
  noLogicalDelete?: boolean;
  /**
   * The resource the rows belong to, by its permission code (= its menu code = a data scope's `resource_code`):
   * the caller's data scope of that resource then limits the rows too.
   */
  resource?: string;
}

/** Data scope types (dict `data_scope_type`). */
export const DATA_SCOPE_TYPE = {
  all: 1,
  own: 2,
  ownDept: 3,
  ownDeptAndBelow: 4,
  custom: 5,
} as const;

export type { DataScopeRule, DataScopes } from './context';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;
const ID_TEXT = /^\d{1,19}$/;
const idsOf = (text: string | readonly string[]) =>
  (typeof text === 'string' ? text.split(',') : [...text]).map((id) => id.trim()).filter((id) => ID_TEXT.test(id));

/**
 * The predicate of a set of data scope rules (their union), or undefined when they do not limit the rows (type 1).
 * Every value is bound; the column is an identifier checked when the rule was saved and again here.
 */
export function dataScopePredicate(
  rules: readonly DataScopeRule[],
  caller: Pick<BladeUser, 'userId' | 'deptId' | 'tenantId'>,
  params: SqlParams,
  qualify: (column: string) => string = (column) => column,
): string | undefined {
  if (rules.length === 0 || rules.some((rule) => rule.scopeType === DATA_SCOPE_TYPE.all)) return undefined;
  const myDepts = idsOf(caller.deptId);
  const anyId = (ids: readonly string[]) => `ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[])`;
  const alternatives = rules.map((rule) => {
    if (!IDENTIFIER.test(rule.column)) return 'FALSE';
    const column = qualify(rule.column);
    switch (rule.scopeType) {
      case DATA_SCOPE_TYPE.own:
        return ID_TEXT.test(caller.userId) ? `${column} = ${params.add(caller.userId)}` : 'FALSE';
      case DATA_SCOPE_TYPE.ownDept:
        return myDepts.length > 0 ? `${column} = ${anyId(myDepts)}` : 'FALSE';
      case DATA_SCOPE_TYPE.ownDeptAndBelow: {
        if (myDepts.length === 0) return 'FALSE';
        const mine = params.add(myDepts.join(','));
        return `${column} IN (SELECT scope_dept.id FROM blade_dept scope_dept
          WHERE scope_dept.tenant_id = ${params.add(caller.tenantId)} AND scope_dept.is_deleted = 0
            AND (scope_dept.id = ANY(string_to_array(${mine}, ',')::bigint[])
              OR string_to_array(scope_dept.ancestors, ',') && string_to_array(${mine}, ',')))`;
      }
      case DATA_SCOPE_TYPE.custom: {
        const ids = idsOf(rule.deptIds);
        return ids.length > 0 ? `${column} = ${anyId(ids)}` : 'FALSE';
      }
      default:
        return 'FALSE';
    }
  });
  return `(${alternatives.join(' OR ')})`;
}

/**
 * The one read seam: which rows of a table the caller may see. Every read, generic or hand-written, starts from
 * these predicates, so no row of another tenant, and no deleted row, is ever answered; with `resource`, the data
 * scope of the caller's roles (loaded once per request into `user.dataScopes`) limits the rows as well.
 */
export function readScope(user: BladeUser, params: SqlParams, options: ScopeOptions = {}): ReadScope {
  const { tenantScoped = true, alias, noLogicalDelete = false, resource } = options;
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const predicates: string[] = [];
  if (tenantScoped) predicates.push(`${column('tenant_id')} = ${params.add(user.tenantId)}`);
  if (!noLogicalDelete) predicates.push(`${column('is_deleted')} = 0`);
  const rules = resource ? user.dataScopes?.get(resource) : undefined;
  const limit = rules ? dataScopePredicate(rules, user, params, column) : undefined;
  if (limit) predicates.push(limit);
  return { predicates, countsAllLiveRows: limit === undefined };
}

/** The predicates alone, for hand-written queries. */
export const scopedRows = (user: BladeUser, params: SqlParams, options?: ScopeOptions) =>
  readScope(user, params, options).predicates;

/** A hand-written WHERE clause and its values, the scope's predicates after the query's own conditions. */
export interface ScopedWhere {
  where: string;
  values: unknown[];
}

function whereOf(conditions: string, values: readonly unknown[], scope: (params: SqlParams) => string[]): ScopedWhere {
  const params = new SqlParams();
  for (const value of values) params.add(value);
  const where = [...(conditions.trim() === '' ? [] : [conditions]), ...scope(params)].join(' AND ');
  return { where, values: params.values };
}

/**
 * A hand-written read's WHERE through the seam: `conditions` number their values `$1`…`$n` (given in `values`), the
 * caller's scope (tenant, logical delete and, with `resource`, the data scope) follows with the next numbers.
 */
export const scopedWhere = (user: BladeUser, options: ScopeOptions, conditions = '', values: readonly unknown[] = []): ScopedWhere =>
  whereOf(conditions, values, (params) => scopedRows(user, params, options));

/**
 * The rows of `tenantId` for work done for a tenant rather than for a caller (the scheduler, a terminal's calls, the
 * demo data): tenant and logical delete, no data scope since there is no role to take it from.
 */
export function tenantRows(tenantId: string, params: SqlParams, options: Omit<ScopeOptions, 'resource' | 'tenantScoped'> = {}): string[] {
  const column = (name: string) => (options.alias ? `${options.alias}.${name}` : name);
  return [`${column('tenant_id')} = ${params.add(tenantId)}`, ...(options.noLogicalDelete ? [] : [`${column('is_deleted')} = 0`])];
}

/** The rows of several tenants at once, for a tenant's own lifecycle (recycled or removed with everything it has). */
export function rowsOfTenants(tenantIds: readonly string[], params: SqlParams, options: Omit<ScopeOptions, 'resource' | 'tenantScoped'> = {}): string[] {
  const column = (name: string) => (options.alias ? `${options.alias}.${name}` : name);
  return [
    `${column('tenant_id')} = ANY(string_to_array(${params.add(tenantIds.join(','))}, ','))`,
    ...(options.noLogicalDelete ? [] : [`${column('is_deleted')} = 0`]),
  ];
}

/** `tenantRows` as a WHERE clause after the query's own `conditions` (values `$1`…`$n`). */
export const tenantWhere = (
  tenantId: string,
  options: Omit<ScopeOptions, 'resource' | 'tenantScoped'>,
  conditions = '',
  values: readonly unknown[] = [],
): ScopedWhere => whereOf(conditions, values, (params) => tenantRows(tenantId, params, options));

/**
 * The caller, acting in `tenantId` (BladeX's `?tenantId=` on trees and selects): only the administrator of the
 * administrator tenant may look into another tenant; anyone else asking for one is refused.
 */
export function actingInTenant(user: BladeUser, tenantId: string | undefined): BladeUser {
  if (!tenantId || tenantId === user.tenantId) return user;
  if (user.tenantId !== ADMIN_TENANT || !isAdministrator(user)) throw forbidden();
  if (!/^\d{1,12}$/.test(tenantId)) throw badRequest(`${MSG.paramType}: tenantId`);
  return { ...user, tenantId };
}
