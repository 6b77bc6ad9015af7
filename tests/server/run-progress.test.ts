import ExcelJS from 'exceljs';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_STATUS } from '../../resources/task/runStatus';
import { registry } from '../../resources/schemas';
import { startServer, type RunningServer } from '../../server/app';
import { nextId } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import { tenantObjectKey } from '../../server/storage/keys';
import { call, login } from './client';
import { freshDataDir } from './data-dir';
import { startLoopbackStore, type LoopbackStore } from './execution-store';
import { ADMIN_PASSWORD, TESTER } from './fixtures';
import { testerSeesOwnTasksOnly } from './own-tasks-scope';
import { freshPostgresDatabase } from './printed-product';

/**
 * The light read a screen polls while it follows a run (`run-progress`), and the terminal that took each case in the
 * run's detail and exports. Over HTTP against a server of its own (agents need an object store for their scripts);
 * the agent's side is played through its endpoints, so each step of the run is one the test chose.
 */

const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';
const AGENT = '/api/blade-agent';

let server: RunningServer;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let store: LoopbackStore;
let dataDir: string;
let admin: string;
let fixtureCount = 0;

const api = (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { base: server.url, ...options });
const agentCall = (path: string, token: string, json?: unknown) =>
  api(`${AGENT}/${path}`, { method: json === undefined ? 'GET' : 'POST', json, headers: { Authorization: `Bearer ${token}` } });
const NOW = () => formatDateTime(new Date());

async function insertTerminal() {
  const id = nextId();
  const code = `PRG-TM-${++fixtureCount}-${id.slice(-6)}`;
  await server.db.query(
    `INSERT INTO blade_terminal (id, tenant_id, terminal_code, terminal_name, running_status, create_time, update_time)
     VALUES ($1, '000000', $2, $2, 1, $3, $3)`,
    [id, code, NOW()],
  );
  return { id, code };
}

/** A task of `caseCount` passing cases on `terminalId`. */
async function insertTask(terminalId: string, caseCount: number) {
  const taskId = nextId();
  const taskCode = `PRG-TASK-${++fixtureCount}-${taskId.slice(-6)}`;
  await server.db.query(
    `INSERT INTO blade_task (id, tenant_id, task_code, task_name, run_status, terminal_id, create_time, update_time)
     VALUES ($1, '000000', $2, $2, 0, $3, $4, $4)`,
    [taskId, taskCode, terminalId, NOW()],
  );
  for (let index = 0; index < caseCount; index++) {
    const scriptId = nextId();
    const key = `script/${taskCode}_${index}.py`;
    await store.putObject(tenantObjectKey('000000', key), new TextEncoder().encode('print("ok")\n'), 'text/x-python');
    await server.db.query(
      `INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, version, audit_status, create_time, update_time)
       VALUES ($1, '000000', $2, $3, '1', 1, $4, $4)`,
      [scriptId, `S-${taskCode}-${index}`, key, NOW()],
    );
    const caseId = nextId();
    await server.db.query(
      `INSERT INTO blade_test_case (id, tenant_id, case_code, case_title, test_script_id, audit_status, create_time, update_time)
       VALUES ($1, '000000', $2, $3, $4, 1, $5, $5)`,
      [caseId, `C-${taskCode}-${index}`, `case ${index}`, scriptId, NOW()],
    );
    await server.db.query(
      `INSERT INTO blade_task_test_case (id, tenant_id, task_id, test_case_id, sort, create_time, update_time) VALUES ($1, '000000', $2, $3, $4, $5, $5)`,
      [nextId(), taskId, caseId, index + 1, NOW()],
    );
  }
  return { taskId, taskCode };
}

const issue = async (terminalId: string) => {
  const answer = await api(`${TERMINAL}/issueToken?id=${terminalId}`, { token: admin, method: 'POST' });
  expect(answer.body, answer.text).toMatchObject({ code: 200 });
  return answer.body.data.token as string;
};
const progressOf = async (taskId: string, token = admin) => {
  const answer = await api(`${TASK}/run-progress?taskId=${taskId}`, { token });
  expect(answer.body, answer.text).toMatchObject({ code: 200 });
  return answer.body.data;
};
const runDetailOf = async (runId: string) => (await api(`${TASK}/run-detail?id=${runId}`, { token: admin })).body.data;

