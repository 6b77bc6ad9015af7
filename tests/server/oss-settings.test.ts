import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { registry } from '../../resources/schemas';
import { call, requestToken } from './client';
import { freshDataDir } from './data-dir';
import { freshPostgresDatabase } from './printed-product';
import { ADMIN_PASSWORD } from './fixtures';
import { S3_TEST_KEYS, startS3TestServer, type S3TestServer } from './s3-test-server';

const API = '/api/blade-resource/oss';
const PUT_FILE = '/api/blade-resource/oss/endpoint/put-file';
const PUT_FILE_ATTACH = '/api/blade-resource/oss/endpoint/put-file-attach';

let server: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let s3: S3TestServer;
let noCors: S3TestServer;
let token: string;

beforeAll(async () => {
  dataDir = freshDataDir('blade-oss-settings-');
  // On PostgreSQL a database of its own: a storage setting it enables would take other files' uploads.
  database = await freshPostgresDatabase('blade_oss_settings_test');
  server = await startServer(
    {
      port: 0,
      dataDir,
      databaseUrl: database?.url,
      adminPassword: ADMIN_PASSWORD,
      captcha: false,
      // The test services listen on loopback; the DNS case names a host that is allowed but does not exist.
      outboundAllow: ['127.0.0.1', 'no-such-host.invalid'],
    },
    { resources: registry },
  );
  s3 = await startS3TestServer({ corsOrigin: server.url });
  noCors = await startS3TestServer({ bucket: 'no-cors-bucket' });
  const answer = await requestToken({ account: 'admin', password: ADMIN_PASSWORD }, { base: server.url });
  token = answer.body.access_token;
}, 120_000);

afterAll(async () => {
  await s3?.close();
  await noCors?.close();
  await server?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { token, base: server.url, ...options });

async function upload(path: string, name: string, content: string) {
  const form = new FormData();
  form.append('file', new File([content], name, { type: 'text/plain' }));
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Blade-Auth': `bearer ${token}` }, body: form });
  return (await response.json()) as { code: number; msg: string; data: { link: string; domain: string; name: string; originalName: string; attachId: string } };
}

const download = async (link: string) => {
  const response = await fetch(`${server.url}${link}`);
  return { status: response.status, text: await response.text() };
};

const s3Setting = (overrides: Record<string, unknown> = {}) => ({
  category: 1,
  ossCode: 'minio-main',
  endpoint: s3.endpoint,
  bucketName: s3.bucket,
  region: 'us-east-1',
  accessKey: S3_TEST_KEYS.accessKeyId,
  secretKey: S3_TEST_KEYS.secretAccessKey,
  pathStyle: 1,
  ...overrides,
});

async function submit(body: Record<string, unknown>) {
  return api(`${API}/submit`, { json: body });
}

async function idOf(ossCode: string): Promise<string> {
  const list = await api(`${API}/list?ossCode=${ossCode}`);
  const row = list.body.data.records.find((record: { ossCode: string }) => record.ossCode === ossCode);
  return row.id;
}

const test = (id: string) => api(`${API}/test?id=${id}`, { method: 'POST' });
const enable = (id: string) => api(`${API}/enable?id=${id}`, { method: 'POST' });

let s3Id: string;

describe('the embedded store by default', () => {
  it('keeps an upload in the embedded store under the data dir while the tenant has no enabled setting', async () => {
    const answer = await upload(PUT_FILE, 'before.txt', 'stored before any setting');
    expect(answer.code).toBe(200);
    expect(existsSync(join(dataDir, 'objects', 'blade', '000000', 'attach', answer.data.name))).toBe(true);
    expect(await download(answer.data.link)).toEqual({ status: 200, text: 'stored before any setting' });
  });
});

describe('storage settings', () => {
  it('refuses an S3 setting whose address is not allowed or that lacks its bucket, naming what is wrong', async () => {
    const refused = await submit(s3Setting({ ossCode: 'private', endpoint: 'http://10.0.0.5:9000' }));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('资源地址不在允许的出站地址内（BLADE_OUTBOUND_ALLOW）');
    const noBucket = await submit(s3Setting({ ossCode: 'nobucket', bucketName: '' }));
    expect(noBucket.body.msg).toBe('请输入空间名');
    const noSecret = await submit(s3Setting({ ossCode: 'nosecret', secretKey: '' }));
    expect(noSecret.body.msg).toBe('请输入secretKey');
  });

  it('answers the secret key only as the mask, and keeps the stored one when the mask comes back', async () => {
    expect((await submit(s3Setting())).body.code).toBe(200);
    s3Id = await idOf('minio-main');
    const list = await api(`${API}/list`);
    expect(JSON.stringify(list.body)).not.toContain(S3_TEST_KEYS.secretAccessKey);
    const detail = await api(`${API}/detail?id=${s3Id}`);
    expect(detail.body.data.secretKey).toBe('******');
    expect(detail.body.data.categoryName).toBe('minio');
    const saved = await submit({ ...detail.body.data, remark: '主存储' });
    expect(saved.body.code).toBe(200);
    // The stored secret still signs: the connection test passes.
    const tested = await test(s3Id);
    expect(tested.body).toMatchObject({ code: 200, msg: '连接测试成功' });
  });

  it('测试 names what failed: auth, bucket, DNS, TLS, connection and CORS', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['bad-secret', { secretKey: 'wrong-secret' }, /^连接测试失败：认证失败：accessKey或secretKey不正确/],
      ['bad-bucket', { bucketName: 'missing-bucket' }, /^连接测试失败：空间不存在/],
      ['bad-dns', { endpoint: 'http://no-such-host.invalid:9000' }, /^连接测试失败：DNS解析失败/],
      ['bad-tls', { endpoint: s3.endpoint.replace('http:', 'https:') }, /^连接测试失败：TLS握手失败/],
      ['bad-port', { endpoint: 'http://127.0.0.1:1' }, /^连接测试失败：无法连接资源地址/],
      ['no-cors', { endpoint: noCors.endpoint, bucketName: noCors.bucket }, /^连接测试失败：CORS未放行：存储服务不允许来自 http:\/\/(localhost|127\.0\.0\.1):\d+ 的浏览器上传/],
    ];
    for (const [ossCode, overrides, message] of cases) {
      expect((await submit(s3Setting({ ossCode, ...overrides }))).body.code, ossCode).toBe(200);
      const answer = await test(await idOf(ossCode));
      expect(answer.status, ossCode).toBe(400);
      expect(answer.body.msg, ossCode).toMatch(message);
    }
  });

  it('enables one setting per tenant and refuses to stop or remove the enabled one', async () => {
    const embedded = await submit({ category: 0, ossCode: 'embedded' });
    expect(embedded.body.code).toBe(200);
    const embeddedId = await idOf('embedded');
    expect((await enable(embeddedId)).body.code).toBe(200);
    expect((await enable(s3Id)).body.code).toBe(200);
    const list = await api(`${API}/list?size=50`);
    const enabled = list.body.data.records.filter((row: { status: number }) => row.status === 2).map((row: { ossCode: string }) => row.ossCode);
    expect(enabled).toEqual(['minio-main']);

    const removed = await api(`${API}/remove?ids=${s3Id}`, { method: 'POST' });
    expect(removed.status).toBe(400);
    expect(removed.body.msg).toBe('不能删除已启用的存储配置，请先启用其他存储配置');
    const detail = await api(`${API}/detail?id=${s3Id}`);
    const stopped = await submit({ ...detail.body.data, status: 1 });
    expect(stopped.status).toBe(400);
    expect(stopped.body.msg).toBe('不能停用已启用的存储配置，请先启用其他存储配置');
    // The disabled one may go.
    expect((await api(`${API}/remove?ids=${await idOf('bad-port')}`, { method: 'POST' })).body.code).toBe(200);
  });
});

