import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app';
import { LocalObjectStore } from '../../server/storage/local';
import { call, md5 } from '../server/client';
import { registry } from '../../resources/schemas';

const ADMIN_PASSWORD = 'Served-admin-pass1';
const SANDBOX = "default-src 'none'; sandbox";
const HTML = '<!doctype html><script>parent.document.title = "owned"</script>';
const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
const built = existsSync(join(staticDir, 'index.html'));

let server: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let admin: string;

/**
 * Files stored as text/html (an object written before uploads were limited, or by another client of the bucket) are
 * served from this origin: only their own sandbox policy keeps a script in them from running as the app.
 */
describe.runIf(built)('served files keep their own policy', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'blade-served-'));
    server = await startServer({ port: 0, dataDir, adminPassword: ADMIN_PASSWORD, captcha: false, staticDir }, { resources: registry });
    const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(ADMIN_PASSWORD), grant_type: 'password', scope: 'all', type: 'account' });
    admin = (await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', base: server.url, headers: { 'Tenant-Id': '000000' } })).body.access_token;
  });

  afterAll(async () => {
    await server?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const expectObjectHeaders = (answer: Response) => {
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('content-security-policy')).toBe(SANDBOX);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  };

  it('an HTML object in the bucket is served with its sandbox CSP, as an attachment, not with the page policy', async () => {
    // The server's own bucket folder, written as the store writes it (signing keys are not needed to write).
    const bucket = new LocalObjectStore({ root: join(dataDir, 'objects'), bucket: 'blade', keys: { accessKeyId: 'x', secretAccessKey: 'x', region: 'us-east-1' } });
    await bucket.putObject('000000/script/page.html', new TextEncoder().encode(HTML), 'text/html');
    const details = await call('/gateway/blade-oss/oss/huawei/obsDetails?key=script/page.html', { token: admin, base: server.url });
    expect(details.body.code, details.text).toBe(200);
    const answer = await fetch(`${server.url}${details.body.data.downloadUrl}`);
    expect(answer.status).toBe(200);
    expectObjectHeaders(answer);
    expect(answer.headers.get('content-security-policy')).not.toMatch(/script-src/);
  });

  it('an attachment row stored as text/html is served with its sandbox CSP too', async () => {
    await server.db.query(
      `INSERT INTO blade_attach (id, tenant_id, link, domain_url, name, original_name, extension, content_type, attach_size, content, create_time, update_time)
       VALUES (1990000000000000001, '000000', '/api/blade-resource/oss/endpoint/file/served.html', '', 'served.html', 'served.html', 'html', 'text/html', $1, $2, now(), now())`,
      [HTML.length, new TextEncoder().encode(HTML)],
    );
    const answer = await fetch(`${server.url}/api/blade-resource/oss/endpoint/file/served.html`);
    expect(answer.status).toBe(200);
    expectObjectHeaders(answer);
  });

  it('the browser upload flow cannot store one: oss-credential refuses text/html and SVG, naming the type', async () => {
    for (const contentType of ['text/html', 'image/svg+xml', 'application/xhtml+xml']) {
      const answer = await call(`/api/blade-resource/oss/oss-credential?${new URLSearchParams({ fileName: 'page.py', size: '10', contentType })}`, { token: admin, base: server.url });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(`参数校验失败: contentType 不支持上传${contentType}类型的文件`);
    }
    const script = await call(`/api/blade-resource/oss/oss-credential?${new URLSearchParams({ fileName: 'run.py', size: '10', contentType: 'text/x-python' })}`, { token: admin, base: server.url });
    expect(script.body.code).toBe(200);
  });
});
