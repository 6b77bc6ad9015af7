import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { html } from 'hono/html';
import { formFields } from '../../blade/body';
import { ADMIN_TENANT, type BladeEnv, type ServerServices } from '../../blade/context';
import { REFRESH_TOKEN_SECONDS } from '../../blade/token';
import type { Db } from '../../db/types';
import { cspNonceOf } from '../../serving';
import { userOfCredentials } from '../../users/credentials';
import { assertUserActive, findUser } from '../../users/lookup';
import { md5Hex } from '../../users/password';
import { startSession } from '../../users/sessions';
import { issueTokens } from '../../users/token-response';
import { checkCaptcha, issueCaptcha } from './captcha';
import { OAUTH, OAuthError, oauthError } from './oauth-error';
import { assertTenantUsable, type TokenRequest } from './token-request';

/**
 * The embedded server as an OAuth2 authorization server (single sign-on): `oauth/authorize` signs the browser in
 * with a small form and redirects back with a single-use code; grant `authorization_code` exchanges it.
 */

const CODE_MS = 5 * 60 * 1000;
const SSO_COOKIE = 'blade_sso';
const COOKIE_PATH = '/api/blade-auth/oauth';

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
}

/**
 * A redirect target is allowed when it starts with one of the client's registered `web_server_redirect_uri`
 * prefixes (comma list), or, for a client without any, when it is on this server's own origin. Nothing else,
 * so the endpoint is never an open redirect.
 */
async function redirectAllowed(db: Db, clientId: string | undefined, redirectUri: string, ownOrigins: string[]) {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  const clients = await db.query<{ client_id: string; web_server_redirect_uri: string | null }>(
    `SELECT client_id, web_server_redirect_uri FROM blade_client
     WHERE is_deleted = 0 AND status = 1 AND ($1 = '' OR client_id = $1)`,
    [clientId ?? ''],
  );
  return clients.some((client) => {
    const prefixes = (client.web_server_redirect_uri ?? '').split(',').map((p) => p.trim()).filter(Boolean);
    if (prefixes.length === 0) return ownOrigins.includes(target.origin);
    return prefixes.some((prefix) => redirectUri.startsWith(prefix));
  });
}

async function clientAllowsCode(db: Db, clientId: string): Promise<boolean> {
  const [client] = await db.query<{ authorized_grant_types: string | null }>(
    'SELECT authorized_grant_types FROM blade_client WHERE client_id = $1 AND is_deleted = 0 AND status = 1',
    [clientId],
  );
  return !!client && (client.authorized_grant_types ?? '').split(',').includes('authorization_code');
}

/**
 * The server's own origin as the browser addressed it. Forwarded headers are not trusted (a client can send any),
 * and behind a TLS-terminating proxy the browser's scheme may differ from ours, so `http` and `https` of this
 * host are both this origin.
 */
function ownOrigins(c: Context<BladeEnv>): string[] {
  const { host } = new URL(c.req.url);
  return [`http://${host}`, `https://${host}`];
}

interface LoginForm {
  request: AuthorizeRequest;
  tenantId: string;
  account: string;
  nonce: string;
  captcha?: { key: string; image: string };
  error?: string;
}

