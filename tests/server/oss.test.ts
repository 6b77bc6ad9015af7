import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin, serverUrl } from './client';
import { OTHER_TENANT } from './fixtures';

const CREDENTIAL = '/api/blade-resource/oss/oss-credential';
const DETAILS = '/gateway/blade-oss/oss/huawei/obsDetails';
const SCRIPT = 'print("hello")\n';

let admin: string;
let other: string;

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
});

async function credential(token: string, query: Record<string, string>) {
  return call(`${CREDENTIAL}?${new URLSearchParams(query)}`, { token });
}

/** Uploads a script the way the browser does: credential, then PUT to the presigned URL with the headers given. */
async function upload(token: string, fileName: string, content: string) {
  const size = String(Buffer.byteLength(content));
  const answer = await credential(token, { fileName, size });
  expect(answer.body.code).toBe(200);
  const data = answer.body.data;
  const put = await fetch(`${serverUrl()}${data.uploadUrl}`, { method: data.method, headers: data.headers, body: content });
  return { data, put };
}

describe('oss-credential', () => {
  it('names the key by the spec pattern and signs a PUT for it, valid 15 minutes, with no secret in the answer', async () => {
    const before = Date.now();
    const answer = await credential(admin, { fileName: '登录 测试.py', size: '15' });
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.key).toMatch(/^script\/登录_测试_fb_15_b_(\d+)\.py$/);
    expect(Number(/_b_(\d+)\./.exec(data.key)![1])).toBeGreaterThanOrEqual(before);
    expect(data.objectKey).toBe(`000000/${data.key}`);
    expect(data).toMatchObject({ bucketName: 'blade', endpoint: '/oss', region: 'us-east-1', method: 'PUT', expiresIn: 900 });
    expect(data.headers).toEqual({ 'Content-Type': 'text/x-python' });
    expect(data.uploadUrl).toMatch(/^\/oss\/blade\/000000\/script\/.+\?X-Amz-Algorithm=AWS4-HMAC-SHA256&.*X-Amz-Expires=900&.*X-Amz-Signature=[0-9a-f]{64}$/);
    expect(data.expiration).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(answer.body)).not.toMatch(/secret/i);
  });

  it('keeps every file name inside script/', async () => {
    const answer = await credential(admin, { fileName: '../../etc/pass wd', size: '1' });
    expect(answer.body.data.key).toMatch(/^script\/pass_wd_fb_1_b_\d+$/);
  });

  it('answers 400 naming the parameter for missing or bad input', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ size: '3' }, /fileName/],
      [{ fileName: 'a.py' }, /size/],
      [{ fileName: 'a.py', size: 'abc' }, /size/],
      [{ fileName: 'a.py', size: '0' }, /size/],
      [{ fileName: 'a.py', size: String(50 * 1024 * 1024 + 1) }, /size.*50MB/],
      [{ fileName: 'a.py', size: '3', contentType: 'text/html\r\nX: y' }, /contentType/],
      // Only what the upload screens send: a page or an SVG could run script where it is opened.
      [{ fileName: 'a.html', size: '3', contentType: 'text/html' }, /^参数校验失败: contentType 不支持上传text\/html类型的文件$/],
      [{ fileName: 'a.svg', size: '3', contentType: 'image/svg+xml; charset=utf-8' }, /不支持上传image\/svg\+xml类型的文件/],
    ];
    for (const [query, message] of cases) {
      const answer = await credential(admin, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, success: false, data: null });
      expect(answer.body.msg).toMatch(message);
    }
  });

  it('requires a login', async () => {
    const answer = await call(`${CREDENTIAL}?fileName=a.py&size=1`);
    expect(answer.body.code).toBe(401);
    expect((await call(DETAILS)).body.code).toBe(401);
  });
});

