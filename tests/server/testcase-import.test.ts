import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { schemaByName } from '../../resources/schemas';
import { call, login, serverUrl, SABER_BASIC } from './client';
import { TESTER } from './fixtures';
import { approveByReview } from './reviews';
import { openSessions, uniqueText, type ResourceFactory } from './resource-bodies';

const BASE = '/gateway/blade-testcase/testCase';
const IMPORTCHECK = '/gateway/blade-importcheck/importcheck';
const CHECKLIST = '/gateway/blade-exportchecklist/exportChecklist';
const HEADERS = ['用例编号', '用例标题', '功能模块', '优先级', '用例归属', '所属项目', '审核状态', '测试目的', '前置条件', '测试步骤', '预期结果', '脚本编号'];

let admin: ResourceFactory;
let other: ResourceFactory;
let tester: string;
/** Names and codes the sheets use, made in this tenant. */
let modulePath: string;
let scriptCode: string;
let projectCode: string;

beforeAll(async () => {
  const sessions = await openSessions();
  admin = sessions.admin;
  other = sessions.other;
  tester = (await login(TESTER)).access_token;
  const moduleType = schemaByName('moduletype')!;
  const root = await admin.create(moduleType, { typeName: uniqueText('通信模块') });
  const child = await admin.create(moduleType, { typeName: '协议栈', parentId: root.id });
  modulePath = `${root.row.typeName}/${child.row.typeName}`;
  scriptCode = uniqueText('SC');
  const script = await admin.create(schemaByName('testscript')!, { scriptCode });
  await approveByReview(schemaByName('testscript')!.api, script.id, { author: admin.token, reviewer: admin.token });
  projectCode = String((await admin.create(schemaByName('project')!)).row.projectCode);
});

async function sheetBytes(rows: unknown[][], headers = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用例');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readSheet(bytes: ArrayBuffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((cell) => (cell === null || cell === undefined ? '' : String(cell)))));
  return rows;
}

