import type { Context } from 'hono';
import { checkClient, tokenOf } from '../../blade/auth';
import type { BladeEnv, BladeModule } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { randomUUID } from 'node:crypto';
import { ADMIN_TENANT } from '../../blade/context';
import { formFields } from '../../blade/body';
import { limitRate } from '../../blade/rate-limit';
import { jsonBody } from '../../blade/crud';
import { badRequest, unauthorized } from '../../blade/errors';
import { recordApiCall } from '../../blade/logs';
import { issueCaptcha } from './captcha';
import { storeErrorLogs } from './error-logs';
import { revokeSession } from '../../users/sessions';
import { grantToken } from './grants';
import { OAUTH, OAuthError, oauthError } from './oauth-error';
import { sendValidateCode } from './sms';
import { authorizeUrlOf, providerOf } from './social';
import { socialProviderModule } from './social-providers';
import { authorizePage, authorizeSubmit, ssoLogout } from './sso';

const BASE = '/api/blade-auth/oauth';
/** Per client address and minute; generous for people, a wall for scripted guessing across accounts. */
const DEFAULT_TOKEN_RATE = 300;

/** Paths answered without an access token. */
export const AUTH_PUBLIC_PATHS = [
  `${BASE}/token`,
  `${BASE}/token/refresh`,
  `${BASE}/captcha`,
  `${BASE}/logout`,
  `${BASE}/sms/send-validate`,
  `${BASE}/authorize`,
  `${BASE}/render/`,
];

/** Query string and, when sent, a form body (BladeX reads both). */
async function tokenParams(c: Context<BladeEnv>): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  const isForm = type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data');
  return { ...(isForm ? await formFields(c) : {}), ...c.req.query() };
}

const titleOf = (params: Record<string, string>) => (params.grant_type === 'refresh_token' ? '刷新令牌' : '登录用户验证');

export const authModule: BladeModule = (app, services) => {
  const { db, tokens } = services;

  const token = async (c: Context<BladeEnv>) => {
    const startedAt = performance.now();
    // Tokens must never sit in a cache.
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    let params: Record<string, string> = {};
    try {
      params = await tokenParams(c);
      const client = await checkClient(db, c.req.header('authorization'));
      if ('failure' in client) {
        throw oauthError(client.failure === 'wrong-secret' ? OAUTH.invalidClient : OAUTH.clientNotFound);
      }
      // A client gets tokens only by the grants its row lists (应用管理).
      if (params.grant_type && !client.grantTypes.includes(params.grant_type)) throw oauthError(OAUTH.grantNotAllowed);
      const body = await grantToken(services, {
        params,
        clientId: client.clientId,
        tenantHeader: c.req.header('tenant-id'),
        deptHeader: c.req.header('dept-id'),
        roleHeader: c.req.header('role-id'),
        captchaKey: c.req.header('captcha-key'),
        captchaCode: c.req.header('captcha-code'),
        origin: c,
      });
      await recordApiCall(db, c, titleOf(params), { tenantId: body.tenant_id, account: body.account, userId: body.user_id, deptId: body.dept_id }, startedAt, params);
      return c.json(body);
    } catch (error) {
      if (error instanceof OAuthError) {
        // A refused sign-in is logged too, with why: in the tenant it asked for, or, when that tenant itself was
        // refused (expired, recycled, unknown), in the administrator tenant, whose operators manage tenants.
        const tenantRefused = error.errorCode === OAUTH.tenantExpired.code || error.errorCode === OAUTH.tenantNotFound.code;
        const subject = {
          tenantId: tenantRefused ? ADMIN_TENANT : (c.req.header('tenant-id') || params.tenantId || ADMIN_TENANT).slice(0, 12),
          account: params.username || params.account || '',
        };
        await recordApiCall(db, c, titleOf(params), subject, startedAt, params, { success: false, message: error.errorDescription });
        return c.json({ error_code: error.errorCode, error_description: error.errorDescription }, 400);
      }
      throw error;
    }
  };
  const rateLimited = limitRate(db, 'token', services.config.tokenRatePerMinute ?? DEFAULT_TOKEN_RATE);
  app.post(`${BASE}/token`, rateLimited, token);
  app.post(`${BASE}/token/refresh`, rateLimited, token);

  app.get(`${BASE}/captcha`, async (c) => c.json(await issueCaptcha(db)));

  const callerClaims = async (c: Context<BladeEnv>) => {
    const jwt = tokenOf(c.req.raw.headers, c.req.query('blade-auth'));
    const claims = jwt ? await tokens.verify(jwt, 'access_token') : undefined;
    return claims && (await services.sessions.isLive(claims.session_id, claims.user_id, claims.tenant_id)) ? claims : undefined;
  };

  // Logout ends the session, so its access and refresh tokens stop working; with `redirect_uri` it is the SSO
  // logout a browser navigates to.
  app.get(`${BASE}/logout`, async (c) => {
    const startedAt = performance.now();
    const claims = await callerClaims(c);
    if (claims) {
      await revokeSession(db, claims.session_id);
      await recordApiCall(db, c, '退出登录', { tenantId: claims.tenant_id, account: claims.account, userId: claims.user_id, deptId: claims.dept_id }, startedAt);
    }
    const redirectUri = c.req.query('redirect_uri');
    const redirected = redirectUri ? await ssoLogout(services, c, redirectUri) : undefined;
    return redirected ?? send(c, R.success());
  });
  // Spec §7 "POST logout (body: logs)": the front end uploads its local error log; the session stays.
  app.post(`${BASE}/logout`, async (c) => {
    const claims = await callerClaims(c);
    if (!claims) throw unauthorized();
    const stored = await storeErrorLogs(db, claims, await jsonBody(c.req.raw));
    return send(c, R.data({ stored }));
  });

  // Signed-in callers only: anyone else could keep every instance's caches cold.
  app.get(`${BASE}/clear-cache`, (c) => {
    db.clearCache();
    return send(c, R.success());
  });

  app.post(`${BASE}/sms/send-validate`, async (c) => {
    const tenantId = c.req.query('tenantId') || c.req.header('tenant-id') || ADMIN_TENANT;
    return send(c, R.data(await sendValidateCode(services, tenantId, c.req.query('phone'))));
  });

  socialProviderModule(app, services);

  app.get(`${BASE}/authorize`, (c) => authorizePage(services, c));
  app.post(`${BASE}/authorize`, rateLimited, (c) => authorizeSubmit(services, c));

  // Social login starts here: the browser is sent to the configured provider's authorization page.
  app.get(`${BASE}/render/:source`, async (c) => {
    const tenantId = c.req.query('tenantId') || ADMIN_TENANT;
    const provider = await providerOf(db, tenantId, c.req.param('source'));
    if (!provider) throw badRequest('未配置该第三方登录来源');
    return c.redirect(authorizeUrlOf(provider, c.req.query('state') || randomUUID()), 302);
  });

  app.get(`${BASE}/user-info`, async (c) => {
    const user = c.get('user');
    const [row] = await db.query<{ avatar: string | null }>('SELECT avatar FROM blade_user WHERE id = $1', [user.userId]);
    const { sessionId: _session, ...visible } = user;
    return send(c, R.data({ ...visible, oauthId: '', avatar: row?.avatar ?? '', detail: { type: 'web' } }));
  });
};
