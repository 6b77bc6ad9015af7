import { describe, expect, it } from 'vitest';
import { convertCell } from '../../server/excel/columns';
import { attachmentDisposition } from '../../server/excel/writer';
import { scriptKey } from '../../server/modules/oss';
import { isSafeKey } from '../../server/storage/keys';
import { presign, verify, type IncomingRequest } from '../../server/storage/sigv4';

const KEYS = { accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'us-east-1' };
const NOW = new Date('2024-01-02T03:04:05Z');

/** The request a client makes with a presigned path-and-query. */
function requestOf(url: string, method = 'GET', headers: Record<string, string> = {}): IncomingRequest {
  const parsed = new URL(url, 'http://blade-local-oss');
  return {
    method,
    path: parsed.pathname.split('/').map(decodeURIComponent).join('/'),
    query: [...parsed.searchParams],
    headers: { host: 'blade-local-oss', ...headers },
  };
}

describe('SigV4 presigned URLs', () => {
  const url = presign(KEYS, { method: 'PUT', host: 'blade-local-oss', path: '/oss/b/0/中 文.py', headers: { 'content-type': 'text/x-python' }, expiresInSeconds: 900, now: NOW });

  it('verify what they sign until they expire', () => {
    const request = requestOf(url, 'PUT', { 'content-type': 'text/x-python' });
    expect(verify(KEYS, request, ['blade-local-oss'], NOW)).toEqual({ ok: true, payloadHash: undefined });
    expect(verify(KEYS, request, ['blade-local-oss'], new Date(NOW.getTime() + 900_000))).toMatchObject({ ok: true });
    expect(verify(KEYS, request, ['blade-local-oss'], new Date(NOW.getTime() + 901_000))).toMatchObject({ ok: false, code: 'RequestExpired' });
    expect(verify(KEYS, request, ['blade-local-oss'], new Date(NOW.getTime() - 16 * 60_000))).toMatchObject({ ok: false, code: 'RequestExpired' });
  });

  it('refuse another key pair, region, host, method or signed header value', () => {
    const request = requestOf(url, 'PUT', { 'content-type': 'text/x-python' });
    expect(verify({ ...KEYS, secretAccessKey: 'other' }, request, ['blade-local-oss'], NOW)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(verify({ ...KEYS, accessKeyId: 'OTHER' }, request, ['blade-local-oss'], NOW)).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(verify({ ...KEYS, region: 'cn-north-4' }, request, ['blade-local-oss'], NOW)).toMatchObject({ ok: false, code: 'AccessDenied' });
    expect(verify(KEYS, request, ['evil.example'], NOW)).toMatchObject({ ok: false });
    expect(verify(KEYS, { ...request, method: 'DELETE' }, ['blade-local-oss'], NOW)).toMatchObject({ ok: false });
    expect(verify(KEYS, { ...request, headers: { ...request.headers, 'content-type': 'text/html' } }, ['blade-local-oss'], NOW)).toMatchObject({ ok: false });
  });

  it('refuse an unsigned request, a validity over seven days and a signature not covering the host', () => {
    expect(verify(KEYS, requestOf('/oss/b/0/x'), ['blade-local-oss'], NOW)).toMatchObject({ ok: false, code: 'AccessDenied' });
    const long = url.replace('X-Amz-Expires=900', 'X-Amz-Expires=604801');
    expect(verify(KEYS, requestOf(long, 'PUT'), ['blade-local-oss'], NOW)).toMatchObject({ ok: false, code: 'AuthorizationQueryParametersError' });
    const noHost = url.replace('X-Amz-SignedHeaders=content-type%3Bhost', 'X-Amz-SignedHeaders=content-type');
    expect(verify(KEYS, requestOf(noHost, 'PUT'), ['blade-local-oss'], NOW)).toMatchObject({ ok: false, code: 'AccessDenied' });
  });
});

describe('object keys', () => {
  it('follow the spec pattern script/{name}_fb_{size}_b_{timestamp}.{ext}', () => {
    expect(scriptKey('登录测试.py', 1234, 1700000000000)).toEqual({ key: 'script/登录测试_fb_1234_b_1700000000000.py', extension: 'py' });
    expect(scriptKey('C:\\work\\my script.PY', 1, 2).key).toBe('script/my_script_fb_1_b_2.py');
    expect(scriptKey('../../etc/passwd', 1, 2).key).toBe('script/passwd_fb_1_b_2');
    expect(scriptKey('.bashrc', 1, 2).key).toBe('script/_bashrc_fb_1_b_2');
    expect(scriptKey('a.<script>', 1, 2).key).toBe('script/a_fb_1_b_2');
  });

  it('never leave their folder', () => {
    for (const key of ['', '/abs', 'a/../b', '..', 'a/./b', 'a//b', 'a\\b', 'a\u0000b', 'a/', 'x'.repeat(1025)]) {
      expect(isSafeKey(key), JSON.stringify(key)).toBe(false);
    }
    expect(isSafeKey('000000/script/登录_fb_1_b_2.py')).toBe(true);
    expect(isSafeKey('a/..b/c..')).toBe(true);
  });
});

describe('Excel cells', () => {
  it('convert by column type', () => {
    expect(convertCell({ key: 'n', header: '数', type: 'integer' }, 3)).toEqual({ value: 3 });
    expect(convertCell({ key: 'n', header: '数', type: 'integer' }, '3.5')).toEqual({ error: '必须是整数' });
    expect(convertCell({ key: 'd', header: '时', type: 'datetime' }, new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toEqual({ value: '2024-01-02 03:04:05' });
    expect(convertCell({ key: 'd', header: '时', type: 'datetime' }, '2024/1/2 3:04')).toEqual({ value: '2024-01-02 03:04:00' });
    expect(convertCell({ key: 'p', header: '级', options: { 高: '1' } }, 1)).toEqual({ value: '1' });
    expect(convertCell({ key: 's', header: '文' }, { formula: 'A1', result: ' 值 ' })).toEqual({ value: '值' });
    expect(convertCell({ key: 's', header: '文', required: true }, { text: '', hyperlink: 'x' })).toEqual({ error: '不能为空' });
  });

  it('name downloads in UTF-8 with an ASCII fallback', () => {
    expect(attachmentDisposition('用例 "a".xlsx')).toBe(`attachment; filename="__ _a_.xlsx"; filename*=UTF-8''${encodeURIComponent('用例 "a".xlsx')}`);
  });
});