async function upload(token: string, bytes: Buffer, name = '用例.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${serverUrl()}${BASE}/checkTestCaseImport`, {
    method: 'POST',
    headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const get = (path: string, token: string) =>
  fetch(`${serverUrl()}${path}`, { headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${token}` } });

const caseRow = (code: string, title: string, extra: Partial<Record<string, string>> = {}) => {
  const values: Record<string, string> = {
    用例编号: code,
    用例标题: title,
    功能模块: modulePath,
    优先级: '高',
    用例归属: '公共',
    所属项目: '',
    审核状态: '',
    测试目的: '验证导入',
    前置条件: '已登录',
    测试步骤: '1. 打开\n2. 检查',
    预期结果: '成功',
    脚本编号: scriptCode,
    ...extra,
  };
  return HEADERS.map((header) => values[header]);
};

describe('test-case import template', () => {
  it('downloads an .xlsx whose header row is the import columns and whose example row re-reads', async () => {
    const response = await get(`${BASE}/template`, admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/spreadsheetml/);
    const rows = await readSheet(await response.arrayBuffer());
    expect(rows[0].map((header) => header.replace(/^\*/, ''))).toEqual(HEADERS);
    expect(rows[0][1]).toBe('*用例标题');
    expect(rows[1][3]).toBe('高');
  });
});

describe('checkTestCaseImport and uploadTestCase', () => {
  const prefix = uniqueText('IMP');
  let bathNo: string;
  let recordId: string;
  let fileUrl: string;

  it('checks a 3-row file with one bad row: valid 2, the error and the record name row and column', async () => {
    const bytes = await sheetBytes([
      caseRow(`${prefix}-1`, '导入用例一'),
      caseRow(`${prefix}-2`, '', { 所属项目: projectCode }),
      // A sheet that says 审核通过 does not approve: only a review does.
      caseRow(`${prefix}-3`, '导入用例三', { 用例归属: '项目', 所属项目: projectCode, 优先级: '低', 审核状态: '审核通过' }),
    ]);
    const answer = await upload(admin.token, bytes);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ total: 3, valid: 2, errors: [{ row: 3, column: '用例标题', message: '不能为空' }] });
    expect(answer.body.data.errors).toHaveLength(1);
    ({ bathNo, id: recordId, fileUrl } = answer.body.data);
    expect(bathNo).toMatch(/^IMP\d+$/);
    expect(fileUrl).toMatch(/^import\/.+_fb_\d+_b_\d+\.xlsx$/);

    const detail = await call(`${IMPORTCHECK}/getCheckLogDetail?id=${recordId}`, { token: admin.token });
    expect(detail.body.data).toMatchObject({
      bathNo,
      optType: 1,
      optTypeName: '导入检查',
      isCheckFinish: 1,
      isCheckFinishName: '检查完成',
      fileUrl,
      errorMsg: '第3行「用例标题」: 不能为空',
    });
    expect(detail.body.data.createUserName).toBeTruthy();
    const listed = await call(`${IMPORTCHECK}/list?bathNo=${bathNo}`, { token: admin.token });
    expect(listed.body.data.records.map((row: { id: string }) => row.id)).toContain(recordId);
    // Checking imports nothing.
    const cases = await call(`${BASE}/list?caseCode=${prefix}`, { token: admin.token });
    expect(cases.body.data.total).toBe(0);
  });

  it('uploadTestCase imports exactly the 2 good rows, listed with their labels, and logs an upload record', async () => {
    const answer = await call(`${BASE}/uploadTestCase`, { token: admin.token, json: { bathNo } });
    expect(answer.body, answer.text).toMatchObject({ code: 200, data: { bathNo, total: 3, imported: 2, skipped: 1 } });
    const cases = await call(`${BASE}/list?caseCode=${prefix}&size=10&ascs=case_code`, { token: admin.token });
    expect(cases.body.data.records.map((row: { caseCode: string }) => row.caseCode)).toEqual([`${prefix}-1`, `${prefix}-3`]);
    const [first, third] = cases.body.data.records;
    expect(first).toMatchObject({ caseTitle: '导入用例一', priorityName: '高', ownershipName: '公共', moduleTypeStr: modulePath, testScriptCode: scriptCode });
    expect(third).toMatchObject({ priorityName: '低', ownershipName: '项目', auditStatus: 0, auditStatusStr: '待审核' });
    expect(third.projectName).toBeTruthy();
    const records = await call(`${IMPORTCHECK}/list?bathNo=${bathNo}&optType=2`, { token: admin.token });
    expect(records.body.data.records).toHaveLength(1);
    expect(records.body.data.records[0]).toMatchObject({ optType: 2, validCount: 2, totalCount: 3 });
  });

  it('a second upload of the same batch imports nothing: the codes now exist', async () => {
    const answer = await call(`${BASE}/uploadTestCase`, { token: admin.token, json: { bathNo } });
    expect(answer.body.data).toMatchObject({ imported: 0, skipped: 3 });
    expect(answer.body.data.errors[0]).toMatchObject({ row: 2, column: '用例编号', message: '用例编号已存在' });
  });

  it('refuses bad input with a 400 naming the problem, never a 500', async () => {
    for (const json of [{}, { bathNo: '' }, { bathNo: 5 }]) {
      const answer = await call(`${BASE}/uploadTestCase`, { token: admin.token, json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.msg).toMatch(/^(请输入批次号|批次号格式不正确)$/);
    }
    const unknown = await call(`${BASE}/uploadTestCase`, { token: admin.token, json: { bathNo: 'IMP0' } });
    expect(unknown.body).toMatchObject({ code: 400, msg: '批次号「IMP0」不存在' });
    const notXlsx = await upload(admin.token, Buffer.from('PK\u0003\u0004 not really'), 'x.xlsx');
    expect(notXlsx.body).toMatchObject({ code: 400, msg: '文件不是有效的xlsx文件' });
    const missingColumn = await upload(admin.token, await sheetBytes([['a']], ['用例编号']));
    expect(missingColumn.status).toBe(400);
    expect(missingColumn.body.msg).toMatch(/文件缺少列「用例标题」/);
    const text = await upload(admin.token, Buffer.from('hello'), 'x.txt');
    expect(text.body).toMatchObject({ code: 400, msg: '只能上传xlsx格式的文件' });
  });

  it('names unknown codes, module paths and duplicate codes by row and column', async () => {
    const code = uniqueText('DUP');
    const answer = await upload(admin.token, await sheetBytes([
      caseRow(code, '一', { 功能模块: '没有/这个模块' }),
      caseRow(code, '二', { 脚本编号: 'NO-SUCH-SCRIPT' }),
      caseRow(uniqueText('P'), '三', { 用例归属: '项目' }),
      caseRow(uniqueText('Q'), '四', { 优先级: '很高' }),
    ]));
    expect(answer.body.data.valid).toBe(0);
    expect(answer.body.data.errors).toEqual([
      { row: 2, column: '功能模块', message: '功能模块「没有/这个模块」不存在' },
      { row: 3, column: '脚本编号', message: '脚本编号「NO-SUCH-SCRIPT」不存在或未审核' },
      { row: 3, column: '用例编号', message: '与第2行的用例编号重复' },
      { row: 4, column: '所属项目', message: '请选择项目' },
      { row: 5, column: '优先级', message: '必须是以下之一: 高、中、低' },
    ]);
  });

  it('keeps the record and the file to the tenant that made them', async () => {
    const detail = await call(`${IMPORTCHECK}/getCheckLogDetail?id=${recordId}`, { token: other.token });
    expect(detail.body).toMatchObject({ code: 400, msg: '数据不存在' });
    const list = await call(`${IMPORTCHECK}/list?bathNo=${bathNo}`, { token: other.token });
    expect(list.body.data.records).toEqual([]);
    const theirs = await call(`/gateway/blade-oss/oss/huawei/obsDetails?key=${encodeURIComponent(fileUrl)}`, { token: other.token });
    expect(theirs.body).toMatchObject({ code: 400, msg: '文件不存在' });
    const mine = await call(`/gateway/blade-oss/oss/huawei/obsDetails?key=${encodeURIComponent(fileUrl)}`, { token: admin.token });
    expect(mine.body.data.downloadUrl).toBeTruthy();
    const download = await fetch(`${serverUrl()}${mine.body.data.downloadUrl}`);
    expect(download.status).toBe(200);
    expect((await readSheet(await download.arrayBuffer()))[0]).toEqual(HEADERS);
  });

  it('answers 403 to a caller without testcase_import (the tester), and writes no record', async () => {
    const before = (await call(`${IMPORTCHECK}/list?size=1`, { token: admin.token })).body.data.total;
    const check = await upload(tester, await sheetBytes([caseRow(uniqueText('T'), 't')]));
    expect(check).toMatchObject({ status: 403, body: { code: 403 } });
    const confirm = await call(`${BASE}/uploadTestCase`, { token: tester, json: { bathNo } });
    expect(confirm).toMatchObject({ status: 403, body: { code: 403 } });
    expect((await get(`${BASE}/export`, tester)).status).toBe(403);
    expect((await call(`${IMPORTCHECK}/list?size=1`, { token: admin.token })).body.data.total).toBe(before);
  });
});

describe('a file longer than a batch (500 rows are checked and inserted together)', () => {
  it('names each bad row of any batch by row and column, and the upload imports exactly the good rows of every batch', async () => {
    const prefix = uniqueText('BAT');
    const rows = Array.from({ length: 1200 }, (_, index) => caseRow(`${prefix}-${index}`, `批次用例${index}`));
    rows[1] = caseRow(`${prefix}-1`, '');
    rows[700] = caseRow(`${prefix}-700`, '七百', { 用例归属: '项目' });
    rows[1100] = caseRow(`${prefix}-1100`, '一千一百', { 脚本编号: 'NO-SUCH-SCRIPT' });
    // A code of the first batch again in the third.
    rows[1150] = caseRow(`${prefix}-10`, '重复');
    const check = await upload(admin.token, await sheetBytes(rows));
    expect(check.status, JSON.stringify(check.body).slice(0, 500)).toBe(200);
    expect(check.body.data).toMatchObject({ total: 1200, valid: 1196 });
    expect(check.body.data.errors).toEqual([
      { row: 3, column: '用例标题', message: '不能为空' },
      { row: 702, column: '所属项目', message: '请选择项目' },
      { row: 1102, column: '脚本编号', message: '脚本编号「NO-SUCH-SCRIPT」不存在或未审核' },
      { row: 1152, column: '用例编号', message: '与第12行的用例编号重复' },
    ]);

    const answer = await call(`${BASE}/uploadTestCase`, { token: admin.token, json: { bathNo: check.body.data.bathNo } });
    expect(answer.body, answer.text.slice(0, 500)).toMatchObject({ code: 200, data: { total: 1200, imported: 1196, skipped: 4 } });
    expect(answer.body.data.errors).toHaveLength(4);
    const listed = await call(`${BASE}/list?caseCode=${prefix}-&size=1`, { token: admin.token });
    expect(listed.body.data.total).toBe(1196);
    // A row of each batch, with its labels, the script's fill and the importing user as its creator.
    const me = (await call('/api/blade-user/info', { token: admin.token })).body.data;
    for (const index of [0, 699, 1199]) {
      const found = await call(`${BASE}/list?caseCode=${prefix}-${index}&size=10`, { token: admin.token });
      const row = found.body.data.records.find((record: { caseCode: string }) => record.caseCode === `${prefix}-${index}`);
      expect(row).toMatchObject({ caseTitle: `批次用例${index}`, priorityName: '高', moduleTypeStr: modulePath, testScriptCode: scriptCode, createUser: me.id });
      const detail = await call(`${BASE}/detail?id=${row.id}`, { token: admin.token });
      expect(detail.body.data.scriptPath).toBeTruthy();
    }
    for (const index of [1, 700, 1100]) {
      expect((await call(`${BASE}/list?caseCode_equal=${prefix}-${index}`, { token: admin.token })).body.data.total).toBe(0);
    }
    // Another tenant sees none of them.
    expect((await call(`${BASE}/list?caseCode=${prefix}-&size=1`, { token: other.token })).body.data.total).toBe(0);
  }, 120_000);
});

describe('a 10 000-row file', () => {
  it('checks without error while the server keeps answering other requests', async () => {
    const prefix = uniqueText('BIG');
    const rows = Array.from({ length: 10_000 }, (_, index) => caseRow(`${prefix}-${index}`, `大量用例${index}`));
    const checking = upload(admin.token, await sheetBytes(rows));
    let settled = false;
    void checking.finally(() => {
      settled = true;
    });
    // Other requests answered while the check runs: counted, not timed.
    let answeredMeanwhile = 0;
    while (!settled) {
      const answer = await call('/gateway/blade-testcase/testCase/list?size=1', { token: admin.token });
      expect(answer.body.code).toBe(200);
      if (!settled) answeredMeanwhile += 1;
    }
    const answer = await checking;
    expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
    expect(answer.body.data).toMatchObject({ total: 10_000, valid: 10_000, errors: [] });
    expect(answeredMeanwhile).toBeGreaterThan(0);
  }, 240_000);
});

describe('export', () => {
  it('downloads the filtered list with labels, stores it and records it in the export checklist', async () => {
    const prefix = uniqueText('EXP');
    const check = await upload(admin.token, await sheetBytes([
      caseRow(`${prefix}-a`, '导出一', { 优先级: '中' }),
      caseRow(`${prefix}-b`, '导出二'),
    ]));
    expect(check.body.data, JSON.stringify(check.body)).toMatchObject({ total: 2, valid: 2 });
    const confirm = await call(`${BASE}/uploadTestCase`, { token: admin.token, json: { bathNo: check.body.data.bathNo } });
    expect(confirm.body.data, JSON.stringify(confirm.body)).toMatchObject({ imported: 2 });
    const response = await get(`${BASE}/export?caseCode=${prefix}&priority=2`, admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment/);
    const rows = await readSheet(await response.arrayBuffer());
    expect(rows[0]).toEqual(['用例编号', '用例标题', '功能模块', '优先级', '用例归属', '所属项目', '审核状态', '测试目的', '前置条件', '测试步骤', '预期结果', '脚本编号']);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3], row[4], row[11]])).toEqual([[`${prefix}-a`, modulePath, '中', '公共', scriptCode]]);

    const checklist = await call(`${CHECKLIST}/list?filters=${prefix}`, { token: admin.token });
    expect(checklist.body.data.records).toHaveLength(1);
    const entry = checklist.body.data.records[0];
    expect(entry).toMatchObject({ resourceTitle: '测试用例', rowCount: 1 });
    expect(entry.filters).toContain(`caseCode=${prefix}`);
    expect(entry.createUserName).toBeTruthy();
    const again = await get(`${CHECKLIST}/download?id=${entry.id}`, admin.token);
    expect(again.status).toBe(200);
    expect((await readSheet(await again.arrayBuffer()))[1][0]).toBe(`${prefix}-a`);
    expect((await get(`${CHECKLIST}/download?id=${entry.id}`, other.token)).status).not.toBe(200);

    const sheet = await get(`${CHECKLIST}/export?filters=${prefix}`, admin.token);
    const listed = await readSheet(await sheet.arrayBuffer());
    expect(listed[0][0]).toBe('文件名');
    expect(listed.slice(1).map((row) => row[0])).toEqual([entry.fileName]);
  });
});
