import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, serverUrl, SABER_BASIC } from '../server/client';

/**
 * BladeX's report module fetched URLs and read files a report named (SSRF, file read). Here a report definition is a
 * kind and filters that are ids, dates and a day count: a URL or a path in any of them is refused, one in a field the
 * definition does not have is dropped, and one in its name stays text. A listener on loopback counts any request the
 * server makes while definitions are saved, viewed and exported: there must be none.
 */

const REPORT = '/api/blade-report/report/rest';
const FILE = '/etc/passwd';
const stamp = Date.now().toString(36);

let admin: string;
let listener: Server;
let hits = 0;
let url = '';

beforeAll(async () => {
  admin = await loginAdmin();
  listener = createServer((_request, response) => {
    hits += 1;
    response.end('root:x:0:0:fetched');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/report`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

const submit = (body: Record<string, unknown>) => call(`${REPORT}/submit`, { token: admin, json: { reportKind: 'passRateByProject', ...body } });

describe('report definitions never make the server fetch or read what they name', () => {
  it('refuses a URL or a path in any filter', async () => {
    for (const [field, value] of [
      ['projectId', url],
      ['taskId', `file://${FILE}`],
      ['terminalId', FILE],
      ['moduleTypePath', `../../..${FILE}`],
      ['startDate', url],
      ['endDate', FILE],
      ['recentDays', `file://${FILE}`],
      ['reportKind', url],
    ] as const) {
      const answer = await submit({ reportName: `越界-${field}-${stamp}`, [field]: value });
      expect(answer.status, `${field}: ${answer.text}`).toBe(400);
      expect(answer.body.code, field).toBe(400);
    }
    expect(hits).toBe(0);
  });

  it('drops fields a definition does not have, keeps a URL in the name as text, and views and exports without a request', async () => {
    const name = `${url}?${stamp}`;
    const saved = await submit({ reportName: name, reportUrl: url, url, dataSource: url, templatePath: FILE, file: FILE, filePath: FILE });
    expect(saved.body, saved.text).toMatchObject({ code: 200 });
    const list = await call(`${REPORT}/list?reportName_equal=${encodeURIComponent(name)}`, { token: admin });
    const [row] = list.body.data.records;
    const detail = (await call(`${REPORT}/detail?id=${row.id}`, { token: admin })).body.data;
    for (const field of ['reportUrl', 'url', 'dataSource', 'templatePath', 'file', 'filePath']) expect(detail, field).not.toHaveProperty(field);
    expect(detail.reportName).toBe(name);

    // The viewer's calls, with addresses and paths in their query strings as well.
    const extra = `&url=${encodeURIComponent(url)}&file=${encodeURIComponent(FILE)}&path=${encodeURIComponent(FILE)}`;
    const data = await call(`${REPORT}/data?id=${row.id}${extra}`, { token: admin });
    expect(data.body.code, data.text).toBe(200);
    const exported = await fetch(`${serverUrl()}${REPORT}/export?id=${row.id}${extra}`, { headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${admin}` } });
    expect(exported.status).toBe(200);
    const bytes = Buffer.from(await exported.arrayBuffer());
    const log = await call(`${REPORT}/case-log?id=${encodeURIComponent(FILE)}`, { token: admin });
    expect(log.status).toBe(400);

    for (const text of [data.text, bytes.toString('latin1'), log.text]) {
      expect(text).not.toContain('root:x:0:0');
    }
    expect(hits).toBe(0);
    await call(`${REPORT}/remove?ids=${row.id}`, { token: admin, method: 'POST' });
  });
});
