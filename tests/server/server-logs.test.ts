import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin, md5, requestToken, serverUrl } from './client';
import { ADMIN_PASSWORD, LOG_LOCK_VICTIM, OTHER_TENANT } from './fixtures';

const API_LOG = '/api/blade-log/api';
const USUAL_LOG = '/api/blade-log/usual';

let admin: string;
let other: string;

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
});

async function rowsOf(token: string, path: string) {
  const answer = await call(path, { token });
  expect(answer.body.code, answer.text).toBe(200);
  return answer.body.data.records as Record<string, string | number>[];
}

describe('error logs', () => {
  it("answer the whole count past the first page (a migration's table is counted like the others)", async () => {
    const before = (await call('/api/blade-log/error/list?size=10', { token: admin })).body.data.total as number;
    const logs = Array.from({ length: 12 }, (_, n) => ({ type: 'error', message: `count check ${n}`, stack: '', url: '/x', time: '' }));
    const stored = await call('/api/blade-auth/oauth/logout', { token: admin, json: logs });
    expect(stored.body.code, stored.text).toBe(200);
    const page = await call('/api/blade-log/error/list?current=1&size=10', { token: admin });
    expect(page.body.data.records).toHaveLength(10);
    expect(page.body.data.total).toBe(before + 12);
  });
});

describe('API logs', () => {
  it('hold one row per sign-in: the call, the client, the time it took, and no password', async () => {
    // Over IPv4 to the dual-stack socket: the peer arrives as `::ffff:127.0.0.1` and is recorded as plain IPv4.
    const ipv4 = serverUrl().replace('//localhost:', '//127.0.0.1:');
    const signedIn = await requestToken({ account: 'admin', password: ADMIN_PASSWORD }, { headers: { 'User-Agent': 'api-log-test' }, base: ipv4 });
    expect(signedIn.body.access_token).toBeTruthy();
    const rows = await rowsOf(admin, `${API_LOG}/list?title=登录用户验证&createBy=admin&size=50`);
    const row = rows.find((candidate) => candidate.userAgent === 'api-log-test');
    expect(row).toMatchObject({ method: 'POST', requestUri: '/api/blade-auth/oauth/token', serviceId: 'blade-auth', createBy: 'admin' });
    expect(Number(row!.time)).toBeGreaterThanOrEqual(0);
    expect(row!.remoteIp).toBe('127.0.0.1');
    expect(String(row!.params)).toContain('"grant_type":"password"');
    expect(String(row!.params)).not.toContain(md5(ADMIN_PASSWORD));
    const detail = await call(`${API_LOG}/detail?id=${row!.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ id: row!.id, title: '登录用户验证' });
  });

  it('hold refused sign-ins with their outcome: a wrong password in its tenant, an expired tenant in 000000', async () => {
    const agent = `api-log-refused-${Date.now()}`;
    const wrong = await requestToken({ account: 'admin', password: 'wrong-password' }, { headers: { 'User-Agent': agent } });
    expect(wrong.body.error_description).toBe('用户名或密码错误');
    // A tenant whose licence ran out (the tenancy tests make such tenants through 授权配置).
    const tenant = await call('/api/blade-system/tenant/submit', { token: admin, json: { tenantName: `日志过期${agent.slice(-6)}`, linkman: 'x' } });
    expect(tenant.body.code, tenant.text).toBe(200);
    const [row] = (await call(`/api/blade-system/tenant/list?tenantName_equal=${encodeURIComponent(`日志过期${agent.slice(-6)}`)}`, { token: admin })).body.data.records;
    await call(`/api/blade-system/tenant/setting?ids=${row.id}&accountNumber=-1&expireTime=${encodeURIComponent('2020-01-01 00:00:00')}`, { token: admin, method: 'POST' });
    const expired = await requestToken({ tenantId: row.tenantId, account: 'admin', password: 'admin' }, { headers: { 'User-Agent': agent } });
    expect(expired.body.error_description).toBe('租户授权已过期,请联系管理员');
    const signedIn = await requestToken({ account: 'admin', password: ADMIN_PASSWORD }, { headers: { 'User-Agent': agent } });
    expect(signedIn.body.access_token).toBeTruthy();

    const rows = (await rowsOf(admin, `${API_LOG}/list?title=登录用户验证&size=100`)).filter((candidate) => candidate.userAgent === agent);
    const outcomes = rows.map((candidate) => [candidate.outcome, candidate.outcomeMessage, candidate.createBy]);
    expect(outcomes).toEqual(
      expect.arrayContaining([
        [0, '用户名或密码错误', 'admin'],
        [0, '租户授权已过期,请联系管理员', 'admin'],
        [1, '', 'admin'],
      ]),
    );
    expect(rows).toHaveLength(3);
    const refused = rows.find((candidate) => candidate.outcomeMessage === '租户授权已过期,请联系管理员')!;
    expect(String(refused.params)).toContain(row.tenantId);
    expect(String(refused.params)).not.toContain(md5('admin'));
    // Only successful sign-ins, when asked.
    const answered = await rowsOf(admin, `${API_LOG}/list?title=登录用户验证&outcome=1&size=100`);
    expect(answered.every((candidate) => candidate.outcome === 1)).toBe(true);
    await call(`/api/blade-system/tenant/remove?ids=${row.id}`, { token: admin, method: 'POST' });
  });

  it('hold a sign-out, and show no row to another tenant', async () => {
    const session = await loginAdmin();
    const out = await call('/api/blade-auth/oauth/logout', { token: session, headers: { 'User-Agent': 'api-log-logout' } });
    expect(out.body.code).toBe(200);
    const rows = await rowsOf(admin, `${API_LOG}/list?title=退出登录&size=50`);
    expect(rows.some((row) => row.userAgent === 'api-log-logout' && row.createBy === 'admin')).toBe(true);
    const foreign = await rowsOf(other, `${API_LOG}/list?size=100`);
    expect(foreign.every((row) => row.createBy !== 'admin')).toBe(true);
  });
});

describe('usual logs', () => {
  it('hold the lock of an account by failed sign-ins (with the address) and its unlock by an administrator', async () => {
    for (let attempt = 0; attempt < 5; attempt++) await requestToken({ ...LOG_LOCK_VICTIM, password: 'wrong' });
    const locked = await rowsOf(admin, `${USUAL_LOG}/list?logId=account-locked&createBy=${LOG_LOCK_VICTIM.account}`);
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ logLevel: 'WARN', requestUri: '/api/blade-auth/oauth/token', logData: '账号 lockme_log 连续5次密码错误，已锁定30分钟' });
    expect(String(locked[0].remoteIp)).not.toBe('');

    const unlocked = await call(`/api/blade-system/user/unlock?userIds=${LOG_LOCK_VICTIM.id}`, { token: admin, method: 'POST' });
    expect(unlocked.body.code).toBe(200);
    const rows = await rowsOf(admin, `${USUAL_LOG}/list?logId=account-unlocked&logLevel=INFO`);
    expect(rows.map((row) => row.logData)).toContain('账号 lockme_log 已由 admin 解封');
    expect((await rowsOf(other, `${USUAL_LOG}/list?size=100`)).every((row) => !String(row.logData).includes('lockme_log'))).toBe(true);
  });
});
