import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { createAdaptorServer } from '@hono/node-server';
import ExcelJS from 'exceljs';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { R } from '../../server/blade/envelope';
import { BladeError } from '../../server/blade/errors';
import { pagesOf, readXlsxRows, readXlsxSheet, receiveXlsx, templateResponse, writeXlsx, xlsxResponse, type ExcelColumn } from '../../server/excel';

interface CaseRow {
  caseName: string;
  priority: string;
  hours?: number;
  planDate?: string;
  steps?: string;
}

const COLUMNS: ExcelColumn<CaseRow>[] = [
  { key: 'caseName', header: '用例标题', required: true, maxLength: 20, example: '登录成功' },
  { key: 'priority', header: '优先级', required: true, options: { 高: '1', 中: '2', 低: '3' } },
  { key: 'hours', header: '预计工时', type: 'number', example: 1.5 },
  { key: 'planDate', header: '计划日期', type: 'date', example: '2024-05-06' },
  { key: 'steps', header: '步骤' },
];
const IMPORT_COLUMNS = COLUMNS as ExcelColumn<never>[];
const MAX_UPLOAD = 2 * 1024 * 1024;

async function xlsxOf(rows: unknown[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用例');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('说明').addRow(['这一页不读']);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function sheetRows(bytes: ArrayBuffer | Uint8Array): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The helpers on a real HTTP server, with the Blade error envelope the embedded server answers. */
let base: string;
const exportPages: number[] = [];
let close: () => Promise<void>;

beforeAll(async () => {
  const app = new Hono();
  app.onError((error, c) =>
    error instanceof BladeError ? c.json(R.fail(error.code, error.message), error.httpStatus as 400) : c.json(R.fail(500, '服务器异常'), 500),
  );
  app.post('/import', async (c) => {
    const file = await receiveXlsx(c, { maxBytes: MAX_UPLOAD });
    const { rows, errors } = await readXlsxSheet(file.bytes, IMPORT_COLUMNS, { maxRows: 100 });
    return c.json(R.data({ name: file.name, rows, errors: errors.map((error) => error.text) }));
  });
  app.get('/export', () => {
    const all = Array.from({ length: 1200 }, (_, i) => ({ caseName: `用例${i + 1}`, priority: String(((i + 1) % 3) + 1), hours: (i + 1) / 2, planDate: '2024-05-06' }));
    exportPages.length = 0;
    const rows = pagesOf(async (offset, limit) => {
      exportPages.push(offset);
      return all.slice(offset, offset + limit);
    }, 500);
    return xlsxResponse('测试用例导出.xlsx', COLUMNS, rows);
  });
  app.get('/template', () => templateResponse('测试用例导入模板.xlsx', IMPORT_COLUMNS));
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

async function upload(bytes: Uint8Array | string, name = 'cases.xlsx', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([bytes as BlobPart]), name);
  const response = await fetch(`${base}/import`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: any } };
}

describe('import: rows by header names, checked cell by cell', () => {
  it('converts good rows and names the row and column of every bad cell', async () => {
    const bytes = await xlsxOf([
      ['步骤', '*用例标题', '计划日期', '优先级', '预计工时', '不认识的列'],
      ['打开页面', '登录成功', new Date(Date.UTC(2024, 4, 6)), '高', 2, 'x'],
      ['', '', '2024-05-07', '中', '', ''],
      [],
      ['', { richText: [{ text: '富' }, { text: '文本' }] }, '2024-02-30', '紧急', 'abc', ''],
      ['', '这个标题超过了二十个字符的限制所以不能导入的', '', '3', 1, ''],
    ]);
    const { status, body } = await upload(bytes);
    expect(status).toBe(200);
    expect(body.data.rows.map((row: { row: number }) => row.row)).toEqual([2, 3, 5, 6]);
    expect(body.data.rows[0]).toEqual({
      row: 2,
      values: { caseName: '登录成功', priority: '1', hours: 2, planDate: '2024-05-06', steps: '打开页面' },
      errors: [],
    });
    expect(body.data.rows[2].values).toEqual({ caseName: '富文本' });
    expect(body.data.rows[3].values).toMatchObject({ priority: '3', hours: 1 });
    expect(body.data.errors).toEqual([
      '第3行「用例标题」: 不能为空',
      '第5行「优先级」: 必须是以下之一: 高、中、低',
      '第5行「预计工时」: 必须是数字',
      '第5行「计划日期」: 不是有效的日期',
      '第6行「用例标题」: 长度不能超过20个字符',
    ]);
  });

  it('refuses a sheet without a required column, naming it', async () => {
    const { status, body } = await upload(await xlsxOf([['用例标题', '步骤'], ['a', 'b']]));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 400, success: false, data: null });
    expect(body.msg).toContain('「优先级」');
  });

  it('refuses what is not an xlsx, too large or missing, with a 400 envelope', async () => {
    const refusals: [Uint8Array | string, string, string, RegExp][] = [
      ['用例标题,优先级\n', 'cases.csv', 'file', /xlsx/],
      ['not a zip at all', 'cases.xlsx', 'file', /不是有效的xlsx文件/],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), 'cases.xlsx', 'file', /不是有效的xlsx文件/],
      [new Uint8Array(MAX_UPLOAD + 1).fill(0x50), 'cases.xlsx', 'file', /不能超过2MB/],
      [await xlsxOf([['用例标题', '优先级']]), 'cases.xlsx', 'other', /file/],
    ];
    for (const [bytes, name, field, message] of refusals) {
      const { status, body } = await upload(bytes, name, field);
      expect(status, name).toBe(400);
      expect(body.code).toBe(400);
      expect(body.msg).toMatch(message);
    }
    const json = await fetch(`${base}/import`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(json.status).toBe(400);
    // A chunked body declares no length: it is cut off once it passes the limit.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(MAX_UPLOAD + 200 * 1024)]), 'big.xlsx');
    const encoded = new Response(form);
    const chunked = await fetch(`${base}/import`, {
      method: 'POST',
      body: encoded.body,
      headers: { 'Content-Type': encoded.headers.get('content-type')! },
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(400);
    // The rest of the body is read and thrown away, so the connection carries the next request (the one below).
    expect(chunked.headers.get('connection')).not.toBe('close');
    expect(((await chunked.json()) as { msg: string }).msg).toMatch(/不能超过2MB/);
    const broken = await fetch(`${base}/import`, { method: 'POST', body: '--x\r\nbroken', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
    expect(broken.status).toBe(400);
  });

  it('reads the first tab whatever order the file stores its parts in, the same way every time', async () => {
    // exceljs writes the sheets first and the workbook part last: the parts the sheet needs come after it.
    const bytes = await xlsxOf([['用例标题', '优先级'], ['登录', '高']]);
    const outcomes = await Promise.all(Array.from({ length: 40 }, async () => {
      const { rows } = await readXlsxSheet(bytes, IMPORT_COLUMNS);
      return JSON.stringify(rows.map((row) => row.values));
    }));
    expect(new Set(outcomes)).toEqual(new Set([JSON.stringify([{ caseName: '登录', priority: '1' }])]));
  });

  it('refuses a file whose parts inflate past the limit, naming it, before holding it in memory', async () => {
    const rows = [['用例标题', '优先级'], ...Array.from({ length: 2000 }, (_, i) => [`用例${i}`, '高'])];
    const bytes = await xlsxOf(rows);
    const small = readXlsxSheet(bytes, IMPORT_COLUMNS, { maxInflatedBytes: 32 * 1024 });
    await expect(small).rejects.toMatchObject({ code: 400, message: '文件解压后超过32KB，请分批导入' });
    expect((await readXlsxSheet(bytes, IMPORT_COLUMNS)).rows).toHaveLength(2000);
  });

  it('refuses a shared-string table past its limits (count, then characters), naming the limit', async () => {
    // exceljs' Workbook writer keeps texts in the shared-string table, as Excel does.
    const rows = [['用例标题', '优先级'], ...Array.from({ length: 300 }, (_, i) => [`用例${i}`, '高'])];
    const bytes = await xlsxOf(rows);
    await expect(readXlsxSheet(bytes, IMPORT_COLUMNS, { maxSharedStrings: 100 })).rejects.toMatchObject({ code: 400, message: '文件中的文本超过100条，请分批导入' });
    await expect(readXlsxSheet(bytes, IMPORT_COLUMNS, { maxSharedTextLength: 500 })).rejects.toMatchObject({ code: 400, message: '文件中的文本超过500个字符，请分批导入' });
    const { rows: read } = await readXlsxSheet(bytes, IMPORT_COLUMNS, { maxSharedStrings: 400 });
    expect(read.map((row) => row.values.caseName)).toEqual(rows.slice(1).map((row) => row[0]));
  });

  it('reads rich-text cells as their text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('用例');
    sheet.addRow(['用例标题', '优先级']);
    sheet.addRow([{ richText: [{ text: '登录', font: { bold: true } }, { text: '成功' }] }, { richText: [{ text: '高' }] }]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const { rows } = await readXlsxSheet(bytes, IMPORT_COLUMNS);
    expect(rows.map((row) => row.values)).toEqual([{ caseName: '登录成功', priority: '1' }]);
  });

  it('refuses more rows than allowed', async () => {
    const rows = [['用例标题', '优先级'], ...Array.from({ length: 101 }, (_, i) => [`用例${i}`, '高'])];
    const { status, body } = await upload(await xlsxOf(rows));
    expect(status).toBe(400);
    expect(body.msg).toBe('导入数据不能超过100行');
  });

  it('reads 10 000 rows while the event loop keeps turning', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const source = Array.from({ length: 10_000 }, (_, i) => ({ caseName: `用例${i}`, priority: '2', steps: `步骤${i}：打开登录页，输入账号和密码` }));
    await writeXlsx(output, COLUMNS, source);
    const bytes = new Uint8Array(Buffer.concat(chunks));

    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    let count = 0;
    let bad = 0;
    let garbled = 0;
    for await (const row of readXlsxRows(bytes, IMPORT_COLUMNS)) {
      const expected = source[count];
      count += 1;
      bad += row.errors.length;
      // Chinese text comes back whole, also where a character's bytes straddle two chunks of the inflated sheet.
      if (row.values.caseName !== expected.caseName || row.values.steps !== expected.steps) garbled += 1;
    }
    ticking = false;
    expect(count).toBe(10_000);
    expect(bad).toBe(0);
    expect(garbled).toBe(0);
    // Other work ran between the batches (the reader gives a turn every 200 rows).
    expect(turns).toBeGreaterThan(40);
  });
});

describe('export and template', () => {
  it('streams an xlsx attachment with a UTF-8 file name, coded values as labels', async () => {
    const response = await fetch(`${base}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('测试用例导出.xlsx')}`,
    );
    const rows = await sheetRows(await response.arrayBuffer());
    expect(rows).toHaveLength(1201);
    expect(rows[0]).toEqual(['用例标题', '优先级', '预计工时', '计划日期', '步骤']);
    expect(rows[1]).toEqual(['用例1', '中', 0.5, '2024-05-06']);
    expect(rows[1200][0]).toBe('用例1200');
    // Read page by page, as an export of a large list does.
    expect(exportPages).toEqual([0, 500, 1000]);
  });

  it('gives a template whose example row imports cleanly', async () => {
    const response = await fetch(`${base}/template`);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('测试用例导入模板.xlsx'));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const rows = await sheetRows(bytes);
    expect(rows).toEqual([['*用例标题', '*优先级', '预计工时', '计划日期', '步骤'], ['登录成功', '高', 1.5, '2024-05-06']]);
    const { rows: read, errors } = await readXlsxSheet(bytes, IMPORT_COLUMNS);
    expect(errors).toEqual([]);
    expect(read[0].values).toEqual({ caseName: '登录成功', priority: '1', hours: 1.5, planDate: '2024-05-06' });
  });
});
