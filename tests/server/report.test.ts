import { rmSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../resources/schemas';
import { startServer, type RunningServer } from '../../server/app';
import { nextId } from '../../server/blade/ids';
import { hashPassword } from '../../server/db/seed';
import { call, login } from './client';
import { freshDataDir } from './data-dir';
import { freshPostgresDatabase } from './printed-product';
import { ADMIN_PASSWORD } from './fixtures';

/**
 * 报表管理 over HTTP against a server of its own, whose database the test seeds with runs of known outcomes: each
 * report's figures are checked against those outcomes and against a direct SQL query of the runs; exports are read
 * back; a second tenant's runs never count.
 */

const REPORT = '/api/blade-report/report/rest';
const TASK = '/gateway/blade-task/task';
const OTHER = { tenantId: '100078', account: 'rptother', password: 'Report-other-1' };
const RANGE = { startDate: '2025-03-01', endDate: '2025-03-10' };

let server: RunningServer;
let dataDir: string;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let admin: string;
let other: string;

const api = (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { base: server.url, ...options });
const insert = (table: string, row: Record<string, unknown>) => {
  const columns = Object.keys(row);
  return server.db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
};

const loginOn = async (credentials: { tenantId: string; account: string; password: string }) =>
  (await login(credentials, server.url)).access_token;

async function addOtherTenant() {
  const roleId = nextId();
  const deptId = nextId();
  await insert('blade_tenant', { id: nextId(), tenant_id: OTHER.tenantId, tenant_name: '报表租户' });
  await insert('blade_role', { id: roleId, tenant_id: OTHER.tenantId, role_name: '租户管理员', role_alias: 'administrator', sort: 1 });
  await insert('blade_dept', { id: deptId, tenant_id: OTHER.tenantId, dept_name: '部门' });
  await insert('blade_user', {
    id: nextId(), tenant_id: OTHER.tenantId, account: OTHER.account, password: await hashPassword(OTHER.password), name: OTHER.account,
    real_name: OTHER.account, role_id: roleId, dept_id: deptId, post_id: '',
  });
}

/** The seeded world: ids of what the reports group by and of the runs and cases. */
const ids = {
  projects: { p1: nextId(), p2: nextId() },
  modules: { root: nextId(), child: nextId() },
  terminals: { t1: nextId(), t2: nextId() },
  tasks: { k1: nextId(), k2: nextId() },
  cases: { a: nextId(), b: nextId(), c: nextId() },
  runs: { r1: nextId(), r2: nextId(), r3: nextId(), late: nextId(), foreign: nextId() },
  caseRuns: {} as Record<string, string>,
};
const stamp = Date.now().toString(36).slice(-5);

type Outcome = [caseKey: 'a' | 'b' | 'c', status: string, durationMs: number | null, scriptKey: string];

async function seedRun(tenantId: string, runId: string, taskId: string, terminalId: string, start: string, outcomes: Outcome[], extra: Record<string, unknown> = {}) {
  await insert('blade_task_run', {
    id: runId, tenant_id: tenantId, task_id: taskId, task_code: `K-${taskId.slice(-4)}`, terminal_id: terminalId, terminal_code: `T-${terminalId.slice(-4)}`,
    run_status: 4, time_limit_seconds: 600, start_time: start, end_time: start, executor: '报表测试员', total_count: outcomes.length, ...extra,
  });
  for (const [index, [caseKey, status, durationMs, scriptKey]] of outcomes.entries()) {
    const id = nextId();
    ids.caseRuns[`${runId}:${caseKey}:${index}`] = id;
    await insert('blade_task_run_case', {
      id, tenant_id: tenantId, run_id: runId, terminal_id: terminalId, test_case_id: ids.cases[caseKey], case_code: `CASE-${caseKey.toUpperCase()}-${stamp}`,
      case_title: `用例${caseKey.toUpperCase()}`, script_key: scriptKey, sort: index + 1, case_status: status, duration_ms: durationMs,
      exit_code: status === 'passed' ? 0 : status === 'failed' ? 1 : null, message: status === 'passed' ? null : `${caseKey} ${status} <&>`,
      log: `log of ${caseKey} in ${runId}\u0001 with <xml> & "quotes"`, started_at: start, ended_at: start,
    });
  }
}

const caseRunOf = (runId: string, caseKey: string) => Object.entries(ids.caseRuns).find(([key]) => key.startsWith(`${runId}:${caseKey}:`))?.[1];

async function seedRuns() {
  const t = '000000';
  await insert('blade_project', { id: ids.projects.p1, tenant_id: t, project_name: `报表项目一-${stamp}`, project_code: `RP1-${stamp}` });
  await insert('blade_project', { id: ids.projects.p2, tenant_id: t, project_name: `报表项目二-${stamp}`, project_code: `RP2-${stamp}` });
  await insert('blade_module_type', { id: ids.modules.root, tenant_id: t, type_name: `根模块${stamp}`, type_code: `RM-${stamp}`, parent_id: 0 });
  await insert('blade_module_type', { id: ids.modules.child, tenant_id: t, type_name: `子模块${stamp}`, type_code: `RMC-${stamp}`, parent_id: ids.modules.root });
  await insert('blade_terminal', { id: ids.terminals.t1, tenant_id: t, terminal_code: `RT1-${stamp}`, terminal_name: `报表终端一${stamp}` });
  await insert('blade_terminal', { id: ids.terminals.t2, tenant_id: t, terminal_code: `RT2-${stamp}`, terminal_name: `报表终端二${stamp}` });
  await insert('blade_task', { id: ids.tasks.k1, tenant_id: t, task_code: `RK1-${stamp}`, task_name: '报表任务一', project_id: ids.projects.p1, terminal_id: ids.terminals.t1, parent_id: 0, run_status: 4 });
  await insert('blade_task', { id: ids.tasks.k2, tenant_id: t, task_code: `RK2-${stamp}`, task_name: '报表任务二', project_id: ids.projects.p2, terminal_id: ids.terminals.t2, parent_id: 0, run_status: 4 });
  const rootPath = ids.modules.root;
  const childPath = `${ids.modules.root},${ids.modules.child}`;
  await insert('blade_test_case', { id: ids.cases.a, tenant_id: t, case_code: `CASE-A-${stamp}`, case_title: '用例A', module_type_path: rootPath, audit_status: 1 });
  await insert('blade_test_case', { id: ids.cases.b, tenant_id: t, case_code: `CASE-B-${stamp}`, case_title: '用例B', module_type_path: childPath, audit_status: 1 });
  await insert('blade_test_case', { id: ids.cases.c, tenant_id: t, case_code: `CASE-C-${stamp}`, case_title: '用例C', module_type_path: rootPath, audit_status: 1 });
  await insert('blade_test_script', { id: nextId(), tenant_id: t, script_code: `SA-${stamp}`, script_path: `script/a-${stamp}.py`, version: '3', audit_status: 1 });
  const [sA, sB, sC1, sC2] = [`script/a-${stamp}.py`, `script/b-${stamp}.py`, `script/c1-${stamp}.py`, `script/c2-${stamp}.py`];
  const { k1, k2 } = ids.tasks;
  const { t1, t2 } = ids.terminals;
  const version = { test_object_code: `OBJ-${stamp}`, baseline_version: 'V1.2.0' };
  await seedRun(t, ids.runs.r1, k1, t1, '2025-03-02 10:00:00', [['a', 'passed', 1000, sA], ['b', 'failed', 3000, sB], ['c', 'passed', 2000, sC1]], version);
  await seedRun(t, ids.runs.r2, k1, t1, '2025-03-03 10:00:00', [['a', 'failed', 1500, sA], ['b', 'failed', 4000, sB], ['c', 'passed', 2000, sC1]]);
  // C fails on another script version: not flaky. A pending and a cancelled case count nowhere.
  await seedRun(t, ids.runs.r3, k2, t2, '2025-03-04 10:00:00', [
    ['a', 'passed', 500, sA], ['b', 'passed', 2500, sB], ['c', 'failed', 1000, sC2], ['a', 'pending', null, sA], ['b', 'cancelled', null, sB],
  ]);
  // After the period.
  await seedRun(t, ids.runs.late, k1, t1, '2025-04-01 10:00:00', [['a', 'failed', 9000, sA], ['b', 'failed', 9000, sB]]);
  // Another tenant's run inside the period, on ids of its own.
  const foreignTask = nextId();
  const foreignTerminal = nextId();
  await insert('blade_task', { id: foreignTask, tenant_id: OTHER.tenantId, task_code: `FK-${stamp}`, project_id: ids.projects.p1, parent_id: 0 });
  await insert('blade_terminal', { id: foreignTerminal, tenant_id: OTHER.tenantId, terminal_code: `FT-${stamp}`, terminal_name: '外租户终端' });
  await seedRun(OTHER.tenantId, ids.runs.foreign, foreignTask, foreignTerminal, '2025-03-05 10:00:00', [['a', 'failed', 7000, sA], ['b', 'passed', 100, sB]]);
}

async function submitReport(token: string, body: Record<string, unknown>) {
  const answer = await api(`${REPORT}/submit`, { token, json: body });
  expect(answer.body, answer.text).toMatchObject({ code: 200 });
  const list = await api(`${REPORT}/list?reportName_equal=${encodeURIComponent(String(body.reportName))}`, { token });
  return list.body.data.records[0].id as string;
}

async function reportData(token: string, body: Record<string, unknown>) {
  const id = await submitReport(token, { reportName: `${String(body.reportKind)}-${stamp}-${nextId().slice(-5)}`, ...RANGE, ...body });
  const answer = await api(`${REPORT}/data?id=${id}`, { token });
  expect(answer.body, answer.text).toMatchObject({ code: 200 });
  return { id, data: answer.body.data };
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A well-formed XML document as a tree (saxes throws on anything not well-formed). */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [{ name: '#document', attributes: {}, children: [], text: '' }];
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    stack[stack.length - 1].children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => (stack[stack.length - 1].text += text));
  parser.write(xml).close();
  expect(stack[0].children).toHaveLength(1);
  return stack[0].children[0];
}

