import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin } from './client';
import { ADMIN_PASSWORD } from './fixtures';

let token: string;
beforeAll(async () => {
  token = await loginAdmin();
});

const UNAUTHORIZED = { code: 401, success: false, data: null, msg: '请求未授权' };

describe('the Blade envelope', () => {
  it('answers 401 as HTTP 200 with the 请求未授权 envelope when the token is missing, malformed or forged', async () => {
    const forged = await new SignJWT({ tenant_id: '000000', user_id: '1', role_name: 'administrator', token_type: 'access_token' })
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime('1h')
      // BladeX's well-known public default key: tokens signed with it must not be accepted here.
      .sign(new TextEncoder().encode('bladexisapowerfulmicroservducearchitectureupgradedandoptimizedfromacommercialproject'));
    const attempts: Record<string, string>[] = [{}, { 'Blade-Auth': 'bearer not-a-jwt' }, { 'Blade-Auth': `bearer ${forged}` }];
    for (const headers of attempts) {
      const answer = await call('/api/blade-system/param/list', { headers });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(UNAUTHORIZED);
    }
  });

  it('rejects a refresh token used as an access token', async () => {
    const { refresh_token } = await login({ account: 'admin', password: ADMIN_PASSWORD });
    const answer = await call('/api/blade-system/param/list', { token: refresh_token });
    expect(answer.body).toEqual(UNAUTHORIZED);
  });

  it('accepts the token in the blade-auth query parameter', async () => {
    const answer = await call(`/api/blade-system/param/list?blade-auth=${encodeURIComponent(`bearer ${token}`)}`, {
      headers: {},
    });
    expect(answer.body.code).toBe(200);
  });

  it('answers 404 没找到请求 for unknown API paths and 405 for a wrong method', async () => {
    const missing = await call('/api/blade-system/no-such-thing/list', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, success: false, data: null, msg: '404 没找到请求' });
    const wrongMethod = await call('/api/blade-system/param/list', { token, method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body).toMatchObject({ code: 405, success: false, msg: '不支持当前请求方法' });
  });

  it('answers malformed JSON with 400, never a 500', async () => {
    for (const body of ['{"paramName": ', 'null', '[1,2]', '"text"']) {
      const answer = await call('/api/blade-system/param/submit', { token, body });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.msg).toContain('参数校验失败');
    }
  });

  it('gives 暂无承载数据 only for a null payload and 操作成功 otherwise', async () => {
    const answer = await call('/api/blade-system/param/list', { token });
    expect(answer.body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
  });

  it('serializes ids as strings, null strings as "", datetimes as yyyy-MM-dd HH:mm:ss', async () => {
    const key = `serialize.${Date.now()}`;
    await call('/api/blade-system/param/submit', { token, json: { paramName: 'n', paramKey: key, paramValue: 'v' } });
    const list = await call(`/api/blade-system/param/list?paramKey_equal=${key}`, { token });
    const [row] = list.body.data.records;
    expect(typeof row.id).toBe('string');
    expect(row.id).toMatch(/^\d{15,19}$/);
    expect(typeof row.createUser).toBe('string');
    expect(row.createUser).toBe('1123598821738675201');
    expect(row.createDept).toBe('1123598813738675201');
    expect(row.remark).toBe('');
    expect(row.tenantId).toBe('000000');
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row.status).toBe(1);
    expect(row.isDeleted).toBe(0);
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(row.createTime.slice(0, 10)).toBe(today);
  });
});
