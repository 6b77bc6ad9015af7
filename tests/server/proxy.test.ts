import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { call, loginAdmin, requestToken, serverUrl } from './client';
import { ADMIN_PASSWORD } from './fixtures';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';

let proxy: RunningServer;
let dataDir: string;
let staticDir: string;
const INDEX_HTML = '<!doctype html><title>spa</title><div id="root"></div>';

beforeAll(async () => {
  // The proxy never opens its database; the data dir only keeps a stray open from landing in the project.
  dataDir = freshDataDir('blade-proxy-test-');
  staticDir = mkdtempSync(join(tmpdir(), 'blade-proxy-static-'));
  writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log("app")');
  proxy = await startServer({ port: 0, dataDir, upstream: serverUrl(), staticDir }, { resources: registry });
});

afterAll(async () => {
  await proxy?.close();
  for (const dir of [dataDir, staticDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('single-page app', () => {
  it('serves files of the static dir and index.html for client-side routes, never for API paths', async () => {
    const asset = await fetch(`${proxy.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log("app")');
    for (const route of ['/', '/login', '/system/param', '/wel/index?x=1']) {
      const page = await fetch(`${proxy.url}${route}`);
      expect(page.status, route).toBe(200);
      expect(await page.text()).toBe(INDEX_HTML);
    }
    const api = await call('/api/blade-system/no-such/list', { base: proxy.url });
    expect(api.text).not.toContain('<title>spa</title>');
  });
});

describe('proxy mode (BLADE_UPSTREAM)', () => {
  it('forwards login and API calls to the upstream unchanged', async () => {
    const login = await requestToken({ account: 'admin', password: ADMIN_PASSWORD }, { base: proxy.url });
    expect(login.status).toBe(200);
    const token = login.body.access_token;
    const key = `proxy.${Date.now()}`;
    const saved = await call('/api/blade-system/param/submit', {
      base: proxy.url,
      token,
      json: { paramName: '经代理', paramKey: key, paramValue: 'v' },
    });
    expect(saved.body).toMatchObject({ code: 200, success: true, data: { paramKey: key, paramValue: 'v' }, msg: '操作成功' });
    const direct = await call(`/api/blade-system/param/list?paramKey_equal=${key}`, { token: await loginAdmin() });
    expect(direct.body.data.records[0]).toMatchObject({ paramName: '经代理', paramKey: key });
    const missing = await call('/gateway/blade-nothing/x/list', { base: proxy.url, token });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('404 没找到请求');
  });

  it('passes method, path, query, headers and body through', async () => {
    let seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    const echo: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen = { method: request.method, url: request.url, headers: request.headers, body };
        response.writeHead(201, { 'Content-Type': 'application/json', 'X-Upstream': 'echo' });
        response.end('{"echo":true}');
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoDir = mkdtempSync(join(tmpdir(), 'blade-proxy-echo-'));
    const echoProxy = await startServer({
      port: 0,
      dataDir: echoDir,
      upstream: `http://127.0.0.1:${(echo.address() as AddressInfo).port}`,
    }, { resources: registry });
    try {
      const response = await fetch(`${echoProxy.url}/gateway/blade-task/task/execute?a=1&b=%E4%B8%AD`, {
        method: 'PUT',
        headers: { 'Blade-Auth': 'bearer abc', 'Tenant-Id': '000000', 'Content-Type': 'text/plain' },
        body: 'raw body',
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-upstream')).toBe('echo');
      expect(await response.json()).toEqual({ echo: true });
      expect(seen).toMatchObject({ method: 'PUT', url: '/gateway/blade-task/task/execute?a=1&b=%E4%B8%AD', body: 'raw body' });
      expect(seen.headers).toMatchObject({ 'blade-auth': 'bearer abc', 'tenant-id': '000000', 'content-type': 'text/plain' });
    } finally {
      await echoProxy.close();
      echo.close();
      rmSync(echoDir, { recursive: true, force: true });
    }
  });
});
