import { rmSync } from 'node:fs';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { call, login, loginAdmin, md5, requestToken, withParam } from './client';
import { OTHER_TENANT, TESTER } from './fixtures';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';
import { SECRET_MASK } from '../../resources/types';

/** Tenants, tenant packages, clients and datasources over HTTP against the shared test server. */

const TENANT = '/api/blade-system/tenant';
const PACKAGE = '/api/blade-system/tenant-package';
const CLIENT = '/api/blade-system/client';
const DATASOURCE = '/api/blade-develop/datasource';
const EXPIRED = '租户授权已过期,请联系管理员';

let admin: string;
let other: string;
let tester: string;
const tag = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
  tester = (await login(TESTER)).access_token;
});

interface Node {
  id: string;
  code?: string;
  name?: string;
  children?: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
const post = (path: string, token: string, json?: unknown) => call(path, { method: 'POST', token, json });

async function createTenant(body: Record<string, unknown>) {
  const answer = await post(`${TENANT}/submit`, admin, { linkman: '联系人', contactNumber: '13900000000', ...body });
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
  const name = String(body.tenantName);
  const found = await call(`${TENANT}/list?tenantName_equal=${encodeURIComponent(name)}`, { token: admin });
  const [row] = found.body.data.records;
  return { row, revealed: answer.body.data as { account: string; password: string } };
}

/** The menu codes (screens) and button codes a token's roles hold. */
async function menusOf(token: string) {
  const routes = await call('/api/blade-system/menu/routes', { token });
  const buttons = await call('/api/blade-system/menu/buttons', { token });
  return {
    screens: flatten(routes.body.data).map((node) => node.code),
    buttons: flatten(buttons.body.data).map((node) => node.code),
  };
}

async function menuIdsByCode(codes: string[]) {
  const tree = await call(`${PACKAGE}/menu-tree`, { token: admin });
  expect(tree.body.code, tree.text).toBe(200);
  const nodes = flatten(tree.body.data);
  return codes.map((code) => {
    const node = nodes.find((candidate) => candidate.code === code);
    if (!node) throw new Error(`menu ${code} not in the package tree`);
    return node.id;
  });
}

async function createPackage(name: string, codes: string[]) {
  const menuId = (await menuIdsByCode(codes)).join(',');
  const answer = await post(`${PACKAGE}/submit`, admin, { packageName: name, menuId, remark: 'r' });
  expect(answer.body, answer.text).toMatchObject({ code: 200 });
  const list = await call(`${PACKAGE}/list?packageName_equal=${encodeURIComponent(name)}`, { token: admin });
  return list.body.data.records[0] as { id: string; menuId: string };
}

describe('only the administrator tenant manages tenants, packages, clients and datasources', () => {
  it("refuses another tenant's administrator with 403, whatever its role", async () => {
    for (const path of [`${TENANT}/list`, `${TENANT}/select`, `${TENANT}/page`, `${PACKAGE}/list`, `${PACKAGE}/menu-tree`, `${CLIENT}/list`, `${DATASOURCE}/list`]) {
      const answer = await call(path, { token: other });
      expect(answer.status, path).toBe(403);
      expect(answer.body).toMatchObject({ code: 403, success: false, msg: '请求被拒绝' });
    }
    for (const path of [`${TENANT}/submit`, `${PACKAGE}/submit`, `${CLIENT}/submit`, `${DATASOURCE}/submit`]) {
      const answer = await post(path, other, { tenantName: 'x', packageName: 'x', clientId: 'x', name: 'x' });
      expect(answer.status, path).toBe(403);
    }
    for (const path of [`${TENANT}/setting?ids=1&accountNumber=1`, `${TENANT}/recycle?ids=1`, `${TENANT}/pass?ids=1`, `${TENANT}/package-setting?tenantId=100001`, `${TENANT}/datasource?tenantId=100001`]) {
      expect((await post(path, other)).status, path).toBe(403);
    }
  });

  it('refuses a user of tenant 000000 without the buttons', async () => {
    expect((await post(`${TENANT}/submit`, tester, { tenantName: 'x', linkman: 'y' })).status).toBe(403);
    expect((await post(`${TENANT}/setting?ids=1&accountNumber=1`, tester)).status).toBe(403);
    expect((await call(`${CLIENT}/list`, { token: tester })).status).toBe(403);
  });
});

describe('tenants', () => {
  it('creates a tenant with a generated 6-digit id, its administrator (password shown once), roles, dept and all menus', async () => {
    const { row, revealed } = await createTenant({ tenantName: `全菜单${tag}` });
    expect(row.tenantId).toMatch(/^\d{6}$/);
    expect(row).toMatchObject({ accountNumber: -1, status: 1, packageName: '' });
    // Answered once beside the saved row.
    expect(revealed).toMatchObject({ id: row.id, tenantId: row.tenantId, account: 'admin', password: 'admin' });
    // Never readable later.
    const detail = await call(`${TENANT}/detail?id=${row.id}`, { token: admin });
    expect(detail.text).not.toContain('password');

    const token = (await login({ tenantId: row.tenantId, account: 'admin', password: 'admin' })).access_token;
    const menus = await menusOf(token);
    expect(menus.screens).toEqual(expect.arrayContaining(['param', 'project', 'user']));
    // The administrator tenant's own screens are not given to others.
    expect(menus.screens).not.toContain('tenant');
    expect(menus.screens).not.toContain('client');
    const roles = await call('/api/blade-system/role/select', { token });
    if (roles.body?.code === 200) expect(JSON.stringify(roles.body.data)).toContain('administrator');
    // Its own rows: the new administrator lists only its tenant's users.
    expect((await call(`${TENANT}/list`, { token })).status).toBe(403);
  });

  it('takes the administrator password from the parameter tenant.default.password', async () => {
    await withParam(admin, 'tenant.default.password', 'Tenant-pass9', async () => {
      const { row, revealed } = await createTenant({ tenantName: `参数密码${tag}` });
      expect(revealed.password).toBe('Tenant-pass9');
      await login({ tenantId: row.tenantId, account: 'admin', password: 'Tenant-pass9' });
    });
  });

  it('keeps tenant ids unique and refuses bad input with a 400 naming the field', async () => {
    const code = String(Math.floor(Math.random() * 900000) + 100000);
    await createTenant({ tenantName: `唯一${tag}`, tenantId: code });
    const again = await post(`${TENANT}/submit`, admin, { tenantName: `唯一2${tag}`, tenantId: code, linkman: 'x' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 400, msg: '租户ID已存在' });
    const phone = await post(`${TENANT}/submit`, admin, { tenantName: `电话${tag}`, linkman: 'x', contactNumber: '123' });
    expect(phone.body).toMatchObject({ code: 400, msg: '手机号码长度不为11位' });
    const name = await post(`${TENANT}/submit`, admin, { linkman: 'x' });
    expect(name.body).toMatchObject({ code: 400, msg: '请输入租户名称' });
    const setting = await post(`${TENANT}/setting?ids=abc&accountNumber=1`, admin);
    expect(setting.status).toBe(400);
    const quota = await post(`${TENANT}/setting?ids=1&accountNumber=x`, admin);
    expect(quota.status).toBe(400);
  });

  it('refuses changing a tenant id and removing or recycling the administrator tenant', async () => {
    const { row } = await createTenant({ tenantName: `改号${tag}` });
    const changed = await post(`${TENANT}/submit`, admin, { id: row.id, tenantId: '999999', tenantName: 'x', linkman: 'y' });
    expect(changed.body).toMatchObject({ code: 400, msg: '租户ID不可修改' });
    const mine = (await call(`${TENANT}/list?tenantId_equal=000000`, { token: admin })).body.data.records[0];
    expect((await post(`${TENANT}/remove?ids=${mine.id}`, admin)).body).toMatchObject({ code: 400, msg: '不能删除管理租户' });
    expect((await post(`${TENANT}/recycle?ids=${mine.id}`, admin)).body).toMatchObject({ code: 400, msg: '不能回收管理租户' });
    expect((await post(`${TENANT}/package-setting?tenantId=000000&packageId=1`, admin)).body).toMatchObject({ code: 400, msg: '管理租户不能配置产品包' });
    expect((await post(`${TENANT}/submit`, admin, { id: mine.id, packageId: '1' })).body).toMatchObject({ code: 400, msg: '管理租户不能配置产品包' });
  });

  it('select lists tenants for pickers, info answers by domain', async () => {
    const select = await call(`${TENANT}/select`, { token: admin });
    expect(select.body.data.map((row: { tenantId: string }) => row.tenantId)).toContain('000000');
    const info = await call(`${TENANT}/info?domain=other.example.com`, { headers: {} });
    expect(info.body.data).toMatchObject({ tenantId: OTHER_TENANT.tenantId, domain: 'other.example.com' });
  });

  it('setting stores the account quota and expiry; an expired tenant cannot log in nor refresh', async () => {
    const { row } = await createTenant({ tenantName: `过期${tag}` });
    const admin2 = { tenantId: row.tenantId, account: 'admin', password: 'admin' };
    const before = await login(admin2);
    const set = await post(`${TENANT}/setting?ids=${row.id}&accountNumber=5&expireTime=${encodeURIComponent('2020-01-01 00:00:00')}`, admin);
    expect(set.body, set.text).toMatchObject({ code: 200, success: true });
    const detail = (await call(`${TENANT}/detail?id=${row.id}`, { token: admin })).body.data;
    expect(detail).toMatchObject({ accountNumber: 5, expireTime: '2020-01-01 00:00:00' });

    const refused = await requestToken(admin2);
    expect(refused.body).toMatchObject({ error_description: EXPIRED });
    const refresh = await call(
      `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: row.tenantId, grant_type: 'refresh_token', refresh_token: before.refresh_token, scope: 'all' })}`,
      { method: 'POST', headers: { 'Tenant-Id': row.tenantId } },
    );
    expect(refresh.body).toMatchObject({ error_description: EXPIRED });

    // A later expiry lets it in again; clearing it means no expiry.
    await post(`${TENANT}/setting?ids=${row.id}&accountNumber=-1&expireTime=2999-01-01 00:00:00`, admin);
    await login(admin2);
    await post(`${TENANT}/setting?ids=${row.id}&accountNumber=-1`, admin);
    expect((await call(`${TENANT}/detail?id=${row.id}`, { token: admin })).body.data).toMatchObject({ accountNumber: -1, expireTime: '' });
  });

  it('recycle keeps a tenant out (and ends its sessions), pass lets it back, remove keeps it out', async () => {
    const { row } = await createTenant({ tenantName: `回收${tag}` });
    const credentials = { tenantId: row.tenantId, account: 'admin', password: 'admin' };
    const session = (await login(credentials)).access_token;
    expect((await post(`${TENANT}/recycle?ids=${row.id}`, admin)).body.code).toBe(200);
    expect((await call(`${TENANT}/detail?id=${row.id}`, { token: admin })).body.data.status).toBe(2);
    expect((await requestToken(credentials)).body).toMatchObject({ error_description: EXPIRED });
    expect((await call('/api/blade-auth/oauth/user-info', { token: session })).body.code).toBe(401);
    expect((await post(`${TENANT}/pass?ids=${row.id}`, admin)).body.code).toBe(200);
    await login(credentials);
    expect((await post(`${TENANT}/remove?ids=${row.id}`, admin)).body.code).toBe(200);
    expect((await requestToken(credentials)).body).toMatchObject({ error_description: '未获得用户的租户信息' });
  });

  it('binds a datasource to a tenant', async () => {
    const { row } = await createTenant({ tenantName: `数据源${tag}` });
    const saved = await post(`${DATASOURCE}/submit`, admin, { name: `ds${tag}`, driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://db:5432/x', username: 'u', password: 'Secret-ds1' });
    expect(saved.body.code, saved.text).toBe(200);
    const ds = (await call(`${DATASOURCE}/list?name_equal=ds${tag}`, { token: admin })).body.data.records[0];
    const bound = await post(`${TENANT}/datasource?tenantId=${row.tenantId}&datasourceId=${ds.id}`, admin);
    expect(bound.body, bound.text).toMatchObject({ code: 200 });
    expect((await call(`${TENANT}/detail?id=${row.id}`, { token: admin })).body.data.datasourceId).toBe(ds.id);
    expect((await post(`${TENANT}/datasource?tenantId=${row.tenantId}&datasourceId=123`, admin)).body).toMatchObject({ code: 400, msg: '数据源不存在' });
    expect((await post(`${TENANT}/datasource?tenantId=nope99&datasourceId=${ds.id}`, admin)).body).toMatchObject({ code: 400, msg: '租户不存在' });
  });
});

describe('tenant packages', () => {
  it('a tenant with a package gets only its menus; package-detail answers it', async () => {
    const pack = await createPackage(`参数包${tag}`, ['param', 'param_add', 'param_view']);
    const { row } = await createTenant({ tenantName: `产品包${tag}`, packageId: pack.id });
    expect(row.packageName).toBe(`参数包${tag}`);
    const token = (await login({ tenantId: row.tenantId, account: 'admin', password: 'admin' })).access_token;
    const menus = await menusOf(token);
    expect(menus.screens.sort()).toEqual(['param', 'system']);
    expect(menus.buttons.filter((code) => code?.includes('_')).sort()).toEqual(['param_add', 'param_view']);
    const detail = await call(`${TENANT}/package-detail?tenantId=${row.tenantId}`, { token: admin });
    expect(detail.body.data).toMatchObject({ id: pack.id, packageName: `参数包${tag}` });
  });

  it('package-setting re-limits the existing grants of the tenant roles to the package', async () => {
    const { row } = await createTenant({ tenantName: `重限${tag}` });
    const credentials = { tenantId: row.tenantId, account: 'admin', password: 'admin' };
    expect((await menusOf((await login(credentials)).access_token)).screens).toContain('project');
    const pack = await createPackage(`项目包${tag}`, ['project', 'project_view']);
    const set = await post(`${TENANT}/package-setting?tenantId=${row.tenantId}&packageId=${pack.id}`, admin);
    expect(set.body, set.text).toMatchObject({ code: 200 });
    const menus = await menusOf((await login(credentials)).access_token);
    expect(menus.screens.sort()).toEqual(['project', 'test']);
    expect(menus.buttons).not.toContain('param_add');

    // Editing the package re-limits every tenant that has it.
    const menuId = (await menuIdsByCode(['param', 'param_view'])).join(',');
    expect((await post(`${PACKAGE}/submit`, admin, { id: pack.id, packageName: `项目包${tag}`, menuId })).body.code).toBe(200);
    expect((await menusOf((await login(credentials)).access_token)).screens.sort()).toEqual(['param', 'system']);
  });

  it('validates the name and menus, and refuses removing a package in use', async () => {
    const [paramMenu] = await menuIdsByCode(['param']);
    expect((await post(`${PACKAGE}/submit`, admin, { menuId: paramMenu })).body).toMatchObject({ code: 400, msg: '请输入产品包名称' });
    expect((await post(`${PACKAGE}/submit`, admin, { packageName: 'x' })).body).toMatchObject({ code: 400, msg: '请选择菜单' });
    expect((await post(`${PACKAGE}/submit`, admin, { packageName: 'x', menuId: '123,abc' })).body).toMatchObject({ code: 400, msg: '菜单不存在' });
    const pack = await createPackage(`在用${tag}`, ['param']);
    await createTenant({ tenantName: `在用租户${tag}`, packageId: pack.id });
    const removed = await post(`${PACKAGE}/remove?ids=${pack.id}`, admin);
    expect(removed.body.code).toBe(400);
    expect(removed.body.msg).toContain('租户管理');
  });
});

describe('clients', () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const tokenFor = (clientId: string, secret: string) =>
    requestToken({ account: 'admin', password: 'Server-test-admin1' }, { headers: { Authorization: basic(clientId, secret) } });

  it('generates a secret shown once, never answered again; the token honours the client validity', async () => {
    const clientId = `c${tag}`;
    const saved = await post(`${CLIENT}/submit`, admin, {
      clientId,
      scope: 'all',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 120,
      refreshTokenValidity: 600,
    });
    expect(saved.body.code, saved.text).toBe(200);
    const secret = saved.body.data.clientSecret as string;
    expect(secret.length).toBeGreaterThanOrEqual(24);
    expect(saved.body.data.clientId).toBe(clientId);

    const list = await call(`${CLIENT}/list?clientId_equal=${clientId}`, { token: admin });
    const [row] = list.body.data.records;
    expect(row).toMatchObject({ clientId, accessTokenValidity: 120, refreshTokenValidity: 600 });
    expect(row).not.toHaveProperty('clientSecret');
    const detail = await call(`${CLIENT}/detail?id=${row.id}`, { token: admin });
    expect(detail.body.data.clientSecret).toBe(SECRET_MASK);
    expect(detail.text).not.toContain(secret);
    expect((await call(`${CLIENT}/list?clientSecret=a`, { token: admin })).body.data.records.length).toBeGreaterThan(0);

    const issued = await tokenFor(clientId, secret);
    expect(issued.status, issued.text).toBe(200);
    expect(issued.body.expires_in).toBe(120);
    const access = decodeJwt(issued.body.access_token);
    const refresh = decodeJwt(issued.body.refresh_token);
    expect(access.exp! - access.iat!).toBe(120);
    expect(refresh.exp! - refresh.iat!).toBe(600);
    expect(access.client_id).toBe(clientId);
    expect((await tokenFor(clientId, 'wrong')).body).toMatchObject({ error_code: 3001 });
    // Only the grants the client lists: this one has no captcha grant.
    const captchaGrant = await requestToken(
      { account: 'admin', password: 'Server-test-admin1' },
      { headers: { Authorization: basic(clientId, secret) }, grantType: 'captcha' },
    );
    expect(captchaGrant.body).toMatchObject({ error_code: 4000, error_description: '当前客户端不支持该授权类型' });

    // An edit without a secret keeps it; the client then removed gets no more tokens.
    expect((await post(`${CLIENT}/submit`, admin, { ...row, clientSecret: '' })).body.code).toBe(200);
    expect((await tokenFor(clientId, secret)).status).toBe(200);
    expect((await post(`${CLIENT}/remove?ids=${row.id}`, admin)).body.code).toBe(200);
    expect((await tokenFor(clientId, secret)).body).toMatchObject({ error_code: 3000 });
  });

  it('keeps client ids unique, checks grant types and refuses removing the caller own client', async () => {
    const dup = await post(`${CLIENT}/submit`, admin, { clientId: 'saber', scope: 'all', authorizedGrantTypes: 'password', accessTokenValidity: 1, refreshTokenValidity: 1 });
    expect(dup.body).toMatchObject({ code: 400, msg: '客户端ID已存在' });
    const bad = await post(`${CLIENT}/submit`, admin, { clientId: `g${tag}`, scope: 'all', authorizedGrantTypes: 'password,implicit', accessTokenValidity: 1, refreshTokenValidity: 1 });
    expect(bad.body).toMatchObject({ code: 400, msg: '授权类型「implicit」不在可选范围内' });
    const colon = await post(`${CLIENT}/submit`, admin, { clientId: 'a:b', scope: 'all', authorizedGrantTypes: 'password', accessTokenValidity: 1, refreshTokenValidity: 1 });
    expect(colon.status).toBe(400);
    const saber = (await call(`${CLIENT}/list?clientId_equal=saber`, { token: admin })).body.data.records[0];
    expect((await post(`${CLIENT}/remove?ids=${saber.id}`, admin)).body).toMatchObject({ code: 400, msg: '不能删除当前登录使用的客户端' });
  });
});

describe('datasources', () => {
  it('stores jdbc:/postgres: URLs only and never answers the password', async () => {
    const http = await post(`${DATASOURCE}/submit`, admin, { name: `h${tag}`, driverClass: 'x', url: 'http://169.254.169.254/', username: 'u' });
    expect(http.body).toMatchObject({ code: 400, msg: '连接地址必须以 jdbc: 或 postgres: 开头' });
    const saved = await post(`${DATASOURCE}/submit`, admin, { name: `p${tag}`, driverClass: 'org.postgresql.Driver', url: 'postgres://db/x', username: 'u', password: 'Ds-secret-77' });
    expect(saved.body.code, saved.text).toBe(200);
    const list = await call(`${DATASOURCE}/list?name_equal=p${tag}`, { token: admin });
    const [row] = list.body.data.records;
    expect(row).not.toHaveProperty('password');
    const detail = await call(`${DATASOURCE}/detail?id=${row.id}`, { token: admin });
    expect(detail.text).not.toContain('Ds-secret-77');
    expect(detail.body.data.password).toBe(SECRET_MASK);
    const select = await call(`${DATASOURCE}/select`, { token: admin });
    expect(select.text).not.toContain('Ds-secret-77');
    expect((await post(`${DATASOURCE}/submit`, admin, { name: `p${tag}`, driverClass: 'd', url: 'jdbc:x', username: 'u' })).body).toMatchObject({ code: 400, msg: '数据源名称已存在' });
  });
});

/** The captcha grant reads the expected text from the database: a server of its own. */
describe('captcha grant of an expired tenant', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = freshDataDir('blade-tenancy-test-');
    server = await startServer({ port: 0, dataDir, adminPassword: 'Tenancy-admin1', captcha: true }, { resources: registry });
  });
  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the captcha grant with 租户授权已过期,请联系管理员', async () => {
    await server.db.query(
      `INSERT INTO blade_tenant (id, tenant_id, tenant_name, expire_time, create_time, update_time) VALUES ('3000000000000000001', '300001', '过期', '2020-01-01 00:00:00', now(), now())`,
    );
    const captcha = await call('/api/blade-auth/oauth/captcha', { base: server.url, headers: {} });
    const [row] = await server.db.query<{ code: string }>('SELECT code FROM blade_captcha WHERE captcha_key = $1', [captcha.body.key]);
    const query = new URLSearchParams({ tenantId: '300001', username: 'admin', password: md5('admin'), grant_type: 'captcha', scope: 'all', type: 'account' });
    const answer = await call(`/api/blade-auth/oauth/token?${query}`, {
      base: server.url,
      method: 'POST',
      headers: { 'Tenant-Id': '300001', 'Captcha-Key': captcha.body.key, 'Captcha-Code': row.code },
    });
    expect(answer.body).toMatchObject({ error_description: EXPIRED });
  });
});
