import { describe, expect, it } from 'vitest';
import { createTokenService, type TokenClaims } from '../../server/blade/token';
import { until } from '../until';

const CLAIMS: Omit<TokenClaims, 'token_type'> = {
  tenant_id: '000000',
  user_id: '1123598821738675201',
  dept_id: '1123598813738675201',
  post_id: '',
  role_id: '1123598816738675201',
  account: 'admin',
  user_name: 'admin',
  nick_name: 'admin',
  real_name: 'admin',
  role_name: 'administrator',
  detail: { type: 'web' },
  client_id: 'saber',
  session_id: 'session-1',
} as Omit<TokenClaims, 'token_type'>;

/** A checked signature is remembered by the token's text; what a token may do is still decided at each use. */
describe('token verification', () => {
  it('refuses a token it let in before once it expires, as the other type, and under another key', async () => {
    const tokens = createTokenService(new TextEncoder().encode('a'.repeat(64)));
    const token = await tokens.sign(CLAIMS, 'access_token', 2);
    expect(await tokens.verify(token, 'access_token')).toMatchObject({ user_id: CLAIMS.user_id });
    expect(await tokens.verify(token, 'access_token')).toMatchObject({ user_id: CLAIMS.user_id });
    expect(await tokens.verify(token, 'refresh_token')).toBeUndefined();
    const other = createTokenService(new TextEncoder().encode('b'.repeat(64)));
    expect(await other.verify(token, 'access_token')).toBeUndefined();
    await until('the token to expire', async () => (await tokens.verify(token, 'access_token')) === undefined, 10_000);
    // Past its expiry it stays refused (not let in again from what was remembered).
    expect(await tokens.verify(token, 'access_token')).toBeUndefined();
  });

  it('refuses a token whose signature was tampered with, even beside a remembered one', async () => {
    const tokens = createTokenService(new TextEncoder().encode('c'.repeat(64)));
    const token = await tokens.sign(CLAIMS, 'access_token');
    expect(await tokens.verify(token, 'access_token')).toBeDefined();
    const [header, payload] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...CLAIMS, user_id: '1', token_type: 'access_token' })).toString('base64url')}.${token.split('.')[2]}`;
    expect(forged).not.toBe(token);
    expect(payload).toBeDefined();
    expect(await tokens.verify(forged, 'access_token')).toBeUndefined();
  });
});