function loginPage({ request, tenantId, account, nonce, captcha, error }: LoginForm) {
  return html`<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>统一认证登录</title>
    <style nonce="${nonce}">
      body { font-family: sans-serif; background: #f0f2f5; display: flex; justify-content: center; padding-top: 10vh; }
      form { background: #fff; padding: 32px; border-radius: 8px; width: 320px; box-shadow: 0 2px 8px rgba(0,0,0,.1); }
      h1 { font-size: 20px; margin: 0 0 24px; text-align: center; }
      label { display: block; margin-bottom: 16px; font-size: 14px; color: #333; }
      input { display: block; width: 100%; box-sizing: border-box; margin-top: 6px; padding: 8px; font-size: 14px; }
      button { width: 100%; padding: 10px; background: #409eff; color: #fff; border: 0; border-radius: 4px; font-size: 15px; }
      .error { color: #f5222d; margin-bottom: 16px; font-size: 14px; }
      .captcha { display: flex; gap: 8px; align-items: flex-end; }
      .captcha img { height: 36px; }
    </style>
  </head>
  <body>
    <form method="post">
      <h1>统一认证登录</h1>
      ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
      <input type="hidden" name="client_id" value="${request.clientId}" />
      <input type="hidden" name="redirect_uri" value="${request.redirectUri}" />
      <input type="hidden" name="response_type" value="code" />
      <input type="hidden" name="state" value="${request.state}" />
      <label>租户编号<input name="tenantId" value="${tenantId}" required /></label>
      <label>账号<input name="username" value="${account}" autocomplete="username" required /></label>
      <label>密码<input name="password" type="password" autocomplete="current-password" required /></label>
      ${captcha
        ? html`<input type="hidden" name="captcha_key" value="${captcha.key}" />
            <div class="captcha">
              <label>验证码<input name="captcha_code" autocomplete="off" required /></label>
              <img src="${captcha.image}" alt="验证码" />
            </div>`
        : ''}
      <button type="submit">登录</button>
    </form>
  </body>
</html>`;
}