const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);

const pick = (rows: Record<string, unknown>[], keys: string[]) => rows.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));

beforeAll(async () => {
  dataDir = freshDataDir('blade-report-test-');
  // On PostgreSQL a database of its own: the runs and terminals it seeds would count in other files' figures.
  database = await freshPostgresDatabase('blade_report_test');
  server = await startServer(
    { port: 0, dataDir, databaseUrl: database?.url, adminPassword: ADMIN_PASSWORD, captcha: false },
    { resources: registry },
  );
  await addOtherTenant();
  await seedRuns();
  admin = await loginOn({ tenantId: '000000', account: 'admin', password: ADMIN_PASSWORD });
  other = await loginOn(OTHER);
}, 90000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('report figures', () => {
  it('pass rate by project equals the known outcomes and a direct SQL query of the runs', async () => {
    const { data } = await reportData(admin, { reportKind: 'passRateByProject' });
    const mine = data.rows.filter((row: { key: string }) => Object.values(ids.projects).includes(row.key));
    expect(pick(mine, ['key', 'runCount', 'totalCount', 'passedCount', 'failedCount', 'passRate'])).toEqual([
      { key: ids.projects.p1, runCount: 2, totalCount: 6, passedCount: 3, failedCount: 3, passRate: 0.5 },
      { key: ids.projects.p2, runCount: 1, totalCount: 3, passedCount: 2, failedCount: 1, passRate: 0.6667 },
    ]);
    expect(mine[0].name).toBe(`报表项目一-${stamp}`);

    const direct = await server.db.query<{ key: string; runs: string; total: string; passed: string }>(
      `SELECT t.project_id::text AS key, count(DISTINCT r.id) AS runs, count(*) AS total, count(*) FILTER (WHERE c.case_status = 'passed') AS passed
       FROM blade_task_run_case c JOIN blade_task_run r ON r.id = c.run_id JOIN blade_task t ON t.id = r.task_id
       WHERE r.tenant_id = '000000' AND r.start_time >= '2025-03-01' AND r.start_time < '2025-03-11'
         AND c.case_status IN ('passed', 'failed', 'error', 'timeout', 'terminated')
       GROUP BY t.project_id`,
    );
    expect(data.rows.length).toBe(direct.length);
    for (const row of direct) {
      const shown = data.rows.find((item: { key: string }) => item.key === row.key);
      expect(shown, row.key).toMatchObject({ runCount: Number(row.runs), totalCount: Number(row.total), passedCount: Number(row.passed) });
    }
    // The cases that did not pass in the period, newest first; the late run and the other tenant's are not among them.
    expect(data.failures.map((item: { id: string }) => item.id)).toEqual([
      caseRunOf(ids.runs.r3, 'c'),
      caseRunOf(ids.runs.r2, 'b'),
      caseRunOf(ids.runs.r2, 'a'),
      caseRunOf(ids.runs.r1, 'b'),
    ]);
    expect(data.failures[0]).toMatchObject({ caseStatus: 'failed', caseCode: `CASE-C-${stamp}`, endedAt: '2025-03-04 10:00:00' });
  });

  it('pass rate by task, terminal and module, and a filter narrowing one', async () => {
    const byTask = await reportData(admin, { reportKind: 'passRateByTask' });
    expect(pick(byTask.data.rows, ['key', 'totalCount', 'passedCount'])).toEqual([
      { key: ids.tasks.k1, totalCount: 6, passedCount: 3 },
      { key: ids.tasks.k2, totalCount: 3, passedCount: 2 },
    ]);
    expect(byTask.data.rows[0].name).toBe(`RK1-${stamp} 报表任务一`);

    const byTerminal = await reportData(admin, { reportKind: 'passRateByTerminal' });
    expect(pick(byTerminal.data.rows, ['key', 'name', 'totalCount', 'passRate'])).toEqual([
      { key: ids.terminals.t1, name: `报表终端一${stamp}`, totalCount: 6, passRate: 0.5 },
      { key: ids.terminals.t2, name: `报表终端二${stamp}`, totalCount: 3, passRate: 0.6667 },
    ]);

    const byModule = await reportData(admin, { reportKind: 'passRateByModule' });
    expect(pick(byModule.data.rows, ['name', 'totalCount', 'passedCount', 'passRate'])).toEqual([
      { name: `根模块${stamp} / 子模块${stamp}`, totalCount: 3, passedCount: 1, passRate: 0.3333 },
      { name: `根模块${stamp}`, totalCount: 6, passedCount: 4, passRate: 0.6667 },
    ]);

    const oneProject = await reportData(admin, { reportKind: 'passRateByTerminal', projectId: ids.projects.p2 });
    expect(pick(oneProject.data.rows, ['key', 'totalCount'])).toEqual([{ key: ids.terminals.t2, totalCount: 3 }]);
    const underChild = await reportData(admin, { reportKind: 'passRateByModule', moduleTypePath: `${ids.modules.root},${ids.modules.child}` });
    expect(pick(underChild.data.rows, ['totalCount', 'passedCount'])).toEqual([{ totalCount: 3, passedCount: 1 }]);
  });

  it('slowest and flakiest cases (flaky: passed and failed on the same script version)', async () => {
    const slowest = await reportData(admin, { reportKind: 'slowestCases' });
    expect(pick(slowest.data.rows, ['key', 'runCount', 'avgDurationMs', 'maxDurationMs', 'caseRunId'])).toEqual([
      { key: ids.cases.b, runCount: 3, avgDurationMs: 3167, maxDurationMs: 4000, caseRunId: caseRunOf(ids.runs.r2, 'b') },
      { key: ids.cases.c, runCount: 3, avgDurationMs: 1667, maxDurationMs: 2000, caseRunId: expect.any(String) },
      { key: ids.cases.a, runCount: 3, avgDurationMs: 1000, maxDurationMs: 1500, caseRunId: caseRunOf(ids.runs.r2, 'a') },
    ]);

    const flakiest = await reportData(admin, { reportKind: 'flakiestCases' });
    expect(pick(flakiest.data.rows, ['caseCode', 'runCount', 'passedCount', 'failedCount', 'scriptVersion', 'caseRunId'])).toEqual([
      { caseCode: `CASE-B-${stamp}`, runCount: 3, passedCount: 1, failedCount: 2, scriptVersion: `b-${stamp}.py`, caseRunId: caseRunOf(ids.runs.r2, 'b') },
      { caseCode: `CASE-A-${stamp}`, runCount: 3, passedCount: 2, failedCount: 1, scriptVersion: `3 (a-${stamp}.py)`, caseRunId: caseRunOf(ids.runs.r2, 'a') },
    ]);
  });

  it('terminal utilisation: the time cases ran against the length of the period', async () => {
    const { data } = await reportData(admin, { reportKind: 'terminalUtilisation' });
    const rangeSeconds = 10 * 24 * 3600;
    const t1 = data.rows.find((row: { key: string }) => row.key === ids.terminals.t1);
    const t2 = data.rows.find((row: { key: string }) => row.key === ids.terminals.t2);
    expect(t1).toMatchObject({ runCount: 2, caseCount: 6, busySeconds: 14, rangeSeconds });
    expect(t1.utilisation).toBeCloseTo(13.5 / rangeSeconds, 6);
    expect(t2).toMatchObject({ runCount: 1, caseCount: 3, busySeconds: 4, rangeSeconds });
    // Every terminal of the tenant is listed, idle ones at 0; none of another tenant.
    expect(data.rows.every((row: { name: string }) => row.name !== '外租户终端')).toBe(true);
  });

  it('opens a listed failed case’s log, and reads with the token as the blade-auth query parameter alone', async () => {
    const { id, data } = await reportData(admin, { reportKind: 'passRateByProject' });
    const log = await api(`${REPORT}/case-log?id=${data.failures[0].id}`, { token: admin });
    expect(log.body.data).toMatchObject({ caseCode: `CASE-C-${stamp}`, caseStatus: 'failed', log: expect.stringContaining(`log of c in ${ids.runs.r3}`) });

    const byQuery = await api(`${REPORT}/data?id=${id}&blade-auth=${encodeURIComponent(`bearer ${admin}`)}`);
    expect(byQuery.body).toMatchObject({ code: 200, data: { report: { id } } });
    const without = await api(`${REPORT}/data?id=${id}`);
    expect(without.body.code).toBe(401);
  });
});

describe('report definitions', () => {
  it('exports the table as xlsx, read back with the same figures', async () => {
    const { id } = await reportData(admin, { reportKind: 'passRateByProject', reportName: `导出报表-${stamp}` });
    const response = await fetch(`${server.url}${REPORT}/export?id=${id}`, { headers: { 'Blade-Auth': `bearer ${admin}`, Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' } });
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent(`导出报表-${stamp}.xlsx`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('项目通过率');
    expect(sheet.getRow(1).values).toEqual([undefined, '项目', '执行次数', '用例数', '通过', '未通过', '通过率(%)']);
    expect(sheet.getRow(2).values).toEqual([undefined, `报表项目一-${stamp}`, 2, 6, 3, 3, 50]);
    expect(sheet.getRow(3).values).toEqual([undefined, `报表项目二-${stamp}`, 1, 3, 2, 1, 66.7]);
  });

  it('removes a definition', async () => {
    const id = await submitReport(admin, { reportName: `删除报表-${stamp}`, reportKind: 'slowestCases' });
    expect((await api(`${REPORT}/remove?ids=${id}`, { token: admin, method: 'POST' })).body).toMatchObject({ code: 200 });
    expect((await api(`${REPORT}/detail?id=${id}`, { token: admin })).body.code).toBe(400);
    expect((await api(`${REPORT}/data?id=${id}`, { token: admin })).body).toMatchObject({ code: 400, msg: '报表不存在' });
  });

  it('refuses an unknown kind and a look-back out of range, naming them', async () => {
    const kind = await api(`${REPORT}/submit`, { token: admin, json: { reportName: `坏类型-${stamp}`, reportKind: 'sqlQuery' } });
    expect(kind.body).toMatchObject({ code: 400, msg: '报表类型「sqlQuery」不在可选范围内' });
    const days = await api(`${REPORT}/submit`, { token: admin, json: { reportName: `坏天数-${stamp}`, reportKind: 'slowestCases', recentDays: -3 } });
    expect(days.body).toMatchObject({ code: 400, msg: '最近天数须为1到3650之间的整数' });
  });

  it('keeps tenants apart: another tenant neither reads the definition nor counts these runs', async () => {
    const { id } = await reportData(admin, { reportKind: 'passRateByProject' });
    expect((await api(`${REPORT}/data?id=${id}`, { token: other })).body).toMatchObject({ code: 400 });
    expect((await api(`${REPORT}/export?id=${id}`, { token: other })).body).toMatchObject({ code: 400 });
    expect((await api(`${REPORT}/case-log?id=${caseRunOf(ids.runs.r1, 'b')}`, { token: other })).body).toMatchObject({ code: 400 });

    const theirs = await reportData(other, { reportKind: 'passRateByTask' });
    expect(pick(theirs.data.rows, ['totalCount', 'passedCount'])).toEqual([{ totalCount: 2, passedCount: 1 }]);
    expect(theirs.data.failures.map((item: { id: string }) => item.id)).toEqual([caseRunOf(ids.runs.foreign, 'a')]);
  });
});

describe('run export', () => {
  it('exports a run as xlsx with every case’s result, executor, duration, message and the version under test', async () => {
    const response = await fetch(`${server.url}${TASK}/run-export?id=${ids.runs.r1}&format=xlsx`, {
      headers: { 'Blade-Auth': `bearer ${admin}`, Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(1).values as string[];
    const cell = (row: number, name: string) => sheet.getRow(row).getCell(header.indexOf(name)).value;
    expect(sheet.rowCount).toBe(4);
    expect([2, 3, 4].map((row) => [cell(row, '用例编号'), cell(row, '结果'), cell(row, '执行人'), cell(row, '耗时(秒)'), cell(row, '被测版本')])).toEqual([
      [`CASE-A-${stamp}`, '通过', '报表测试员', 1, 'V1.2.0'],
      [`CASE-B-${stamp}`, '失败', '报表测试员', 3, 'V1.2.0'],
      [`CASE-C-${stamp}`, '通过', '报表测试员', 2, 'V1.2.0'],
    ]);
    expect(cell(3, '信息')).toBe('b failed <&>');
  });

  it('exports a run as valid JUnit XML with counts and times', async () => {
    const answer = await api(`${TASK}/run-export?id=${ids.runs.r3}&format=junit`, { token: admin });
    const root = parseXml(answer.text);
    expect(root.name).toBe('testsuites');
    const [suite] = childrenNamed(root, 'testsuite');
    for (const element of [root, suite]) {
      expect(['tests', 'failures', 'errors', 'skipped', 'time'].map((name) => element.attributes[name])).toEqual(['5', '1', '0', '2', '4.000']);
    }
    const cases = childrenNamed(suite, 'testcase');
    expect(cases.map((item) => [item.attributes.name, item.attributes.time])).toEqual([
      ['用例A', '0.500'], ['用例B', '2.500'], ['用例C', '1.000'], ['用例A', '0.000'], ['用例B', '0.000'],
    ]);
    const [failure] = childrenNamed(cases[2], 'failure');
    expect(failure.attributes.message).toBe('c failed <&>');
    expect(failure.text).toBe(`log of c in ${ids.runs.r3} with <xml> & "quotes"`);
    expect(childrenNamed(cases[3], 'skipped')).toHaveLength(1);
    const properties = childrenNamed(childrenNamed(suite, 'properties')[0], 'property');
    expect(properties.find((property) => property.attributes.name === 'executor')?.attributes.value).toBe('报表测试员');
  });

  it('records the test object’s baseline version when a run starts', async () => {
    const t = '000000';
    const terminalId = nextId();
    const objectId = nextId();
    const taskId = nextId();
    const caseId = nextId();
    await insert('blade_terminal', { id: terminalId, tenant_id: t, terminal_code: `RV-${stamp}`, terminal_name: '版本终端', running_status: 1 });
    await insert('blade_test_object', { id: objectId, tenant_id: t, device_code: `DUT-${stamp}`, device_name: '被测设备', baseline_version: 'V2.3.1' });
    // The terminal's copy is from when it was picked; the object's baseline has moved on since.
    await insert('blade_terminal_test_object', { id: nextId(), tenant_id: t, terminal_id: terminalId, test_object_id: objectId, baseline_version: 'V2.0.0' });
    await insert('blade_test_case', { id: caseId, tenant_id: t, case_code: `RVC-${stamp}`, case_title: '版本用例', test_script_id: null, audit_status: 1 });
    await insert('blade_test_script', { id: nextId(), tenant_id: t, script_code: `RVS-${stamp}`, script_path: `script/v-${stamp}.py`, version: '1', audit_status: 1 });
    await server.db.query(`UPDATE blade_test_case SET test_script_id = (SELECT id FROM blade_test_script WHERE script_code = $1) WHERE id = $2`, [`RVS-${stamp}`, caseId]);
    await insert('blade_task', { id: taskId, tenant_id: t, task_code: `RVK-${stamp}`, task_name: '版本任务', terminal_id: terminalId, parent_id: 0, run_status: 0 });
    await insert('blade_task_test_case', { id: nextId(), tenant_id: t, task_id: taskId, test_case_id: caseId, sort: 1 });

    const started = await api(`${TASK}/execute`, { token: admin, json: { id: taskId } });
    expect(started.body, started.text).toMatchObject({ code: 200 });
    const runs = await api(`${TASK}/runs?taskId=${taskId}`, { token: admin });
    const detail = (await api(`${TASK}/run-detail?id=${runs.body.data.records[0].id}`, { token: admin })).body.data;
    expect(detail).toMatchObject({ testObjectCode: `DUT-${stamp}`, baselineVersion: 'V2.3.1' });
  });
});