describe('uploads follow the enabled setting', () => {
  it('stores in the enabled S3 service, and keeps old objects reachable after a switch during a running upload', async () => {
    // The S3 setting is enabled (previous test): an avatar-style upload lands there, not in the data dir.
    const onS3 = await upload(PUT_FILE, 'avatar.png', 'avatar bytes');
    expect(onS3.code).toBe(200);
    expect(await s3.store.getObject(`000000/attach/${onS3.data.name}`)).toBeDefined();
    expect(existsSync(join(dataDir, 'objects', 'blade', '000000', 'attach', onS3.data.name))).toBe(false);

    // A script upload starts: signed for the S3 service...
    const content = 'print("uploaded across a switch")\n';
    const credential = await api(`/api/blade-resource/oss/oss-credential?fileName=run.py&size=${Buffer.byteLength(content)}`);
    expect(credential.body.data.uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/000000/script/`)).toBe(true);
    // ...the tenant switches to the embedded store before the bytes arrive...
    const embeddedId = await idOf('embedded');
    expect((await enable(embeddedId)).body.code).toBe(200);
    const put = await fetch(credential.body.data.uploadUrl, { method: 'PUT', headers: credential.body.data.headers, body: content });
    expect(put.status).toBe(200);
    // ...and the script is found where it was uploaded, as is the file stored before the switch.
    const details = await api(`/gateway/blade-oss/oss/huawei/obsDetails?key=${encodeURIComponent(credential.body.data.key)}`);
    expect(details.body.code).toBe(200);
    expect(details.body.data.bucketName).toBe(s3.bucket);
    expect(await (await fetch(details.body.data.downloadUrl)).text()).toBe(content);
    expect(await download(onS3.data.link)).toEqual({ status: 200, text: 'avatar bytes' });

    // New uploads go to the embedded store now; the S3 setting may be removed and its objects stay reachable.
    const embedded = await upload(PUT_FILE, 'after.txt', 'after the switch');
    expect(existsSync(join(dataDir, 'objects', 'blade', '000000', 'attach', embedded.data.name))).toBe(true);
    expect((await api(`${API}/remove?ids=${s3Id}`, { method: 'POST' })).body.code).toBe(200);
    expect(await download(onS3.data.link)).toEqual({ status: 200, text: 'avatar bytes' });
    expect(await download(embedded.data.link)).toEqual({ status: 200, text: 'after the switch' });
  });

  it('put-file-attach stores a file and answers BladeX’s fields, the row listed under 附件管理', async () => {
    const answer = await upload(PUT_FILE_ATTACH, '报告.pdf', '%PDF-1.4 test');
    expect(answer.code).toBe(200);
    expect(Object.keys(answer.data).sort()).toEqual(['attachId', 'domain', 'link', 'name', 'originalName']);
    expect(answer.data.originalName).toBe('报告.pdf');
    const list = await api(`/api/blade-resource/attach/list?originalName=${encodeURIComponent('报告')}`);
    expect(list.body.data.records.map((row: { id: string }) => row.id)).toContain(answer.data.attachId);
    expect(await download(answer.data.link)).toEqual({ status: 200, text: '%PDF-1.4 test' });
  });
});
