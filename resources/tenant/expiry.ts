/** The administrator tenant, which never expires. */
const ADMIN_TENANT_ID = '000000';

/**
 * The rule the server signs in by (and the tenant list shows): a tenant other than the administrator's whose expiry
 * time (`yyyy-MM-dd HH:mm:ss`, as the wire carries it) lies before `now` (the same format, local time) has expired.
 */
export function isTenantExpired(tenantId: string, expireTime: string | null | undefined, now: string): boolean {
  return tenantId !== ADMIN_TENANT_ID && typeof expireTime === 'string' && expireTime !== '' && expireTime < now;
}
