import { readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, startMain, type MainProcess } from '../resilience/process';
import { call, requestToken, SABER_BASIC } from '../server/client';
import { freshDataDir } from '../server/data-dir';

/**
 * The user-import template with its shared-string table replaced by ~2 million tiny rich-text strings: ~700 KB that
 * inflate to ~200 MB, which the old reader turned into ~600 MB of objects per file (eight at once ran the server out
 * of memory). The server is the product's own process (`server/main.ts`, embedded database) started for this file,
 * so that its resident memory, read from /proc, is the server's alone and not the test runner's.
 */
const BOMB_STRINGS = 2_000_000;
const USERS = '/api/blade-system/user';

/** A tenant administrator of a tenant made for this test (its `admin`, first password `admin`). */
let tenantAdmin: string;

let server: MainProcess;
let dataDir: string;
const serverUrl = () => server.url;

/** The server process's resident memory now, in bytes. */
const serverMemory = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crc32 = (bytes: Uint8Array) => {
  let crc = -1;
  for (let index = 0; index < bytes.length; index += 1) crc = CRC_TABLE[(crc ^ bytes[index]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
};

/** A zip archive of these files, each deflated by zlib (as exceljs's archiver does), with sizes and CRCs. */
function zipOf(files: { name: string; content: Uint8Array }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of files) {
    const data = deflateRawSync(content, { level: 9 });
    const nameBytes = Buffer.from(name);
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The template's own parts, with `xl/sharedStrings.xml` (added if the writer left it out) the bomb. */
async function bomb(template: ArrayBuffer, declared: boolean): Promise<Buffer> {
  const zip = await JSZip.loadAsync(template);
  // Each string two runs with a font, as an editor writes rich text: ~100 bytes of XML for two characters of text.
  const item = '<si><r><rPr><b/><sz val="11"/><rFont val="Calibri"/></rPr><t>A</t></r><r><rPr><i/></rPr><t>B</t></r></si>';
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"${declared ? ` count="${BOMB_STRINGS}" uniqueCount="${BOMB_STRINGS}"` : ''}>`;
  const tail = '</sst>';
  // Outside the JS heap (a Buffer), so building it does not count against what the server is measured to use.
  const xml = Buffer.alloc(head.length + item.length * BOMB_STRINGS + tail.length);
  xml.write(head, 0);
  xml.fill(item, head.length, head.length + item.length * BOMB_STRINGS);
  xml.write(tail, head.length + item.length * BOMB_STRINGS);
  const files = await Promise.all(
    Object.values(zip.files)
      .filter((file) => !file.dir && file.name !== 'xl/sharedStrings.xml')
      .map(async (file) => ({ name: file.name, content: await file.async('uint8array') })),
  );
  return zipOf([...files, { name: 'xl/sharedStrings.xml', content: xml }]);
}

interface FreshAnswer {
  status: number;
  retryAfter: string | undefined;
  body: { code?: number; msg?: string; data?: unknown } | undefined;
}

/**
 * A request on a connection of its own (node:http, no agent): the bombs go out together after seconds of building and
 * reading, when a pooled keep-alive connection may be one the server is just closing.
 */
function fresh(path: string, token: string, upload?: Buffer): Promise<FreshAnswer> {
  const boundary = `----bomb${Math.random().toString(36).slice(2)}`;
  const body = upload
    ? Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        upload,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
    : undefined;
  const headers: Record<string, string | number> = { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${token}` };
  if (body) Object.assign(headers, { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length });
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${serverUrl()}${path}`, { method: body ? 'POST' : 'GET', agent: false, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        let parsed: FreshAnswer['body'];
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const retryAfter = response.headers['retry-after'];
        resolve({ status: response.statusCode ?? 0, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, body: parsed });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

const importUsers = (token: string, bytes: Buffer) => fresh(`${USERS}/import-user?isCovered=0`, token, bytes);

describe('an import "zip bomb" sent eight times at once by a tenant administrator', () => {
  // An attacker leaves the table's count out: every string up to the limit is read before the refusal.
  let bytes: Buffer;
  let declaredBytes: Buffer;

  beforeAll(async () => {
    dataDir = freshDataDir('blade-import-bomb-');
    server = await startMain({ dataDir });
    const admin = await adminToken(server.url);
    const base = server.url;
    const tenantName = `导入炸弹${Date.now().toString(36)}`;
    expect((await call('/api/blade-system/tenant/submit', { base, token: admin, json: { tenantName, linkman: 'x' } })).body.code).toBe(200);
    const [tenant] = (await call(`/api/blade-system/tenant/list?tenantName_equal=${encodeURIComponent(tenantName)}`, { base, token: admin })).body.data.records;
    tenantAdmin = (await requestToken({ tenantId: tenant.tenantId, account: 'admin', password: 'admin' }, { base })).body.access_token;
    const template = await fetch(`${serverUrl()}${USERS}/export-template`, { headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${tenantAdmin}` } });
    expect(template.status).toBe(200);
    const parts = await template.arrayBuffer();
    bytes = await bomb(parts, false);
    declaredBytes = await bomb(parts, true);
  });

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused every time with a 4xx naming the limit, in bounded memory, and the server keeps answering', async () => {
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const before = serverMemory();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, serverMemory());
    }, 25);
    let answers: Awaited<ReturnType<typeof importUsers>>[];
    try {
      answers = await Promise.all(Array.from({ length: 8 }, () => importUsers(tenantAdmin, bytes)));
    } finally {
      clearInterval(sampler);
    }
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    // The files read stop at the shared-string limit; the ones past the tenant's queue wait for a later try.
    const read = answers.filter((answer) => answer.status === 400);
    expect(read.length).toBeGreaterThan(0);
    for (const answer of read) expect(answer.body).toMatchObject({ code: 400, msg: '文件中的文本超过300000条，请分批导入' });
    for (const answer of answers.filter((candidate) => candidate.status === 429)) {
      expect(answer.body).toMatchObject({ code: 429, msg: '导入任务过多，请稍后再试' });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // One file used ~600 MB before; now the reader holds a bounded table of plain strings.
    expect(peak - before).toBeLessThan(256 * 1024 * 1024);
    const list = await fresh(`${USERS}/list?size=1`, tenantAdmin);
    expect(list.body?.code).toBe(200);
  });

  it('is refused naming the limit when the file declares its two million strings', async () => {
    const answer = await importUsers(tenantAdmin, declaredBytes);
    expect(answer.body).toMatchObject({ code: 400, msg: '文件中的文本超过300000条，请分批导入' });
  });
});
