import type { BladeModule } from '../../blade/context';
import { isAdministrator } from '../../blade/context';
import { jsonBody } from '../../blade/crud';
import { R, send } from '../../blade/envelope';
import { badRequest, forbidden } from '../../blade/errors';
import { nextId } from '../../blade/ids';
import { formatDateTime } from '../../blade/serializer';
import { outboundPolicy } from '../../outbound';

const BASE = '/api/blade-auth/oauth/social-provider';

const FIELDS = [
  ['source', 'source', 64],
  ['clientId', 'client_id', 255],
  ['clientSecret', 'client_secret', 255],
  ['authorizeUrl', 'authorize_url', 1000],
  ['tokenUrl', 'token_url', 1000],
  ['userInfoUrl', 'user_info_url', 1000],
  ['redirectUri', 'redirect_uri', 1000],
] as const;
const URL_FIELDS = new Set(['authorizeUrl', 'tokenUrl', 'userInfoUrl', 'redirectUri']);
/** The URLs the server itself fetches: only on hosts the outbound policy allows. */
const FETCHED_FIELDS = new Set(['tokenUrl', 'userInfoUrl']);

/**
 * The social login sources of the caller's tenant, managed by its administrators only: these are the only URLs the
 * server ever fetches for the `social` grant. Secrets are write-only (never listed).
 */
export const socialProviderModule: BladeModule = (app, { db, config }) => {
  const policy = outboundPolicy(config.outboundAllow ?? []);
  app.get(`${BASE}/list`, async (c) => {
    const user = c.get('user');
    if (!isAdministrator(user)) throw forbidden();
    const rows = await db.query<Record<string, string | null>>(
      `SELECT source, client_id, authorize_url, token_url, user_info_url, redirect_uri FROM blade_social_provider
       WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY source`,
      [user.tenantId],
    );
    return send(
      c,
      R.data(
        rows.map((row) => ({
          source: row.source ?? '',
          clientId: row.client_id ?? '',
          authorizeUrl: row.authorize_url ?? '',
          tokenUrl: row.token_url ?? '',
          userInfoUrl: row.user_info_url ?? '',
          redirectUri: row.redirect_uri ?? '',
        })),
      ),
    );
  });

  // Insert, or replace the tenant's provider of the same source.
  app.post(`${BASE}/submit`, async (c) => {
    const user = c.get('user');
    if (!isAdministrator(user)) throw forbidden();
    const body = (await jsonBody(c.req.raw)) as Record<string, unknown>;
    const values: string[] = [];
    for (const [key, , max] of FIELDS) {
      const value = typeof body?.[key] === 'string' ? (body[key] as string).trim() : '';
      if (!value && key !== 'redirectUri') throw badRequest(`${key}不能为空`);
      if ([...value].length > max) throw badRequest(`${key}过长`);
      if (value && URL_FIELDS.has(key) && !/^https?:\/\/[^\s]+$/.test(value)) throw badRequest(`${key}必须是 http(s) 地址`);
      if (FETCHED_FIELDS.has(key) && !policy.hostAllowed(value)) throw badRequest(`${key}的主机未被管理员允许(BLADE_OUTBOUND_ALLOW)`);
      values.push(value);
    }
    const now = formatDateTime(new Date());
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE blade_social_provider SET is_deleted = 1, update_user = $3, update_time = $4
         WHERE tenant_id = $1 AND source = $2 AND is_deleted = 0`,
        [user.tenantId, values[0], user.userId, now],
      );
      await tx.query(
        `INSERT INTO blade_social_provider (id, tenant_id, ${FIELDS.map(([, column]) => column).join(', ')},
           create_user, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10, $11)`,
        [nextId(), user.tenantId, ...values, user.userId, now],
      );
    });
    return send(c, R.success());
  });
};
