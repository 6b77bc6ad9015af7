// @vitest-environment jsdom
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramSchema } from '../../resources/param/schema';
import { createRegistry } from '../../resources/registry';
import { registry } from '../../resources/schemas';
import { isWritable } from '../contract-kit/bodies';
import { runContract, type Check } from '../contract-kit/kit';
import { writeReports } from '../contract-kit/report';
import { call, loginAdmin, md5, serverUrl } from './client';
import { SEED_IDS } from '../../server/db/seed';
import { ADMIN_PASSWORD } from './fixtures';

/** The contract kit QA points at a gateway, pointed at our own server (all ok) and at a gateway that answers otherwise. */

let reportDir: string;

beforeAll(() => {
  reportDir = mkdtempSync(join(tmpdir(), 'contract-kit-'));
});

afterAll(() => {
  rmSync(reportDir, { recursive: true, force: true });
});

const notOk = (checks: Check[]) => checks.filter((check) => check.outcome === 'differs' || check.outcome === 'missing');
// The reports are read as a person's tools read them: the browser's parsers (this file runs with a DOM for them).
const xml = (text: string) => new DOMParser().parseFromString(text, 'text/xml');
const html = (text: string) => new DOMParser().parseFromString(text, 'text/html');

describe('the contract kit against our own server', () => {
  it('npm run test:contract read-only: one ok line per endpoint, a JUnit XML and an HTML report', async () => {
    const junit = join(reportDir, 'read', 'junit.xml');
    const htmlPath = join(reportDir, 'read', 'report.html');
    const args = ['run', '--silent', 'test:contract', '--', '--gateway', serverUrl(), '--tenant', '000000', '--account', 'admin', '--junit', junit, '--html', htmlPath];
    const { stdout } = await promisify(execFile)('npm', args, { env: { ...process.env, CONTRACT_PASSWORD: ADMIN_PASSWORD } });

    const lines = stdout.split('\n').filter((line) => /^(ok|differs|missing|skipped) /.test(line));
    expect(lines.filter((line) => !/^(ok|skipped) /.test(line))).toEqual([]);
    for (const expected of ['auth login:', 'auth refresh:', 'menus routes:', 'menus buttons:', 'dictionaries ', 'param list:', 'param detail:', 'dept tree:']) {
      expect(lines.some((line) => line.startsWith(`ok      ${expected}`)), expected).toBe(true);
    }
    expect(lines.some((line) => / (submit|update|remove):/.test(line)), 'read-only makes no write').toBe(false);
    // A report is shared: it never shows the password's hash (what the gateway takes as the password) or a token.
    for (const text of [stdout, readFileSync(junit, 'utf8'), readFileSync(htmlPath, 'utf8')]) {
      expect(text).not.toContain(md5(ADMIN_PASSWORD));
      expect(text).not.toMatch(/refresh_token=(?!\*\*\*)/);
    }

    const suites = xml(readFileSync(junit, 'utf8'));
    expect(suites.querySelector('parsererror')).toBeNull();
    const cases = [...suites.querySelectorAll('testcase')];
    expect(cases.length).toBe(lines.length);
    expect(suites.querySelectorAll('failure').length).toBe(0);
    expect(cases.map((testCase) => testCase.getAttribute('classname'))).toContain('contract.param');

    const page = html(readFileSync(htmlPath, 'utf8'));
    expect(page.querySelectorAll('tbody tr').length).toBe(lines.length);
    expect(page.body.textContent).toContain('read-only');
    expect(page.body.textContent).toContain('None: every endpoint answered as our providers read it.');
  }, 120_000);

  it('--write adds, reads, updates and removes a prefixed row of every writable resource, and leaves none behind', async () => {
    const prefix = `CK_t${Date.now().toString(36)}`;
    // A generation config points at a data model, and the seed has none: the tester keeps one, as on any gateway.
    const token = await loginAdmin();
    const modelCode = `ck${Date.now().toString(36)}`;
    const model = await call('/api/blade-develop/model/submit', {
      token,
      json: { datasourceId: SEED_IDS.embeddedDatasource, modelTable: 'blade_notice', modelClass: 'Notice', modelName: '契约模型', modelCode },
    });
    expect(model.body, model.text).toMatchObject({ code: 200 });
    const run = await runContract({ gateway: serverUrl(), tenantId: '000000', account: 'admin', password: ADMIN_PASSWORD, registry, write: true, prefix });
    expect(notOk(run.checks).map((check) => `${check.group} ${check.name}: ${check.details.join('; ')}`)).toEqual([]);

    const writable = registry.schemas.filter(isWritable).map((schema) => schema.name);
    const removed = run.checks.filter((check) => check.name === 'remove' && check.outcome === 'ok').map((check) => check.group);
    expect(removed.sort()).toEqual([...writable].sort());
    expect(run.created.map((row) => row.resource).sort()).toEqual([...writable].sort());
    expect(run.created.filter((row) => !row.removed)).toEqual([]);

    // The server agrees: no row of the run is left, by id or by prefix.
    for (const row of run.created) {
      const schema = registry.schemaByName(row.resource)!;
      const detail = await call(`${schema.api}/detail?id=${row.id}`, { token });
      expect(detail.body?.data ?? null, `${row.resource} ${row.id}`).toBeNull();
    }
    const params = await call(`/api/blade-system/param/list?paramKey_like=${prefix}&size=100`, { token });
    expect(params.body.data.records).toEqual([]);
    expect((await call(`/api/blade-develop/model/remove?ids=${model.body.data.id}`, { token, method: 'POST' })).body).toMatchObject({ code: 200 });

    writeReports(run, { junit: join(reportDir, 'write', 'junit.xml'), html: join(reportDir, 'write', 'report.html') });
    const suites = xml(readFileSync(join(reportDir, 'write', 'junit.xml'), 'utf8'));
    expect(suites.querySelector('parsererror')).toBeNull();
    expect([...suites.querySelectorAll('testcase')].some((testCase) => testCase.getAttribute('name')?.startsWith('update: POST'))).toBe(true);
    expect(readFileSync(join(reportDir, 'write', 'report.html'), 'utf8')).toContain(`prefix ${prefix}`);
  }, 120_000);
});

