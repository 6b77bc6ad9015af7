import type { Context } from 'hono';
import { ADMIN_TENANT } from '../../blade/context';
import { formatDateTime } from '../../blade/serializer';
import type { Db } from '../../db/types';
import type { TokenAudience } from '../../users/token-response';
import { OAUTH, oauthError } from './oauth-error';
import { isTenantExpired } from '../../../resources/tenant/expiry';

/** Everything the token endpoint reads from a request: merged query/form parameters and the relevant headers. */
export interface TokenRequest extends TokenAudience {
  params: Record<string, string>;
  tenantHeader?: string;
  captchaKey?: string;
  captchaCode?: string;
  /** The HTTP request asking, for the logs it may write (an account locked by this attempt). */
  origin?: Context;
}

/** The tenant a token request is for: header `Tenant-Id`, else parameter `tenantId`, else the administrator tenant. */
export const tenantOf = (request: TokenRequest) => request.tenantHeader || request.params.tenantId || ADMIN_TENANT;

export async function assertTenantUsable(db: Db, tenantId: string) {
  const [tenant] = await db.query<{ expire_time: string | null; status: number }>(
    'SELECT expire_time, status FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0',
    [tenantId],
  );
  if (!tenant) throw oauthError(OAUTH.tenantNotFound);
  const expired = isTenantExpired(tenantId, tenant.expire_time, formatDateTime(new Date()));
  if (tenantId !== ADMIN_TENANT && (expired || tenant.status !== 1)) throw oauthError(OAUTH.tenantExpired);
}