async function issueCode(db: Db, request: AuthorizeRequest, user: { tenant_id: string; id: string }) {
  const code = randomBytes(24).toString('hex');
  await db.query('DELETE FROM blade_auth_code WHERE expires_at < $1', [Date.now()]);
  await db.query(
    `INSERT INTO blade_auth_code (code, client_id, redirect_uri, tenant_id, user_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [code, request.clientId, request.redirectUri, user.tenant_id, user.id, Date.now() + CODE_MS],
  );
  const target = new URL(request.redirectUri);
  target.searchParams.set('code', code);
  if (request.state) target.searchParams.set('state', request.state);
  return target.toString();
}

async function ssoUserOf(db: Db, sessionId: string | undefined) {
  if (!sessionId) return undefined;
  const [session] = await db.query<{ tenant_id: string; user_id: string }>(
    `SELECT s.tenant_id, s.user_id FROM blade_sso_session s
     JOIN blade_user u ON u.id = s.user_id AND u.is_deleted = 0 AND u.status = 1
     WHERE s.session_id = $1 AND s.expires_at >= $2`,
    [sessionId, Date.now()],
  );
  return session ? { tenant_id: session.tenant_id, id: session.user_id } : undefined;
}

async function readAuthorizeRequest(services: ServerServices, c: Context<BladeEnv>, source: Record<string, string>) {
  const request = { clientId: source.client_id ?? '', redirectUri: source.redirect_uri ?? '', state: source.state ?? '' };
  if (source.response_type !== 'code' || !(await clientAllowsCode(services.db, request.clientId))) return undefined;
  if (!(await redirectAllowed(services.db, request.clientId, request.redirectUri, ownOrigins(c)))) return undefined;
  return request;
}

const INVALID_AUTHORIZE = '授权请求无效';

/** `GET oauth/authorize`: an existing SSO session redirects at once, otherwise the login form. */
export async function authorizePage(services: ServerServices, c: Context<BladeEnv>) {
  const request = await readAuthorizeRequest(services, c, c.req.query());
  if (!request) return c.text(INVALID_AUTHORIZE, 400);
  const signedIn = await ssoUserOf(services.db, getCookie(c, SSO_COOKIE));
  if (signedIn) return c.redirect(await issueCode(services.db, request, signedIn), 302);
  return c.html(await loginForm(services, c, { request, tenantId: ADMIN_TENANT, account: '' }));
}

/** The form, with a fresh captcha whenever the server requires one (BLADE_CAPTCHA). */
async function loginForm(services: ServerServices, c: Context<BladeEnv>, form: Omit<LoginForm, 'nonce' | 'captcha'>) {
  const captcha = services.config.captcha ? await issueCaptcha(services.db) : undefined;
  return loginPage({ ...form, nonce: cspNonceOf(c), captcha });
}

/** `POST oauth/authorize`: checks the form's credentials (plain password, hashed here as the browser would). */
export async function authorizeSubmit(services: ServerServices, c: Context<BladeEnv>) {
  const { db } = services;
  const form = await formFields(c);
  const request = await readAuthorizeRequest(services, c, form);
  if (!request) return c.text(INVALID_AUTHORIZE, 400);
  const tenantId = (form.tenantId ?? '').trim() || ADMIN_TENANT;
  const account = (form.username ?? '').trim();
  const retry = async (message: string) => c.html(await loginForm(services, c, { request, tenantId, account, error: message }), 400);
  try {
    if (services.config.captcha && !(await checkCaptcha(db, form.captcha_key, form.captcha_code))) {
      throw oauthError(OAUTH.badCaptcha);
    }
    await assertTenantUsable(db, tenantId);
    // The form sends the password in plain; it is checked as the browser's md5 would be.
    const user = await userOfCredentials(db, tenantId, account, md5Hex(form.password ?? ''), c);
    const sessionId = randomBytes(24).toString('hex');
    await db.query('DELETE FROM blade_sso_session WHERE expires_at < $1', [Date.now()]);
    await db.query('INSERT INTO blade_sso_session (session_id, tenant_id, user_id, expires_at) VALUES ($1, $2, $3, $4)', [
      sessionId,
      user.tenant_id,
      user.id,
      Date.now() + REFRESH_TOKEN_SECONDS * 1000,
    ]);
    setCookie(c, SSO_COOKIE, sessionId, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: REFRESH_TOKEN_SECONDS,
    });
    return c.redirect(await issueCode(db, request, user), 302);
  } catch (error) {
    if (error instanceof OAuthError) return retry(error.errorDescription);
    throw error;
  }
}

/**
 * SSO logout (`GET oauth/logout?redirect_uri=`): ends the browser's SSO session and, when the target is an
 * allowed redirect, sends the browser there. Answers whether it redirected.
 */
export async function ssoLogout(services: ServerServices, c: Context<BladeEnv>, redirectUri: string) {
  const sessionId = getCookie(c, SSO_COOKIE);
  if (sessionId) await services.db.query('DELETE FROM blade_sso_session WHERE session_id = $1', [sessionId]);
  deleteCookie(c, SSO_COOKIE, { path: COOKIE_PATH });
  if (!(await redirectAllowed(services.db, undefined, redirectUri, ownOrigins(c)))) return undefined;
  return c.redirect(redirectUri, 302);
}

/** Grant `authorization_code`: a code issued to this client for this `redirect_uri`, once, within 5 minutes. */
export async function authorizationCodeGrant(services: ServerServices, request: TokenRequest) {
  const { db } = services;
  const { code, redirect_uri: redirectUri } = request.params;
  if (!code || !redirectUri) throw oauthError(OAUTH.invalidRequest);
  const [grant] = await db.query<{ client_id: string; redirect_uri: string; tenant_id: string; user_id: string; expires_at: string }>(
    'DELETE FROM blade_auth_code WHERE code = $1 RETURNING client_id, redirect_uri, tenant_id, user_id, expires_at',
    [code],
  );
  const valid =
    grant && grant.client_id === request.clientId && grant.redirect_uri === redirectUri && Number(grant.expires_at) >= Date.now();
  if (!valid) throw oauthError(OAUTH.invalidRequest, '授权码无效或已过期');
  await assertTenantUsable(db, grant.tenant_id);
  const user = await findUser.byId(db, grant.tenant_id, grant.user_id);
  if (!user) throw oauthError(OAUTH.userNotFound);
  assertUserActive(user);
  return issueTokens(services, user, request, await startSession(db, user));
}
