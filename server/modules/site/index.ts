import { sm2 } from 'sm-crypto';
import type { BladeModule, ServerServices } from '../../blade/context';
import type { Db } from '../../db/types';

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

/** The social sources an administrator configured and enabled; none before the table exists. */
async function socialSources(db: Db) {
  const [table] = await db.query<{ name: string | null }>("SELECT to_regclass('blade_social_provider')::text AS name");
  if (!table?.name) return [];
  const rows = await db.query<SocialSourceRow>(
    `SELECT DISTINCT ON (source) source, client_id, authorize_url, redirect_uri
       FROM blade_social_provider WHERE is_deleted = 0 AND status = 1 ORDER BY source, id`,
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

/** The settings document; the environment is read per request so a restart is all a change needs. */
export async function siteSettings({ db, config }: ServerServices, env: SiteEnv) {
  return {
    tenantMode: true,
    captchaMode: config.captcha,
    // The same switch the register grant obeys (env BLADE_REGISTER).
    registerMode: Boolean(config.register),
    ssoMode: isOn(env.BLADE_SSO),
    // The embedded server is itself the SSO authorization server unless another one is named.
    ssoAuthorizeUrl: textOr(env.BLADE_SSO_AUTHORIZE_URL, '/api/blade-auth/oauth/authorize'),
    ssoLogoutUrl: textOr(env.BLADE_SSO_LOGOUT_URL, '/api/blade-auth/oauth/logout'),
    socialSources: await socialSources(db),
    // With an SM2 key the server decrypts passwords and phone numbers; the browser encrypts with its public half.
    sm2PublicKey: config.sm2PrivateKey ? publicKeyOf(config.sm2PrivateKey) : '',
  };
}

export const siteModule: BladeModule = (app, services) => {
  app.get(SITE_CONFIG_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await siteSettings(services, process.env));
  });
};
