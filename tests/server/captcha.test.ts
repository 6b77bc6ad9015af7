import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { call, requestToken } from './client';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';

/** A server of its own with BLADE_CAPTCHA on: the test reads the expected captcha text from its database. */
let server: RunningServer;
let dataDir: string;
const PASSWORD = 'Captcha-admin1';
const ADMIN = { account: 'admin', password: PASSWORD };

beforeAll(async () => {
  dataDir = freshDataDir('blade-captcha-test-');
  server = await startServer({ port: 0, dataDir, adminPassword: PASSWORD, captcha: true }, { resources: registry });
});

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function newCaptcha() {
  const answer = await call('/api/blade-auth/oauth/captcha', { base: server.url, headers: {} });
  expect(answer.status).toBe(200);
  const [row] = await server.db.query<{ code: string }>('SELECT code FROM blade_captcha WHERE captcha_key = $1', [
    answer.body.key,
  ]);
  return { key: answer.body.key as string, image: answer.body.image as string, text: row.code };
}

const withCaptcha = (key: string, code: string) => ({ 'Captcha-Key': key, 'Captcha-Code': code });

describe('captcha', () => {
  it('issues a key and an SVG data URI image', async () => {
    const captcha = await newCaptcha();
    expect(captcha.key).toMatch(/^[0-9a-f]{32}$/);
    expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(captcha.image.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(captcha.text).toHaveLength(5);
  });

  it('logs in with the captcha grant and the right text, in any letter case', async () => {
    const captcha = await newCaptcha();
    const answer = await requestToken(ADMIN, {
      base: server.url,
      grantType: 'captcha',
      headers: withCaptcha(captcha.key, captcha.text.toUpperCase()),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.access_token).toBeTruthy();
  });

  it('refuses a wrong text, and a captcha used twice', async () => {
    const captcha = await newCaptcha();
    const wrong = await requestToken(ADMIN, { base: server.url, grantType: 'captcha', headers: withCaptcha(captcha.key, 'zzzzz') });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error_code: 2000, error_description: '验证码不正确' });
    const reused = await requestToken(ADMIN, {
      base: server.url,
      grantType: 'captcha',
      headers: withCaptcha(captcha.key, captcha.text),
    });
    expect(reused.body.error_description).toBe('验证码不正确');
  });

  it('requires the captcha for the password grant when BLADE_CAPTCHA is on', async () => {
    const without = await requestToken(ADMIN, { base: server.url });
    expect(without.body.error_description).toBe('验证码不正确');
    const captcha = await newCaptcha();
    const withIt = await requestToken(ADMIN, { base: server.url, headers: withCaptcha(captcha.key, captcha.text) });
    expect(withIt.body.access_token).toBeTruthy();
  });

  it('signs with a key of its own installation: tokens of one server are refused by another', async () => {
    const captcha = await newCaptcha();
    const token = (await requestToken(ADMIN, { base: server.url, headers: withCaptcha(captcha.key, captcha.text) })).body
      .access_token;
    expect((await call('/api/blade-system/param/list', { base: server.url, token })).body.code).toBe(200);
    const elsewhere = await call('/api/blade-system/param/list', { token });
    expect(elsewhere.body.code).toBe(401);
  });
});

describe('captcha on the SSO login form (oauth/authorize)', () => {
  const query = () =>
    new URLSearchParams({ client_id: 'saber', redirect_uri: `${server.url}/login`, response_type: 'code', state: 's' });
  const submit = (fields: Record<string, string>) =>
    fetch(`${server.url}/api/blade-auth/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ...Object.fromEntries(query()), tenantId: '000000', username: 'admin', password: PASSWORD, ...fields }),
      redirect: 'manual',
    });

  it('shows a captcha on the form and refuses the right password without its text', async () => {
    const page = await (await fetch(`${server.url}/api/blade-auth/oauth/authorize?${query()}`)).text();
    expect(page).toContain('name="captcha_key"');
    expect(page).toMatch(/<img src="data:image\/svg\+xml;base64,/);

    const without = await submit({});
    expect(without.status).toBe(400);
    expect(await without.text()).toContain('验证码不正确');

    const captcha = await newCaptcha();
    const wrong = await submit({ captcha_key: captcha.key, captcha_code: 'zzzzz' });
    expect(wrong.status).toBe(400);
  });

  it('signs in with the right captcha text', async () => {
    const captcha = await newCaptcha();
    const signed = await submit({ captcha_key: captcha.key, captcha_code: captcha.text });
    expect(signed.status).toBe(302);
    expect(new URL(signed.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });
});