/**
 * A gateway that answers like BladeX except where a test wants otherwise: a captcha, a token for the captcha grant, a
 * menu whose id is a number, no top menus (404), a parameter list without `paramKey` and a parameter select refused.
 */
type Route = (url: URL, request: IncomingMessage) => [number, unknown];

function fakeGateway(routes: Record<string, Route> = {}): Promise<{ url: string; tokenRequests: { query: URLSearchParams; headers: IncomingMessage['headers'] }[]; close: () => Promise<void> }> {
  const tokenRequests: { query: URLSearchParams; headers: IncomingMessage['headers'] }[] = [];
  const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '操作成功' });
  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    const route = routes[url.pathname];
    if (route) return answer(response, ...route(url, request));
    switch (url.pathname) {
      case '/api/blade-auth/oauth/captcha':
        return answer(response, 200, { key: 'k1', image: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` });
      case '/api/blade-auth/oauth/token':
        tokenRequests.push({ query: url.searchParams, headers: request.headers });
        return answer(response, 200, { access_token: 'a', refresh_token: 'r', tenant_id: '000000', user_id: '1', token_type: 'bearer', expires_in: 3600 });
      case '/api/blade-system/menu/routes':
        return answer(response, 200, ok([{ id: 1, parentId: '0', code: 'param', name: '参数管理', path: '/system/param', source: 'setting', sort: 1 }]));
      case '/api/blade-system/menu/buttons':
        return answer(response, 200, ok([{ code: 'param', children: [{ code: 'param_view' }] }]));
      case '/api/blade-system/param/list':
        return answer(response, 200, ok({ records: [{ id: '5', paramName: 'n', paramValue: 'v', remark: null }], total: 1 }));
      case '/api/blade-system/param/detail':
        return answer(response, 200, ok({ id: '5', paramName: 'n', paramKey: 7, paramValue: 'v' }));
      case '/api/blade-system/param/select':
        return answer(response, 200, { code: 400, success: false, data: null, msg: '缺少必要的请求参数' });
      default:
        return answer(response, 404, { timestamp: '2024-01-01', status: 404, error: 'Not Found', path: url.pathname });
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, tokenRequests, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe('the contract kit against a gateway that answers otherwise', () => {
  it('reports wrong shapes as differs, naming the field and the code, and 404s as missing', async () => {
    const gateway = await fakeGateway();
    try {
      const images: string[] = [];
      const run = await runContract({
        gateway: gateway.url,
        tenantId: '000000',
        account: 'qa',
        password: 'secret',
        registry: createRegistry([paramSchema], { dictionaries: [] }),
        captcha: async (image) => {
          images.push(image);
          return 'abcd';
        },
      });
      const outcome = (group: string, name: string) => run.checks.find((check) => check.group === group && check.name === name);

      // The captcha the tester answered goes with the captcha grant, as our login sends it.
      expect(images).toHaveLength(1);
      const [login] = gateway.tokenRequests;
      expect(login.query.get('grant_type')).toBe('captcha');
      expect(login.headers['captcha-key']).toBe('k1');
      expect(login.headers['captcha-code']).toBe('abcd');
      expect(outcome('auth', 'login')?.outcome).toBe('ok');
      expect(gateway.tokenRequests[1].query.get('grant_type')).toBe('refresh_token');

      expect(outcome('menus', 'routes')).toMatchObject({ outcome: 'differs', details: ['data[].id is number, expected string'] });
      expect(outcome('menus', 'top menus')?.outcome).toBe('missing');
      expect(outcome('param', 'list')).toMatchObject({ outcome: 'differs', details: ['data.records[].paramKey is missing'] });
      expect(outcome('param', 'detail')).toMatchObject({ outcome: 'differs', details: ['data.paramKey is number, expected string'] });
      expect(outcome('param', 'select')).toMatchObject({ outcome: 'differs', details: ['code 400 instead of 200 (msg: 缺少必要的请求参数)'] });

      const junit = join(reportDir, 'fake', 'junit.xml');
      writeReports(run, { junit, html: join(reportDir, 'fake', 'report.html') });
      const failures = [...xml(readFileSync(junit, 'utf8')).querySelectorAll('failure')].map((failure) => failure.getAttribute('type'));
      expect(failures.sort()).toEqual(['differs', 'differs', 'differs', 'differs', 'missing']);
      // The HTML lists the differences first, each with what differs.
      const page = html(readFileSync(join(reportDir, 'fake', 'report.html'), 'utf8'));
      const differences = [...page.querySelectorAll('table')][0].querySelectorAll('tbody tr');
      expect([...differences].map((row) => row.textContent)).toContainEqual(expect.stringContaining('data[].id is number, expected string'));
      expect(differences).toHaveLength(5);
    } finally {
      await gateway.close();
    }
  });

  it('--write removes the row it created when a later step fails', async () => {
    const ok = (data: unknown) => ({ code: 200, success: true, data, msg: '操作成功' });
    const removed: string[] = [];
    let submits = 0;
    const row = { id: '77', paramName: 'n', paramKey: 'k', paramValue: 'v', remark: null };
    const gateway = await fakeGateway({
      '/api/blade-system/menu/buttons': () => [200, ok([{ code: 'param', children: ['add', 'edit', 'delete'].map((alias) => ({ code: `param_${alias}` })) }])],
      '/api/blade-system/menu/routes': () => [200, ok([{ id: '1', parentId: '0', code: 'param', name: '参数管理', path: '/system/param', source: 'setting', sort: 1 }])],
      '/api/blade-system/param/list': () => [200, ok({ records: [row], total: 1 })],
      '/api/blade-system/param/select': () => [200, ok([row])],
      // The add answers the saved row; the update fails, and so does the first remove.
      '/api/blade-system/param/submit': () => (++submits === 1 ? [200, ok(row)] : [200, { code: 500, success: false, data: null, msg: '服务器异常' }]),
      '/api/blade-system/param/remove': (url) => {
        removed.push(url.searchParams.get('ids') ?? '');
        return removed.length === 1 ? [200, { code: 500, success: false, data: null, msg: '服务器异常' }] : [200, ok(null)];
      },
    });
    try {
      const run = await runContract({
        gateway: gateway.url,
        tenantId: '000000',
        account: 'qa',
        password: 'secret',
        registry: createRegistry([paramSchema], { dictionaries: [] }),
        write: true,
        prefix: 'CK_fake',
      });
      const outcome = (name: string) => run.checks.find((check) => check.group === 'param' && check.name === name)?.outcome;
      expect(outcome('submit')).toBe('ok');
      expect(outcome('update')).toBe('differs');
      expect(outcome('remove')).toBe('differs');
      // Removed once by the run, once more on the way out.
      expect(removed).toEqual(['77', '77']);
      expect(run.created).toEqual([{ resource: 'param', id: '77', removed: true }]);
    } finally {
      await gateway.close();
    }
  });

  it('logs in with the SM2-encrypted password on a gateway that publishes its SM2 key, or with the key it is given', async () => {
    const keys = sm2.generateKeyPairHex();
    const published = await fakeGateway({ '/site-config.json': () => [200, { sm2PublicKey: keys.publicKey }] });
    const plain = await fakeGateway();
    try {
      const options = { tenantId: '000000', account: 'qa', password: 'secret', registry: createRegistry([paramSchema], { dictionaries: [] }) };
      await runContract({ ...options, gateway: published.url });
      await runContract({ ...options, gateway: plain.url, sm2PublicKey: keys.publicKey });
      for (const gateway of [published, plain]) {
        const sent = gateway.tokenRequests[0].query.get('password') ?? '';
        expect(sent).not.toBe(md5('secret'));
        expect(sm2.doDecrypt(sent, keys.privateKey, 0)).toBe(md5('secret'));
      }
    } finally {
      await published.close();
      await plain.close();
    }
  });

  it('a refused login is a difference, and the run stops there with what the gateway said', async () => {
    const gateway = await fakeGateway({
      '/api/blade-auth/oauth/token': () => [400, { error_code: 400, error_description: '用户名或密码错误' }],
    });
    try {
      const run = await runContract({
        gateway: gateway.url,
        tenantId: '000000',
        account: 'qa',
        password: 'wrong',
        registry: createRegistry([paramSchema], { dictionaries: [] }),
      });
      expect(run.checks.map((check) => [check.name, check.outcome])).toEqual([
        ['login', 'differs'],
        ['every other check', 'skipped'],
      ]);
      expect(run.checks[0].details).toContain('HTTP 400 instead of 200');
      expect(run.checks[1].details).toEqual(['no session (the gateway said: 用户名或密码错误)']);
    } finally {
      await gateway.close();
    }
  });
});
