import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin } from './client';
import { OTHER_TENANT } from './fixtures';

const BASE = '/api/blade-system/param';
let admin: string;
let other: string;

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
});

describe('tenant isolation', () => {
  it('lists only the caller tenant rows', async () => {
    const mine = await call(`${BASE}/list?size=1000`, { token: admin });
    expect(mine.body.data.records.map((row: { paramKey: string }) => row.paramKey)).not.toContain(OTHER_TENANT.paramKey);
    const theirs = await call(`${BASE}/list?size=1000`, { token: other });
    expect(theirs.body.data.records.map((row: { paramKey: string }) => row.paramKey)).toContain(OTHER_TENANT.paramKey);
    for (const row of theirs.body.data.records) expect(row.tenantId).toBe(OTHER_TENANT.tenantId);
  });

  it('cannot filter its way into another tenant', async () => {
    const answer = await call(`${BASE}/list?tenantId=${OTHER_TENANT.tenantId}&paramKey=${OTHER_TENANT.paramKey}`, {
      token: admin,
    });
    expect(answer.body.data.records).toEqual([]);
  });

  it('does not read, update or remove another tenant row', async () => {
    const detail = await call(`${BASE}/detail?id=${OTHER_TENANT.paramId}`, { token: admin });
    expect(detail.body.code).toBe(400);
    expect(detail.text).not.toContain(OTHER_TENANT.paramKey);

    const update = await call(`${BASE}/submit`, {
      token: admin,
      json: { id: OTHER_TENANT.paramId, paramName: 'hijacked', paramKey: 'hijacked', paramValue: 'x' },
    });
    expect(update.body.success).toBe(false);

    const remove = await call(`${BASE}/remove?ids=${OTHER_TENANT.paramId}`, { token: admin, method: 'POST' });
    expect(remove.body.success).toBe(false);

    const intact = await call(`${BASE}/detail?id=${OTHER_TENANT.paramId}`, { token: other });
    expect(intact.body.data).toMatchObject({ paramName: '第二租户参数', paramKey: OTHER_TENANT.paramKey, isDeleted: 0 });
  });

  it('keeps unique keys per tenant', async () => {
    const answer = await call(`${BASE}/submit`, {
      token: admin,
      json: { paramName: 'same key elsewhere', paramKey: OTHER_TENANT.paramKey, paramValue: 'v' },
    });
    expect(answer.body.code).toBe(200);
  });

  it('writes new rows into the caller tenant', async () => {
    const key = `other.new.${Date.now()}`;
    await call(`${BASE}/submit`, { token: other, json: { paramName: 'n', paramKey: key, paramValue: 'v' } });
    const theirs = await call(`${BASE}/list?paramKey_equal=${key}`, { token: other });
    expect(theirs.body.data.records[0].tenantId).toBe(OTHER_TENANT.tenantId);
    const mine = await call(`${BASE}/list?paramKey_equal=${key}`, { token: admin });
    expect(mine.body.data.total).toBe(0);
  });
});
