import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundRefused, outboundPolicy, outboundRequest } from '../../server/outbound';
import { call, login, loginAdmin, SABER_BASIC, serverUrl } from './client';
import { OTHER_TENANT } from './fixtures';

let admin: string;
let provider: Server;
let providerUrl: string;

beforeAll(async () => {
  admin = await loginAdmin();
  // A tiny OAuth2 provider on loopback: every code is good and names an unbound third-party account.
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      response.setHeader('Content-Type', 'application/json');
      if (request.url === '/token') return response.end(JSON.stringify({ access_token: `at-${new URLSearchParams(body).get('code')}` }));
      if (request.url === '/user') {
        const uuid = (request.headers.authorization ?? '').replace('Bearer at-', '');
        return response.end(JSON.stringify({ id: uuid, login: `g-${uuid}`, name: 'Guest' }));
      }
      response.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

function submitProvider(token: string, source: string, base: string) {
  return call('/api/blade-auth/oauth/social-provider/submit', {
    token,
    json: {
      source,
      clientId: 'c',
      clientSecret: 's',
      authorizeUrl: `${base}/authorize`,
      tokenUrl: `${base}/token`,
      userInfoUrl: `${base}/user`,
    },
  });
}

describe('outbound requests (SSRF)', () => {
  it('refuses provider URLs on hosts the administrator did not allow: private, link-local, loopback names', async () => {
    for (const base of ['http://10.0.0.5', 'http://169.254.169.254/latest', 'http://localhost:1', 'http://[::1]:1', 'https://example.com']) {
      const answer = await submitProvider(admin, 'ssrf', base);
      expect(answer.status, base).toBe(400);
      expect(answer.body.msg, base).toContain('BLADE_OUTBOUND_ALLOW');
    }
  });

  it('checks the resolved address: an allowed name resolving to loopback is refused, a listed address is not', async () => {
    const byName = outboundRequest(outboundPolicy(['localhost']), `${providerUrl.replace('127.0.0.1', 'localhost')}/user`, {
      timeoutMs: 2000,
    });
    await expect(byName).rejects.toBeInstanceOf(OutboundRefused);
    const notListed = outboundRequest(outboundPolicy(['10.0.0.0/8']), `${providerUrl}/user`, { timeoutMs: 2000 });
    await expect(notListed).rejects.toBeInstanceOf(OutboundRefused);
    const listed = await outboundRequest(outboundPolicy(['127.0.0.0/8']), `${providerUrl}/user`, { timeoutMs: 2000 });
    expect(listed.status).toBe(200);
  });
});

describe('social sources per tenant', () => {
  it('shows a tenant its own sources only, on the login page settings', async () => {
    const other = await login(OTHER_TENANT);
    expect((await submitProvider(other.access_token, 'othersource', providerUrl)).body.success).toBe(true);
    const sourcesOf = async (query: string) => {
      const settings = await (await fetch(`${serverUrl()}/site-config.json${query}`)).json();
      return (settings.socialSources as { source: string }[]).map((source) => source.source);
    };
    expect(await sourcesOf('')).not.toContain('othersource');
    expect(await sourcesOf('?tenantId=000000')).not.toContain('othersource');
    expect(await sourcesOf(`?tenantId=${OTHER_TENANT.tenantId}`)).toContain('othersource');
  });
});

describe('the social guest token', () => {
  it('can apply for an account and nothing else', async () => {
    expect((await submitProvider(admin, 'guestcheck', providerUrl)).body.success).toBe(true);
    const query = new URLSearchParams({ grant_type: 'social', source: 'guestcheck', code: `g${Date.now()}`, state: 's' });
    const guest = await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { 'Tenant-Id': '000000' } });
    expect(guest.body.user_id).toBe('-1');
    const token = guest.body.access_token as string;
    for (const path of [
      '/api/blade-desk/dashboard/figures',
      '/api/blade-system/role/select',
      '/api/blade-system/dept/select',
      '/api/blade-system/param/list',
      '/api/blade-auth/oauth/user-info',
    ]) {
      expect((await call(path, { token })).body.code, path).toBe(401);
    }
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    const upload = await fetch(`${serverUrl()}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${token}` },
      body: form,
    });
    expect((await upload.json()).code).toBe(401);
  });
});

describe('smaller holes', () => {
  it('oauth/clear-cache needs a login', async () => {
    expect((await call('/api/blade-auth/oauth/clear-cache')).body.code).toBe(401);
    expect((await call('/api/blade-auth/oauth/clear-cache', { token: admin })).body.code).toBe(200);
  });

  it('the SSO redirect check does not trust X-Forwarded-Host', async () => {
    const query = new URLSearchParams({ client_id: 'saber', redirect_uri: 'https://evil.example/cb', response_type: 'code' });
    const answer = await fetch(`${serverUrl()}/api/blade-auth/oauth/authorize?${query}`, {
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
      redirect: 'manual',
    });
    expect(answer.status).toBe(400);
  });

  it('token responses are never cached', async () => {
    const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: 'x', grant_type: 'password' });
    const answer = await fetch(`${serverUrl()}/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { Authorization: SABER_BASIC } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});
