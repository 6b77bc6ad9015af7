import { rmSync } from 'node:fs';
import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { call, md5 } from './client';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';

/**
 * A server of its own holding an SM2 private key (BLADE_SM2_PRIVATE_KEY): the browser encrypts md5(password) with
 * the public key from /site-config.json (C1C2C3, hex without 04) and the server decrypts it.
 */
let server: RunningServer;
let dataDir: string;
const PASSWORD = 'Sm2-admin-pass1';
const keys = sm2.generateKeyPairHex();

beforeAll(async () => {
  dataDir = freshDataDir('blade-sm2-test-');
  server = await startServer({ port: 0, dataDir, adminPassword: PASSWORD, captcha: false, sm2PrivateKey: keys.privateKey }, { resources: registry });
});

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function passwordGrant(password: string) {
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password, grant_type: 'password', scope: 'all' });
  return call(`/api/blade-auth/oauth/token?${query}`, { base: server.url, method: 'POST', headers: { 'Tenant-Id': '000000' } });
}

describe('SM2-encrypted login', () => {
  it('publishes the public key that matches the private key', async () => {
    const response = await fetch(`${server.url}/site-config.json`);
    const settings = (await response.json()) as { sm2PublicKey?: string };
    expect(settings.sm2PublicKey?.toLowerCase()).toBe(keys.publicKey.toLowerCase());
  });

  it('accepts the SM2 ciphertext of md5(password), and still the plain md5', async () => {
    const encrypted = sm2.doEncrypt(md5(PASSWORD), keys.publicKey, 0);
    expect(encrypted).not.toContain(md5(PASSWORD));
    const viaSm2 = await passwordGrant(encrypted);
    expect(viaSm2.status).toBe(200);
    expect(viaSm2.body).toMatchObject({ account: 'admin', token_type: 'bearer' });
    expect((await passwordGrant(md5(PASSWORD))).body.account).toBe('admin');
  });

  it('refuses ciphertext of a wrong password, and ciphertext made with another key', async () => {
    const wrong = await passwordGrant(sm2.doEncrypt(md5('not-the-password'), keys.publicKey, 0));
    expect(wrong.body.error_description).toBe('用户名或密码错误');
    const otherKey = sm2.generateKeyPairHex();
    // Undecryptable ciphertext counts as no password at all.
    const foreign = await passwordGrant(sm2.doEncrypt(md5(PASSWORD), otherKey.publicKey, 0));
    expect(foreign.body.access_token).toBeUndefined();
    expect(foreign.body.error_description).toBe('缺少必要的请求参数');
  });
});
