import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin, serverUrl } from '../server/client';
import { TESTER } from '../server/fixtures';

const PROTECTED = '/api/blade-system/param/list';
let admin: string;

beforeAll(async () => {
  admin = await loginAdmin();
});

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe('tokens', () => {
  it('refuses a token signed with another key, an unsigned one and a tampered one', async () => {
    const claims = claimsOf(admin);
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode('guessed-key'));
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${admin.split('.')[1]}.`;
    const [head, , signature] = admin.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, tenant_id: '100001' })).toString('base64url')}.${signature}`;
    for (const token of [forged, unsigned, tampered, 'garbage', '']) {
      expect((await call(PROTECTED, { token })).body.code).toBe(401);
    }
  });

  it('refuses an expired token', async () => {
    const expired = await new SignJWT({ ...claimsOf(admin), exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode('guessed-key'));
    expect((await call(PROTECTED, { token: expired })).body.code).toBe(401);
  });

  it('refuses a refresh token used as an access token, and an access token used for a refresh', async () => {
    const session = await login(TESTER);
    expect((await call(PROTECTED, { token: session.refresh_token })).body.code).toBe(401);
    const query = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.access_token });
    const refreshed = await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST' });
    expect(refreshed.body.error_code).toBe(2010);
  });

  it('refuses a revoked token (after logout)', async () => {
    const session = await login(TESTER);
    expect((await call(PROTECTED, { token: session.access_token })).body.code).toBe(200);
    await call('/api/blade-auth/oauth/logout', { token: session.access_token });
    expect((await call(PROTECTED, { token: session.access_token })).body.code).toBe(401);
  });
});

describe('no secret in any answer', () => {
  it('holds for the signed-in screens, the token answer and the public documents', async () => {
    const paths = [
      '/api/blade-auth/oauth/user-info',
      '/api/blade-system/user/info',
      '/api/blade-system/menu/routes',
      '/api/blade-system/menu/buttons',
      '/api/blade-system/user/audit-list',
      '/api/blade-auth/oauth/social-provider/list',
      '/api/blade-system/tenant/info?domain=other.example.com',
      '/site-config.json',
    ];
    const texts = await Promise.all(paths.map(async (path) => (await call(path, { token: admin })).text));
    texts.push(JSON.stringify(await login(TESTER)));
    for (const text of texts) {
      expect(text).not.toMatch(/\$2[aby]\$\d\d\$/);
      expect(text).not.toMatch(/client_?secret"\s*:\s*"[^"]+|jwt_sign_key|private_?key"\s*:\s*"[^"]+/i);
    }
  });
});

describe('security headers', () => {
  it('are on every API answer, and token answers are not cached', async () => {
    const answer = await fetch(`${serverUrl()}${PROTECTED}`, { headers: { 'Blade-Auth': `bearer ${admin}` } });
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(answer.headers.get('referrer-policy')).toBeTruthy();
    const token = await fetch(`${serverUrl()}/api/blade-auth/oauth/token?grant_type=password`, { method: 'POST' });
    expect(token.headers.get('cache-control')).toBe('no-store');
  });
});