describe('upload and download through presigned URLs', () => {
  it('stores the bytes PUT to the presigned URL and serves the same bytes to the download URL', async () => {
    const { data, put } = await upload(admin, 'round_trip.py', SCRIPT);
    expect(put.status).toBe(200);
    const details = await call(`${DETAILS}?key=${encodeURIComponent(data.key)}`, { token: admin });
    expect(details.body.data).toMatchObject({ bucketName: 'blade', endpoint: '/oss', region: 'us-east-1', key: data.key, expiresIn: 900 });
    const download = await fetch(`${serverUrl()}${details.body.data.downloadUrl}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(SCRIPT);
    expect(download.headers.get('content-type')).toBe('text/x-python');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''round_trip_fb_/);
  });

  it('answers obsDetails without a key with the bucket only', async () => {
    const details = await call(DETAILS, { token: admin });
    expect(details.body).toEqual({ code: 200, success: true, msg: '操作成功', data: { bucketName: 'blade', endpoint: '/oss', region: 'us-east-1' } });
  });

  it('refuses a tampered signature, another key, another method and another content type', async () => {
    const { data } = await credential(admin, { fileName: 'guarded.py', size: '3' }).then((answer) => answer.body);
    const url = new URL(data.uploadUrl, serverUrl());
    const send = (target: URL | string, init: RequestInit = {}) =>
      fetch(target, { method: 'PUT', headers: data.headers, body: 'abc', ...init });

    const tampered = new URL(url);
    const signature = tampered.searchParams.get('X-Amz-Signature')!;
    tampered.searchParams.set('X-Amz-Signature', `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`);
    const refusedSignature = await send(tampered);
    expect(refusedSignature.status).toBe(403);
    expect(await refusedSignature.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace('guarded', 'other');
    expect((await send(otherKey)).status).toBe(403);

    const otherTenant = new URL(url);
    otherTenant.pathname = otherTenant.pathname.replace('/000000/', '/100001/');
    expect((await send(otherTenant)).status).toBe(403);

    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    expect((await send(longer)).status).toBe(403);

    expect((await send(url, { headers: { 'Content-Type': 'text/html' } })).status).toBe(403);
    expect((await fetch(url)).status).toBe(403);
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(403);
    expect((await fetch(new URL(url.pathname, serverUrl()))).status).toBe(403);

    expect((await send(url)).status).toBe(200);
  });

  it('gives no tenant a download URL for another tenant\'s object', async () => {
    const { data, put } = await upload(admin, 'private.py', SCRIPT);
    expect(put.status).toBe(200);
    for (const key of [data.key, data.objectKey, `../${data.objectKey}`, `/${data.objectKey}`]) {
      const answer = await call(`${DETAILS}?key=${encodeURIComponent(key)}`, { token: other });
      expect(answer.status, key).toBe(400);
      expect(answer.body.data).toBeNull();
      expect(answer.text).not.toContain('X-Amz-Signature');
    }
    const own = await call(`${DETAILS}?key=${encodeURIComponent(data.key)}`, { token: admin });
    expect(own.body.data.downloadUrl).toContain('/000000/');
  });

  it('accepts exactly the declared size only, and stores nothing else', async () => {
    const { data } = await credential(admin, { fileName: 'sized.bin', size: '4' }).then((answer) => answer.body);
    expect(data.uploadUrl).toContain('X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost');
    const sendBytes = (length: number) =>
      fetch(`${serverUrl()}${data.uploadUrl}`, { method: 'PUT', headers: data.headers, body: new Uint8Array(length) });
    expect((await sendBytes(5)).status).toBe(403);
    expect((await sendBytes(50 * 1024 * 1024 + 1)).status).toBe(403);
    expect((await call(`${DETAILS}?key=${encodeURIComponent(data.key)}`, { token: admin })).body.msg).toBe('文件不存在');
    expect((await sendBytes(4)).status).toBe(200);
    expect((await call(`${DETAILS}?key=${encodeURIComponent(data.key)}`, { token: admin })).body.code).toBe(200);
  });

  it('refuses path traversal in the storage route', async () => {
    const answer = await fetch(`${serverUrl()}/oss/blade/000000%2F..%2F..%2F..%2Fpackage.json`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).not.toContain('"name"');
  });
});
