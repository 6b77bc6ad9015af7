import type { BladeUser } from './context';
import type { SqlParams } from './query';

/**
 * Predicates for "the caller's live rows": the caller's tenant (when the table is tenant-scoped) and not
 * logically deleted. Every query on tenant data starts from these, so no row of another tenant is ever touched.
 */
export function liveRowsOf(user: BladeUser, params: SqlParams, tenantScoped = true): string[] {
  return tenantScoped ? [`tenant_id = ${params.add(user.tenantId)}`, 'is_deleted = 0'] : ['is_deleted = 0'];
}
