import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin } from './client';

const BASE = '/api/blade-system/param';
let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const submit = (json: unknown) => call(`${BASE}/submit`, { token, json });
async function findByKey(key: string) {
  const answer = await call(`${BASE}/list?paramKey_equal=${encodeURIComponent(key)}`, { token });
  return answer.body.data.records as Record<string, any>[];
}

describe('param CRUD', () => {
  it('creates, reads, updates and logically deletes a parameter', async () => {
    const key = `crud.${Date.now()}`;
    const created = await submit({ paramName: '名称', paramKey: key, paramValue: '值', remark: '说明' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: 200, success: true, data: { id: expect.stringMatching(/^\d+$/), paramKey: key, paramValue: '值' }, msg: '操作成功' });

    const [row] = await findByKey(key);
    expect(row).toMatchObject({ paramName: '名称', paramKey: key, paramValue: '值', remark: '说明' });

    const detail = await call(`${BASE}/detail?id=${row.id}`, { token });
    expect(detail.body.data).toEqual(row);

    const updated = await submit({ id: row.id, paramValue: '新值', remark: '' });
    expect(updated.body.code).toBe(200);
    const afterUpdate = (await call(`${BASE}/detail?id=${row.id}`, { token })).body.data;
    expect(afterUpdate).toMatchObject({ paramName: '名称', paramValue: '新值', remark: '' });
    expect(afterUpdate.createTime).toBe(row.createTime);

    const removed = await call(`${BASE}/remove?ids=${row.id}`, { token, method: 'POST' });
    expect(removed.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' });
    expect(await findByKey(key)).toEqual([]);
    const gone = await call(`${BASE}/detail?id=${row.id}`, { token });
    expect(gone.body.code).toBe(400);
    const again = await call(`${BASE}/remove?ids=${row.id}`, { token, method: 'POST' });
    expect(again.body).toEqual({ code: 400, success: false, data: {}, msg: '操作失败' });
  });

  it('removes several ids given as a comma list', async () => {
    const keys = [`multi.a.${Date.now()}`, `multi.b.${Date.now()}`];
    for (const key of keys) await submit({ paramName: 'm', paramKey: key, paramValue: 'v' });
    const ids = (await Promise.all(keys.map(findByKey))).map(([row]) => row.id);
    const removed = await call(`${BASE}/remove?ids=${ids.join(',')}`, { token, method: 'POST' });
    expect(removed.body.code).toBe(200);
    for (const key of keys) expect(await findByKey(key)).toEqual([]);
  });

  it('answers every required message of the schema, exactly', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ paramKey: 'k', paramValue: 'v' }, '请输入参数名称'],
      [{ paramName: '', paramKey: 'k', paramValue: 'v' }, '请输入参数名称'],
      [{ paramName: 'n', paramValue: 'v' }, '请输入参数键名'],
      [{ paramName: 'n', paramKey: 'k' }, '请输入参数键值'],
      [{ paramName: 'n', paramKey: 'k', paramValue: null }, '请输入参数键值'],
    ];
    for (const [body, message] of cases) {
      const answer = await submit(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 400, success: false, data: null, msg: message });
    }
  });

  it('refuses to clear a required field on update but keeps absent fields', async () => {
    const key = `update.${Date.now()}`;
    await submit({ paramName: 'n', paramKey: key, paramValue: 'v' });
    const [row] = await findByKey(key);
    expect((await submit({ id: row.id, paramName: '' })).body.msg).toBe('请输入参数名称');
    expect((await submit({ id: row.id, remark: 'only remark' })).body.code).toBe(200);
    expect((await findByKey(key))[0]).toMatchObject({ paramName: 'n', paramValue: 'v', remark: 'only remark' });
  });

  it('rejects values longer than maxLength, naming the field', async () => {
    const answer = await submit({ paramName: 'x'.repeat(256), paramKey: `long.${Date.now()}`, paramValue: 'v' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('参数名称');
    const fits = await submit({ paramName: '名'.repeat(255), paramKey: `fits.${Date.now()}`, paramValue: 'v' });
    expect(fits.body.code).toBe(200);
  });

  it('rejects a value of the wrong type, naming the field', async () => {
    const answer = await submit({ paramName: { nested: true }, paramKey: `type.${Date.now()}`, paramValue: 'v' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain('参数名称');
    const withNul = await submit({ paramName: 'a\u0000b', paramKey: `nul.${Date.now()}`, paramValue: 'v' });
    expect(withNul.status).toBe(400);
    expect(withNul.body.msg).toContain('参数名称');
    const badStatus = await submit({ paramName: 'n', paramKey: `type2.${Date.now()}`, paramValue: 'v', status: 'abc' });
    expect(badStatus.status).toBe(400);
  });

  it('keeps paramKey unique within the tenant among live rows', async () => {
    const key = `unique.${Date.now()}`;
    expect((await submit({ paramName: 'a', paramKey: key, paramValue: 'v' })).body.code).toBe(200);
    const duplicate = await submit({ paramName: 'b', paramKey: key, paramValue: 'v' });
    expect(duplicate.body).toEqual({ code: 400, success: false, data: null, msg: '参数键名已存在' });
    const [row] = await findByKey(key);
    expect((await submit({ id: row.id, paramKey: key, paramValue: 'same key, same row' })).body.code).toBe(200);
    await call(`${BASE}/remove?ids=${row.id}`, { token, method: 'POST' });
    expect((await submit({ paramName: 'c', paramKey: key, paramValue: 'v' })).body.code).toBe(200);
  });

  it('lets exactly one of several concurrent inserts of one key win', async () => {
    const key = `race.${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => submit({ paramName: `r${index}`, paramKey: key, paramValue: 'v' })),
    );
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.body.code !== 200)) {
      expect(answer.body).toEqual({ code: 400, success: false, data: null, msg: '参数键名已存在' });
    }
    expect(await findByKey(key)).toHaveLength(1);
  });

  it('ignores unknown and server-maintained keys in the body', async () => {
    const key = `ignored.${Date.now()}`;
    const answer = await submit({
      paramName: 'n',
      paramKey: key,
      paramValue: 'v',
      tenantId: '100001',
      createUser: '1',
      createTime: '2000-01-01 00:00:00',
      isDeleted: 1,
      password: 'x',
      'param_name; DROP TABLE blade_param': 'x',
    });
    expect(answer.body.code).toBe(200);
    const [row] = await findByKey(key);
    expect(row).toMatchObject({ tenantId: '000000', createUser: '1123598821738675201', isDeleted: 0 });
    expect(row.createTime).not.toBe('2000-01-01 00:00:00');
  });

  it('validates ids of detail and remove', async () => {
    expect((await call(`${BASE}/detail`, { token })).body.msg).toContain('缺少必要的请求参数');
    expect((await call(`${BASE}/detail?id=1%20OR%201=1`, { token })).status).toBe(400);
    expect((await call(`${BASE}/remove?ids=1,abc`, { token, method: 'POST' })).status).toBe(400);
    expect((await call(`${BASE}/remove`, { token, method: 'POST' })).body.msg).toContain('ids');
    expect((await call(`${BASE}/detail?id=99999999999999999999`, { token })).status).toBe(400);
  });
});
