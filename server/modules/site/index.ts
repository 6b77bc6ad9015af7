import { sm2 } from 'sm-crypto';
import { ADMIN_TENANT, type BladeModule, type ServerServices } from '../../blade/context';
import type { Db } from '../../db/types';
import { tenantWhere } from '../../blade/scope';

/**
 * `GET /site-config.json`: the login modes of this deployment for the front end (providers/config.ts reads it at run
 * time), so one build serves every deployment. Public and outside `/api`: it holds no secret.
 */

export const SITE_CONFIG_PATH = '/site-config.json';

/** Environment switches of the login page beyond the server's own config (README "Configuration"). */
export interface SiteEnv {
  BLADE_SSO?: string;
  BLADE_SSO_AUTHORIZE_URL?: string;
  BLADE_SSO_LOGOUT_URL?: string;
}

interface SocialSourceRow {
  source: string;
  client_id: string;
  authorize_url: string;
  redirect_uri: string | null;
}

const isOn = (value: string | undefined) => (value ?? '').trim().toLowerCase() === 'on';
const textOr = (value: string | undefined, fallback: string) => (value && value.trim() ? value.trim() : fallback);

/** sm-crypto derives the public key; its type declarations lack the function. */
const publicKeyOf = (privateKey: string) =>
  (sm2 as unknown as { getPublicKeyFromPrivateKey(key: string): string }).getPublicKeyFromPrivateKey(privateKey);

/** The social sources the tenant's administrators configured and enabled; none before the table exists. */
async function socialSources(db: Db, tenantId: string) {
  const [table] = await db.query<{ name: string | null }>("SELECT to_regclass('blade_social_provider')::text AS name");
  if (!table?.name) return [];
  // Before sign-in there is no caller: the tenant asked for is the scope.
  const scope = tenantWhere(tenantId, {}, 'status = 1');
  const rows = await db.query<SocialSourceRow>(
    `SELECT source, client_id, authorize_url, redirect_uri FROM blade_social_provider WHERE ${scope.where} ORDER BY source`,
    scope.values,
  );
  // Only what the browser needs to start the authorization: never the client secret or the server-side URLs.
  return rows.map((row) => ({
    source: row.source,
    name: row.source,
    authorizeUrl: row.authorize_url,
    clientId: row.client_id,
    redirectUri: row.redirect_uri ?? '',
  }));
}

/**
 * The tenant whose login page asks: `?tenantId=`, else the tenant whose domain the browser addressed, else the
 * administrator tenant. Each sees only its own social sources.
 */
async function tenantOfRequest(db: Db, tenantParam: string | undefined, host: string | undefined): Promise<string> {
  if (tenantParam && /^\w{1,12}$/.test(tenantParam)) return tenantParam;
  const domain = (host ?? '').split(':')[0];
  if (domain) {
    const [tenant] = await db.cachedQuery<{ tenant_id: string }>(
      'SELECT tenant_id FROM blade_tenant WHERE domain = $1 AND is_deleted = 0 LIMIT 1',
      [domain],
    );
    if (tenant) return tenant.tenant_id;
  }
  return ADMIN_TENANT;
}

/** The settings document; the environment is read per request so a restart is all a change needs. */
export async function siteSettings({ db, config }: ServerServices, env: SiteEnv, tenantId: string = ADMIN_TENANT) {
  return {
    tenantMode: true,
    captchaMode: config.captcha,
    // The same switch the register grant obeys (env BLADE_REGISTER).
    registerMode: Boolean(config.register),
    ssoMode: isOn(env.BLADE_SSO),
    // The embedded server is itself the SSO authorization server unless another one is named.
    ssoAuthorizeUrl: textOr(env.BLADE_SSO_AUTHORIZE_URL, '/api/blade-auth/oauth/authorize'),
    ssoLogoutUrl: textOr(env.BLADE_SSO_LOGOUT_URL, '/api/blade-auth/oauth/logout'),
    socialSources: await socialSources(db, tenantId),
    // With an SM2 key the server decrypts passwords and phone numbers; the browser encrypts with its public half.
    sm2PublicKey: config.sm2PrivateKey ? publicKeyOf(config.sm2PrivateKey) : '',
  };
}

export const siteModule: BladeModule = (app, services) => {
  app.get(SITE_CONFIG_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    const tenantId = await tenantOfRequest(services.db, c.req.query('tenantId'), c.req.header('host'));
    return c.json(await siteSettings(services, process.env, tenantId));
  });
};
