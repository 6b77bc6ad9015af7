import type { Context } from 'hono';
import { checkClient, tokenOf } from '../../blade/auth';
import type { BladeEnv, BladeModule } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { issueCaptcha } from './captcha';
import { grantToken, revokeSession } from './login';
import { OAUTH, OAuthError, oauthError } from './oauth-error';

const BASE = '/api/blade-auth/oauth';

/** Paths answered without an access token. */
export const AUTH_PUBLIC_PATHS = [
  `${BASE}/token`,
  `${BASE}/token/refresh`,
  `${BASE}/captcha`,
  `${BASE}/logout`,
  `${BASE}/clear-cache`,
];

/** Query string and, when sent, a form body (BladeX reads both). */
async function tokenParams(c: Context<BladeEnv>): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    for (const [key, value] of Object.entries(await c.req.parseBody())) {
      if (typeof value === 'string') params[key] = value;
    }
  }
  return { ...params, ...c.req.query() };
}

export const authModule: BladeModule = (app, services) => {
  const { db, tokens } = services;

  const token = async (c: Context<BladeEnv>) => {
    try {
      const client = await checkClient(db, c.req.header('authorization'));
      if ('failure' in client) {
        throw oauthError(client.failure === 'wrong-secret' ? OAUTH.invalidClient : OAUTH.clientNotFound);
      }
      const body = await grantToken(services, {
        params: await tokenParams(c),
        clientId: client.clientId,
        tenantHeader: c.req.header('tenant-id'),
        deptHeader: c.req.header('dept-id'),
        roleHeader: c.req.header('role-id'),
        captchaKey: c.req.header('captcha-key'),
        captchaCode: c.req.header('captcha-code'),
      });
      return c.json(body);
    } catch (error) {
      if (error instanceof OAuthError) {
        return c.json({ error_code: error.errorCode, error_description: error.errorDescription }, 400);
      }
      throw error;
    }
  };
  app.post(`${BASE}/token`, token);
  app.post(`${BASE}/token/refresh`, token);

  app.get(`${BASE}/captcha`, async (c) => c.json(await issueCaptcha(db)));

  const logout = async (c: Context<BladeEnv>) => {
    const jwt = tokenOf(c.req.raw.headers, c.req.query('blade-auth'));
    const claims = jwt ? await tokens.verify(jwt, 'access_token') : undefined;
    if (claims) await revokeSession(db, claims.session_id);
    return send(c, R.success());
  };
  app.get(`${BASE}/logout`, logout);
  app.post(`${BASE}/logout`, logout);

  app.get(`${BASE}/clear-cache`, (c) => send(c, R.success()));

  app.get(`${BASE}/user-info`, async (c) => {
    const user = c.get('user');
    const [row] = await db.query<{ avatar: string | null }>('SELECT avatar FROM blade_user WHERE id = $1', [user.userId]);
    const { sessionId: _session, ...visible } = user;
    return send(c, R.data({ ...visible, oauthId: '', avatar: row?.avatar ?? '', detail: { type: 'web' } }));
  });
};
