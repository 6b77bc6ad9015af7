import type { BladeUser } from './context';
import type { SqlParams } from './query';

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
}

/**
 * The one read seam: which rows of a table the caller may see. Every read, generic or hand-written, starts from
 * these predicates, so no row of another tenant, and no deleted row, is ever answered. The role's data scope plugs
 * in here.
 */
export function readScope(user: BladeUser, params: SqlParams, options: ScopeOptions = {}): ReadScope {
  const { tenantScoped = true, alias, noLogicalDelete = false } = options;
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const predicates: string[] = [];
  if (tenantScoped) predicates.push(`${column('tenant_id')} = ${params.add(user.tenantId)}`);
  if (!noLogicalDelete) predicates.push(`${column('is_deleted')} = 0`);
  return { predicates, countsAllLiveRows: true };
}

/** The predicates alone, for hand-written queries. */
export const scopedRows = (user: BladeUser, params: SqlParams, options?: ScopeOptions) =>
  readScope(user, params, options).predicates;
