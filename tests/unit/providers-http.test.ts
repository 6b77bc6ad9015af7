import type { AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorMessageOf, responseCode } from '../../providers/http';

function answer(status: number, data: unknown): AxiosResponse {
  return { status, data } as AxiosResponse;
}

describe('responseCode', () => {
  it('reads error_code, then code, then the HTTP status', () => {
    expect(responseCode(answer(400, { error_code: 2004, code: 400 }))).toBe(2004);
    expect(responseCode(answer(200, { code: 401, success: false }))).toBe(401);
    expect(responseCode(answer(200, { access_token: 'a' }))).toBe(200);
    expect(responseCode(answer(404, ''))).toBe(404);
    expect(responseCode(answer(200, new Blob(['x'])))).toBe(200);
  });
});

describe('errorMessageOf', () => {
  it('prefers msg, then error_description, then 系统错误', () => {
    expect(errorMessageOf({ msg: '操作失败', error_description: 'x' })).toBe('操作失败');
    expect(errorMessageOf({ error_description: '用户名或密码错误' })).toBe('用户名或密码错误');
    expect(errorMessageOf({})).toBe('系统错误');
  });
});
