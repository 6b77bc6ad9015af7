import { describe, expect, it } from 'vitest';
import { call, login, loginAdmin, md5, requestToken } from './client';
import { ADMIN_PASSWORD, LOCK_VICTIM, OTHER_TENANT, TESTER } from './fixtures';

const ADMIN = { account: 'admin', password: ADMIN_PASSWORD };
const TOKEN_FIELDS = [
  'access_token', 'token_type', 'refresh_token', 'expires_in', 'scope', 'tenant_id', 'user_id', 'dept_id', 'post_id',
  'role_id', 'oauth_id', 'account', 'user_name', 'nick_name', 'real_name', 'role_name', 'avatar', 'detail', 'license',
  'client_id',
];
const BCRYPT = /\$2[aby]\$\d\d\$/;

describe('oauth/token', () => {
  it('answers the raw BladeX token response for the password grant', async () => {
    const answer = await requestToken(ADMIN);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([...TOKEN_FIELDS].sort());
    expect(answer.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      scope: 'all',
      tenant_id: '000000',
      user_id: '1123598821738675201',
      account: 'admin',
      role_name: 'administrator',
      client_id: 'saber',
      detail: { type: 'web' },
    });
    const claims = JSON.parse(Buffer.from(answer.body.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ token_type: 'access_token', tenant_id: '000000', account: 'admin' });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(JSON.parse(Buffer.from(answer.body.refresh_token.split('.')[1], 'base64url').toString()).token_type).toBe(
      'refresh_token',
    );
  });

  it('accepts the parameters in a form body too', async () => {
    const body = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(ADMIN_PASSWORD), grant_type: 'password' });
    const answer = await call('/api/blade-auth/oauth/token', {
      method: 'POST',
      body: body.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.body.access_token).toBeTruthy();
  });

  it('answers {error_code, error_description} with HTTP 400 on failures', async () => {
    const wrongPassword = await requestToken({ account: 'admin', password: 'wrong' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ error_code: 2004, error_description: '用户名或密码错误' });

    const noUser = await requestToken({ account: 'nobody', password: 'x' });
    expect(noUser.body).toEqual({ error_code: 2001, error_description: '用户名或密码错误' });

    const noTenant = await requestToken({ tenantId: '999999', account: 'admin', password: ADMIN_PASSWORD });
    expect(noTenant.body).toEqual({ error_code: 2002, error_description: '未获得用户的租户信息' });

    const nul = await requestToken({ account: 'ad\u0000min', password: 'x' });
    expect(nul.status).toBe(400);

    const badGrant = await requestToken(ADMIN, { grantType: 'implicit' });
    expect(badGrant.body.error_code).toBe(4000);
  });

  it('refuses a wrong or missing Basic client', async () => {
    const wrongSecret = await requestToken(ADMIN, {
      headers: { Authorization: `Basic ${Buffer.from('saber:not_the_secret').toString('base64')}` },
    });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.error_code).toBe(3001);
    const unknown = await requestToken(ADMIN, {
      headers: { Authorization: `Basic ${Buffer.from('sword:sword_secret').toString('base64')}` },
    });
    expect(unknown.body.error_code).toBe(3000);
    const missing = await requestToken(ADMIN, { headers: { Authorization: '' } });
    expect(missing.body.error_code).toBe(3000);
  });

  it('lets Role-Id and Dept-Id choose among the user own roles and depts only', async () => {
    const [firstRole, secondRole] = OTHER_TENANT.roleIds;
    const both = await requestToken(OTHER_TENANT);
    expect(both.body.role_id).toBe(`${firstRole},${secondRole}`);
    expect(both.body.role_name).toBe('administrator,user');
    expect(both.body.dept_id).toBe(OTHER_TENANT.deptIds.join(','));

    const switched = await requestToken(OTHER_TENANT, {
      headers: { 'Role-Id': secondRole, 'Dept-Id': OTHER_TENANT.deptIds[1] },
    });
    expect(switched.body).toMatchObject({ role_id: secondRole, role_name: 'user', dept_id: OTHER_TENANT.deptIds[1] });

    const foreign = await requestToken(OTHER_TENANT, { headers: { 'Role-Id': '1123598816738675201' } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error_code).toBe(2005);
  });
});

describe('lock-out', () => {
  it('locks an account after 5 failures within 30 minutes, until an administrator unlocks it', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await requestToken({ ...LOCK_VICTIM, password: 'bad' })).body.error_code).toBe(2004);
    }
    const locked = await requestToken(LOCK_VICTIM);
    expect(locked.body).toEqual({ error_code: 2003, error_description: '登录错误次数过多,请稍后再试' });

    const tester = (await login(TESTER)).access_token;
    const refused = await call('/api/blade-system/user/unlock?userIds=1900000000000000002', { token: tester, method: 'POST' });
    expect(refused.body.code).toBe(403);
    expect((await requestToken(LOCK_VICTIM)).body.error_code).toBe(2003);

    const admin = await loginAdmin();
    const unlocked = await call('/api/blade-system/user/unlock?userIds=1900000000000000002', { token: admin, method: 'POST' });
    expect(unlocked.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    expect((await requestToken(LOCK_VICTIM)).body.access_token).toBeTruthy();
  });
});

describe('refresh and logout', () => {
  it('refreshes with the refresh token, and logout revokes it', async () => {
    const first = await login(ADMIN);
    const refresh = (token: string) =>
      call(`/api/blade-auth/oauth/token?grant_type=refresh_token&scope=all&refresh_token=${token}&tenantId=000000`, {
        method: 'POST',
      });
    const refreshed = await refresh(first.refresh_token);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: 'bearer', account: 'admin', user_id: '1123598821738675201' });
    expect((await call('/api/blade-system/param/list', { token: refreshed.body.access_token })).body.code).toBe(200);

    expect((await refresh(first.access_token)).body.error_code).toBe(2010);

    const logout = await call('/api/blade-auth/oauth/logout', { token: refreshed.body.access_token });
    expect(logout.body.code).toBe(200);
    const afterLogout = await refresh(refreshed.body.refresh_token);
    expect(afterLogout.status).toBe(400);
    expect(afterLogout.body.error_code).toBe(2010);
    expect((await refresh(first.refresh_token)).body.error_code).toBe(2010);
  });
});

describe('user-info and secrets', () => {
  it('answers user-info in the envelope', async () => {
    const token = await loginAdmin();
    const answer = await call('/api/blade-auth/oauth/user-info', { token });
    expect(answer.body).toMatchObject({
      code: 200,
      data: { tenantId: '000000', userId: '1123598821738675201', account: 'admin', roleName: 'administrator' },
    });
  });

  it('never returns a password hash', async () => {
    const tokenAnswer = await requestToken(ADMIN);
    const token = tokenAnswer.body.access_token;
    const answers = [
      tokenAnswer,
      await call('/api/blade-auth/oauth/user-info', { token }),
      await call('/api/blade-system/param/list?size=1000', { token }),
      await call('/api/blade-system/menu/routes', { token }),
    ];
    for (const answer of answers) {
      expect(answer.text).not.toMatch(BCRYPT);
      expect(answer.text).not.toContain(md5(ADMIN_PASSWORD));
      expect(answer.text).not.toContain('"password"');
    }
  });
});