beforeAll(async () => {
  store = await startLoopbackStore();
  dataDir = freshDataDir('blade-run-progress-test-');
  // A database of its own on PostgreSQL too: the file runs beside the files of the shared server.
  database = await freshPostgresDatabase('blade_run_progress_test');
  server = await startServer(
    { port: 0, dataDir, databaseUrl: database?.url, adminPassword: ADMIN_PASSWORD, captcha: false },
    { resources: registry, storage: store },
  );
  admin = (await login({ account: 'admin', password: ADMIN_PASSWORD }, server.url)).access_token;
}, 60000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('run-progress', () => {
  it('answers no run before the first, then the latest run counted by case status, its marker moving as cases end', async () => {
    const own = await insertTerminal();
    const added = await insertTerminal();
    const { taskId } = await insertTask(own.id, 2);
    // A child task naming a second terminal: the run spreads its cases over both.
    const child = await insertTask(added.id, 1);
    await server.db.query('UPDATE blade_task SET parent_id = $2, task_level = 2 WHERE id = $1', [child.taskId, taskId]);
    const ownToken = await issue(own.id);
    const addedToken = await issue(added.id);

    const before = await progressOf(taskId);
    expect(before).toMatchObject({ taskId, taskRunStatus: RUN_STATUS.notStarted, run: null, marker: expect.any(String) });

    const started = await api(`${TASK}/execute`, { token: admin, json: { id: taskId } });
    expect(started.body, started.text).toMatchObject({ code: 200 });
    const runId = started.body.data[0].runId as string;
    const queued = await progressOf(taskId);
    expect(queued).toMatchObject({
      taskRunStatus: RUN_STATUS.queued,
      run: { id: runId, runStatus: RUN_STATUS.queued, total: 3, pending: 3, running: 0, open: 3, passed: 0, failed: 0, error: 0, timeout: 0, terminated: 0 },
    });
    expect(queued.marker).not.toBe(before.marker);
    // Nothing happened: the same marker, so a screen re-reads nothing.
    expect((await progressOf(taskId)).marker).toBe(queued.marker);
    // Cases none took yet name no terminal.
    expect((await runDetailOf(runId)).cases.map((item: { terminalCode: string }) => item.terminalCode)).toEqual(['', '', '']);

    // The child's terminal takes a case: the run runs.
    const first = (await agentCall('next?wait=0', addedToken)).body.data;
    const running = await progressOf(taskId);
    expect(running).toMatchObject({ taskRunStatus: RUN_STATUS.running, run: { runStatus: RUN_STATUS.running, pending: 2, running: 1, open: 3 } });
    expect(running.marker).not.toBe(queued.marker);

    // Output alone moves only the output marker: the cases' statuses did not change.
    await agentCall('log', addedToken, { caseId: first.caseId, chunk: 'line 1\n' });
    const logged = await progressOf(taskId);
    expect(logged.marker).toBe(running.marker);
    expect(logged.outputMarker).not.toBe(running.outputMarker);

    // The case ends: the marker moves and the counts say how.
    await agentCall('result', addedToken, { caseId: first.caseId, status: 'passed', exitCode: 0, durationMs: 10 });
    const onePassed = await progressOf(taskId);
    expect(onePassed.run).toMatchObject({ passed: 1, pending: 2, running: 0, open: 2 });
    expect(onePassed.marker).not.toBe(logged.marker);

    const second = (await agentCall('next?wait=0', ownToken)).body.data;
    await agentCall('result', ownToken, { caseId: second.caseId, status: 'failed', exitCode: 1, durationMs: 10 });
    const third = (await agentCall('next?wait=0', addedToken)).body.data;
    const beforeLast = await progressOf(taskId);
    await agentCall('result', addedToken, { caseId: third.caseId, status: 'timeout', durationMs: 10 });

    // The run ended: the task's status and the run's say so, and nothing is open.
    const ended = await progressOf(taskId);
    expect(ended).toMatchObject({
      taskRunStatus: RUN_STATUS.failed,
      run: { id: runId, runStatus: RUN_STATUS.failed, total: 3, passed: 1, failed: 1, timeout: 1, error: 0, pending: 0, running: 0, open: 0 },
    });
    expect(ended.marker).not.toBe(beforeLast.marker);

    // The run's detail names the terminal that took each case, and so do its exports.
    const detail = await runDetailOf(runId);
    const terminalOf = Object.fromEntries(detail.cases.map((item: { id: string; terminalCode: string }) => [item.id, item.terminalCode]));
    expect(terminalOf).toEqual({ [first.caseId]: added.code, [second.caseId]: own.code, [third.caseId]: added.code });

    const junit = (await api(`${TASK}/run-export?id=${runId}&format=junit`, { token: admin })).text;
    const caseOf = (caseCode: string) => junit.slice(junit.indexOf(`.${caseCode}"`), junit.indexOf('</testcase>', junit.indexOf(`.${caseCode}"`)));
    expect(caseOf(second.caseCode)).toContain(`<property name="terminal" value="${own.code}"/>`);
    expect(caseOf(third.caseCode)).toContain(`<property name="terminal" value="${added.code}"/>`);

    const xlsx = await fetch(`${server.url}${TASK}/run-export?id=${runId}&format=xlsx`, {
      headers: { 'Blade-Auth': `bearer ${admin}`, Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(1).values as string[];
    const byCode = new Map<string, unknown>();
    for (let row = 2; row <= sheet.rowCount; row++) {
      byCode.set(String(sheet.getRow(row).getCell(header.indexOf('用例编号')).value), sheet.getRow(row).getCell(header.indexOf('执行终端')).value);
    }
    expect(byCode.get(first.caseCode)).toBe(added.code);
    expect(byCode.get(second.caseCode)).toBe(own.code);
  });

  it('refuses a missing or malformed taskId with a 400 naming it, and a task outside the caller\'s data scope', async () => {
    const missing = await api(`${TASK}/run-progress`, { token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: taskId' });
    expect((await api(`${TASK}/run-progress?taskId=abc`, { token: admin })).body).toMatchObject({ code: 400, msg: expect.stringContaining('taskId') });
    expect((await api(`${TASK}/run-progress?taskId=${nextId()}`, { token: admin })).body).toMatchObject({ code: 400, msg: expect.stringContaining('任务不存在') });

    const tester = (await login(TESTER, server.url)).access_token;
    const terminal = await insertTerminal();
    const { taskId } = await insertTask(terminal.id, 1);
    expect((await progressOf(taskId, tester)).taskId).toBe(taskId);

    const narrowed = await testerSeesOwnTasksOnly(server.db);
    try {
      const refused = await api(`${TASK}/run-progress?taskId=${taskId}`, { token: tester });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 400, msg: `任务不存在: ${taskId}` });
      // Once the task is theirs, so is its progress.
      await server.db.query('UPDATE blade_task SET create_user = $1 WHERE id = $2', [narrowed.testerId, taskId]);
      expect((await progressOf(taskId, tester)).taskId).toBe(taskId);
    } finally {
      await narrowed.restore();
    }
  });
});
