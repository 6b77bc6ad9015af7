import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin } from './client';
import { OTHER_TENANT } from './fixtures';

const PARAM = '/api/blade-system/param';
const LOG = '/gateway/blade-operationlog/operationLog';

let admin: string;
let other: string;

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
});

async function logsOf(token: string, query: string) {
  const answer = await call(`${LOG}/list?size=50&${query}`, { token });
  expect(answer.body.code, answer.text).toBe(200);
  return answer.body.data.records as Record<string, string>[];
}

describe('operation log', () => {
  it('writes one row per create, update and delete, with who, what and the parameters (secrets masked)', async () => {
    const key = `oplog.${Date.now()}`;
    const created = await call(`${PARAM}/submit`, { token: admin, json: { paramName: '日志参数', paramKey: key, paramValue: 'v', password: 'never-logged' } });
    expect(created.body.code).toBe(200);
    const [row] = (await call(`${PARAM}/list?paramKey_equal=${key}`, { token: admin })).body.data.records;
    await call(`${PARAM}/submit`, { token: admin, json: { id: row.id, paramValue: 'w' } });
    await call(`${PARAM}/remove?ids=${row.id}`, { token: admin, method: 'POST' });

    const logs = await logsOf(admin, `requestUri=${encodeURIComponent('/api/blade-system/param/')}`);
    const mine = logs.filter((log) => log.params.includes(key) || log.params.includes(row.id) || log.requestUri.includes(row.id));
    expect(mine.map((log) => log.title).sort()).toEqual(['参数管理-修改', '参数管理-删除', '参数管理-新增'].sort());
    const add = mine.find((log) => log.title === '参数管理-新增')!;
    expect(add).toMatchObject({ method: 'POST', requestUri: '/api/blade-system/param/submit', createBy: 'admin', serviceId: 'blade-system' });
    expect(add.params).toContain(key);
    expect(add.params).not.toContain('never-logged');
    expect(add.serverHost).not.toBe('');
  });

  it('writes nothing for a refused write, and shows no row to another tenant', async () => {
    const refused = await call(`${PARAM}/submit`, { token: admin, json: { paramName: '', paramKey: 'x', paramValue: 'v' } });
    expect(refused.body.code).toBe(400);
    const logs = await logsOf(admin, 'title=参数管理');
    expect(logs.every((log) => !log.params.includes('"paramKey":"x"'))).toBe(true);
    const foreign = await logsOf(other, 'title=参数管理');
    expect(foreign.every((log) => log.createBy !== 'admin')).toBe(true);
  });

  it('is read-only', async () => {
    const answer = await call(`${LOG}/submit`, { token: admin, json: { title: 'forged' } });
    expect([404, 405]).toContain(answer.status);
  });
});
