import { spawn, type ChildProcess } from 'node:child_process';
import ExcelJS from 'exceljs';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RUN_STATUS } from '../../resources/task/runStatus';
import { startServer, type RunningServer } from '../../server/app';
import { nextId } from '../../server/blade/ids';
import { formatDateTime } from '../../server/blade/serializer';
import { openDb } from '../../server/db/open';
import { hashPassword } from '../../server/db/seed';
import { tenantObjectKey } from '../../server/storage/keys';
import type { ObjectStore } from '../../server/storage/types';
import { call, login } from './client';
import { startLoopbackStore, type LoopbackStore } from './execution-store';
import { ADMIN_PASSWORD, TESTER } from './fixtures';
import { testerSeesOwnTasksOnly } from './own-tasks-scope';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';
import { freshPostgresDatabase } from './printed-product';
import { until } from '../until';

/**
 * Test execution over HTTP against its own embedded server (it needs an object store the shared one lacks and a
 * short watchdog grace), with the real agent process on loopback running real python scripts.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';
const AGENT = '/api/blade-agent';
const GRACE_SECONDS = 3;
const OTHER = { tenantId: '100077', account: 'execadmin', password: 'Exec-other-1' };

const SCRIPTS = {
  pass: 'print("hello from the passing case ✓ 通过")\n',
  fail: 'import sys\nprint("about to fail")\nsys.stderr.write("boom\\n")\nsys.exit(1)\n',
  slow: 'import time\nprint("slow case started", flush=True)\ntime.sleep(30)\n',
  medium: 'import time\nprint("medium case started", flush=True)\ntime.sleep(8)\n',
  // Leaves files in its output folder, two of them over the limits below, and fails: its evidence is kept.
  attach: [
    'import os, sys',
    'out = os.environ["BLADE_OUTPUT_DIR"]',
    'os.makedirs(os.path.join(out, "shots"))',
    'open(os.path.join(out, "report.txt"), "w", encoding="utf-8").write("结果: 登录失败\\n")',
    'open(os.path.join(out, "shots", "screen.png"), "wb").write(bytes(range(256)) * 160)',
    'open(os.path.join(out, "zz-big.bin"), "wb").write(b"x" * 70000)',
    'open(os.path.join(out, "zzz-more.bin"), "wb").write(b"y" * 65000)',
    'print("wrote evidence to", out)',
    'sys.exit(1)',
    '',
  ].join('\n'),
};
/** Attachment limits of this server (the defaults are megabytes): a file over 64 KiB, a case over 100 KiB. */
const ATTACHMENT_LIMITS = { BLADE_ATTACHMENT_MAX_BYTES: String(64 * 1024), BLADE_ATTACHMENT_CASE_MAX_BYTES: String(100 * 1024) };

let server: RunningServer;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let store: LoopbackStore;
let dataDir: string;
let admin: string;
let other: string;
const agents: ChildProcess[] = [];
let fixtureCount = 0;

const api = (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { base: server.url, ...options });
const agentCall = (path: string, token: string, json?: unknown, terminalCode?: string) =>
  api(`${AGENT}/${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    json,
    headers: { Authorization: `Bearer ${token}`, ...(terminalCode ? { 'Terminal-Code': terminalCode } : {}) },
  });

const NOW = () => formatDateTime(new Date());

async function insertTerminal(tenantId: string) {
  const id = nextId();
  const code = `EXT-${++fixtureCount}-${id.slice(-6)}`;
  await server.db.query(
    `INSERT INTO blade_terminal (id, tenant_id, terminal_code, terminal_name, running_status, create_time, update_time)
     VALUES ($1, $2, $3, $3, 1, $4, $4)`,
    [id, tenantId, code, NOW()],
  );
  return { id, code };
}

/** A task with one case per script (script bytes put in the store), on `terminalId` (none when null). */
async function insertTask(tenantId: string, terminalId: string | null, scripts: (keyof typeof SCRIPTS | null)[]) {
  const taskId = nextId();
  const taskCode = `EXTASK-${++fixtureCount}-${taskId.slice(-6)}`;
  await server.db.query(
    `INSERT INTO blade_task (id, tenant_id, task_code, task_name, run_status, terminal_id, create_time, update_time)
     VALUES ($1, $2, $3, $3, 0, $4, $5, $5)`,
    [taskId, tenantId, taskCode, terminalId, NOW()],
  );
  for (const [index, script] of scripts.entries()) {
    let scriptId: string | null = null;
    if (script) {
      scriptId = nextId();
      const key = `script/${taskCode}_${index}_${script}.py`;
      // The row keeps the tenant's key, the store the tenant's prefix before it (as an upload does).
      await store.putObject(tenantObjectKey(tenantId, key), new TextEncoder().encode(SCRIPTS[script]), 'text/x-python');
      await server.db.query(
        `INSERT INTO blade_test_script (id, tenant_id, script_code, script_path, version, audit_status, create_time, update_time)
         VALUES ($1, $2, $3, $4, '1', 1, $5, $5)`,
        [scriptId, tenantId, `S-${taskCode}-${index}`, key, NOW()],
      );
    }
    const caseId = nextId();
    await server.db.query(
      `INSERT INTO blade_test_case (id, tenant_id, case_code, case_title, test_script_id, audit_status, create_time, update_time)
       VALUES ($1, $2, $3, $4, $5, 1, $6, $6)`,
      [caseId, tenantId, `C-${taskCode}-${index}`, `${script ?? 'no script'} case`, scriptId, NOW()],
    );
    await server.db.query(
      `INSERT INTO blade_task_test_case (id, tenant_id, task_id, test_case_id, sort, create_time, update_time) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      [nextId(), tenantId, taskId, caseId, index + 1, NOW()],
    );
  }
  return { taskId, taskCode };
}

async function addOtherTenant() {
  const roleId = nextId();
  const deptId = nextId();
  await server.db.query(
    `INSERT INTO blade_tenant (id, tenant_id, tenant_name, create_time, update_time) VALUES ($1, $2, '执行租户', $3, $3)`,
    [nextId(), OTHER.tenantId, NOW()],
  );
  await server.db.query(`INSERT INTO blade_role (id, tenant_id, role_name, role_alias, sort) VALUES ($1, $2, '租户管理员', 'administrator', 1)`, [
    roleId,
    OTHER.tenantId,
  ]);
  await server.db.query(`INSERT INTO blade_dept (id, tenant_id, dept_name) VALUES ($1, $2, '部门')`, [deptId, OTHER.tenantId]);
  await server.db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, post_id, create_time, update_time)
     VALUES ($1, $2, $3, $4, $3, $3, $5, $6, '', $7, $7)`,
    [nextId(), OTHER.tenantId, OTHER.account, await hashPassword(OTHER.password), roleId, deptId, NOW()],
  );
}

const loginOn = async (credentials: { tenantId?: string; account: string; password: string }) =>
  (await login(credentials, server.url)).access_token;

const execute = (taskId: string, extra: Record<string, unknown> = {}, token = admin) =>
  api(`${TASK}/execute`, { token, json: { id: taskId, ...extra } });
const act = (action: 'pause' | 'resume' | 'end', taskId: string, token = admin) => api(`${TASK}/${action}`, { token, json: { id: taskId } });
const taskOf = async (taskId: string) => (await api(`${TASK}/detail?id=${taskId}`, { token: admin })).body.data;
const latestRun = async (taskId: string, token = admin) => {
  const runs = await api(`${TASK}/runs?taskId=${taskId}`, { token });
  const id = runs.body.data.records[0]?.id;
  return id ? (await api(`${TASK}/run-detail?id=${id}`, { token })).body.data : undefined;
};
const issue = async (terminalId: string, token = admin) => {
  const answer = await api(`${TERMINAL}/issueToken?id=${terminalId}`, { token, method: 'POST' });
  expect(answer.body, answer.text).toMatchObject({ code: 200 });
  return answer.body.data.token as string;
};

function startAgent(terminalCode: string, token: string, extra: string[] = []): ChildProcess & { output: string[] } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'agent/main.ts', '--server', server.url, '--terminal', terminalCode, '--token', token, '--heartbeat', '1', ...extra],
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  ) as ChildProcess & { output: string[] };
  child.output = [];
  child.stdout?.on('data', (data: Buffer) => child.output.push(data.toString()));
  child.stderr?.on('data', (data: Buffer) => child.output.push(data.toString()));
  agents.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

beforeAll(async () => {
  // Stubbed, not assigned: the server test files share one process, and the next file must not inherit these.
  vi.stubEnv('BLADE_AGENT_GRACE_SECONDS', String(GRACE_SECONDS));
  vi.stubEnv('BLADE_AGENT_OFFLINE_SECONDS', String(GRACE_SECONDS));
  for (const [name, value] of Object.entries(ATTACHMENT_LIMITS)) vi.stubEnv(name, value);
  store = await startLoopbackStore();
  dataDir = freshDataDir('blade-execution-test-');
  // A database of its own on PostgreSQL too: the file runs beside the files of the shared server.
  database = await freshPostgresDatabase('blade_execution_test');
  server = await startServer(
    { port: 0, dataDir, databaseUrl: database?.url, adminPassword: ADMIN_PASSWORD, captcha: false },
    { resources: registry, storage: store },
  );
  await addOtherTenant();
  admin = await loginOn({ account: 'admin', password: ADMIN_PASSWORD });
  other = await loginOn(OTHER);
}, 60000);

afterAll(async () => {
  for (const child of agents) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  await server?.close();
  await store?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe('execute, pause, resume and end over HTTP', () => {
  it('walks a run through queued, paused, queued and terminated, refusing what the state does not allow', async () => {
    const terminal = await insertTerminal('000000');
    const { taskId } = await insertTask('000000', terminal.id, ['pass']);

    for (const action of ['pause', 'resume', 'end'] as const) {
      const refused = await act(action, taskId);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe(`任务状态为「未开始」，不能执行「${{ pause: '暂停', resume: '继续', end: '结束' }[action]}」`);
    }

    const started = await execute(taskId);
    expect(started.body, started.text).toMatchObject({ code: 200, success: true });
    expect(started.body.data).toEqual([
      { taskId, runId: expect.any(String), recordId: expect.any(String), terminalId: terminal.id, terminalIds: [terminal.id] },
    ]);
    const task = await taskOf(taskId);
    expect(task.runStatus).toBe(RUN_STATUS.queued);
    expect(task.startTime).not.toBe('');

    expect((await execute(taskId)).body.msg).toBe('任务状态为「排队中」，不能执行「开始」');
    expect((await act('resume', taskId)).body.msg).toBe('任务状态为「排队中」，不能执行「继续」');

    const paused = await act('pause', taskId);
    expect(paused.body.data).toMatchObject({ id: taskId, runStatus: RUN_STATUS.paused });
    expect((await act('pause', taskId)).body.msg).toBe('任务状态为「已暂停」，不能执行「暂停」');
    expect((await execute(taskId)).body.msg).toBe('任务状态为「已暂停」，不能执行「开始」');

    // Nothing runs yet, so resuming queues the run again.
    expect((await act('resume', taskId)).body.data.runStatus).toBe(RUN_STATUS.queued);

    const ended = await act('end', taskId);
    expect(ended.body.data.runStatus).toBe(RUN_STATUS.terminated);
    for (const action of ['pause', 'resume', 'end'] as const) expect((await act(action, taskId)).status).toBe(400);
    const run = await latestRun(taskId);
    expect(run).toMatchObject({ runStatus: RUN_STATUS.terminated, runStatusName: '已终止', totalCount: 1 });
    expect(run.cases.map((item: { caseStatus: string }) => item.caseStatus)).toEqual(['cancelled']);
    expect(run.report).toMatchObject({ taskSummary: '0 passed / 0 failed of 1' });
    const ended2 = await taskOf(taskId);
    expect(ended2).toMatchObject({ runStatus: RUN_STATUS.terminated });
    expect(ended2.duration).toBeGreaterThanOrEqual(0);

    const record = await api(`/gateway/blade-taskrecord/taskRecord/detail?id=${run.recordId}`, { token: admin });
    expect(record.body.data).toMatchObject({ executionStatus: 4, terminalCode: terminal.code, executor: '管理员' });

    // A terminated task may start again.
    expect((await execute(taskId)).body.code).toBe(200);
    expect((await act('end', taskId)).body.code).toBe(200);
  });

  it('moves to running when an agent takes a case, and to completed or failed when the cases are done', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['pass', 'fail']);
    expect((await execute(taskId)).body.code).toBe(200);

    const first = await agentCall('next?wait=0', token);
    expect(first.body.data).toMatchObject({ caseCode: expect.stringMatching(/-0$/), timeLimitSeconds: 600, scriptUrl: expect.stringContaining('http://127.0.0.1') });
    expect((await taskOf(taskId)).runStatus).toBe(RUN_STATUS.running);
    expect((await execute(taskId)).body.msg).toBe('任务状态为「运行中」，不能执行「开始」');
    expect((await act('resume', taskId)).body.msg).toBe('任务状态为「运行中」，不能执行「继续」');

    // Paused: the running case goes on, but no new case is handed out.
    expect((await act('pause', taskId)).body.data.runStatus).toBe(RUN_STATUS.paused);
    const log = await agentCall('log', token, { caseId: first.body.data.caseId, chunk: 'line 1\n' });
    expect(log.body.data).toEqual({ kill: false });
    const passed = await agentCall('result', token, { caseId: first.body.data.caseId, status: 'passed', exitCode: 0, durationMs: 120 });
    expect(passed.body.data).toEqual({ accepted: true });
    expect((await agentCall('next?wait=0', token)).body.data).toBeNull();

    // Resumed with nothing running: queued until the agent takes the next case.
    expect((await act('resume', taskId)).body.data.runStatus).toBe(RUN_STATUS.queued);
    const second = await agentCall('next?wait=0', token);
    expect(second.body.data.caseId).not.toBe(first.body.data.caseId);
    expect((await act('pause', taskId)).body.code).toBe(200);
    // Paused while a case runs: resuming goes straight back to running.
    expect((await act('resume', taskId)).body.data.runStatus).toBe(RUN_STATUS.running);
    await agentCall('result', token, { caseId: second.body.data.caseId, status: 'failed', exitCode: 1, durationMs: 80, logTail: 'boom' });

    const task = await taskOf(taskId);
    expect(task.runStatus).toBe(RUN_STATUS.failed);
    const run = await latestRun(taskId);
    expect(run).toMatchObject({ runStatus: RUN_STATUS.failed, passedCount: 1, failedCount: 1, totalCount: 2 });
    expect(run.cases.map((item: { log: string }) => item.log)).toEqual(['line 1\n', 'boom']);
    // A second result for a finished case changes nothing.
    expect((await agentCall('result', token, { caseId: second.body.data.caseId, status: 'passed', durationMs: 1 })).body.data).toEqual({ accepted: false });

    // Failed may start again; a run of only passing cases completes.
    const { taskId: passingTask } = await insertTask('000000', terminal.id, ['pass']);
    await execute(passingTask);
    const only = await agentCall('next?wait=0', token);
    await agentCall('result', token, { caseId: only.body.data.caseId, status: 'passed', exitCode: 0, durationMs: 5 });
    expect((await taskOf(passingTask)).runStatus).toBe(RUN_STATUS.completed);
    expect((await execute(passingTask)).body.code).toBe(200);
    await act('end', passingTask);
    expect((await execute(taskId)).body.code).toBe(200);
    await act('end', taskId);
  });

  it("takes a case's output with its result, after the chunks posted while it ran, and an older agent's log posts as before", async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['pass', 'pass', 'pass']);
    await execute(taskId);
    // A short case: its whole output comes with the result, in one post.
    const short = (await agentCall('next?wait=0', token)).body.data;
    await agentCall('result', token, { caseId: short.caseId, status: 'passed', exitCode: 0, durationMs: 40, logTail: 'ok\n', log: 'ok\n' });
    // A longer one: chunks posted while it ran, the rest with the result.
    const long = (await agentCall('next?wait=0', token)).body.data;
    await agentCall('log', token, { caseId: long.caseId, chunk: 'step 1\n' });
    await agentCall('result', token, { caseId: long.caseId, status: 'passed', exitCode: 0, durationMs: 900, logTail: 'step 1\nstep 2\n', log: 'step 2\n' });
    // An agent downloaded before: every chunk posted, then the result with the tail only.
    const older = (await agentCall('next?wait=0', token)).body.data;
    await agentCall('log', token, { caseId: older.caseId, chunk: 'posted\n' });
    await agentCall('result', token, { caseId: older.caseId, status: 'passed', exitCode: 0, durationMs: 50, logTail: 'posted\n' });
    const run = await latestRun(taskId);
    expect(run.cases.map((item: { log: string }) => item.log)).toEqual(['ok\n', 'step 1\nstep 2\n', 'posted\n']);
    expect(run).toMatchObject({ runStatus: RUN_STATUS.completed, passedCount: 3, totalCount: 3 });
  });

  it('answers a result that asks for more with the next case, and with none at the end, the run then closed and the terminal idle', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['pass', 'pass', 'fail']);
    await execute(taskId);
    const first = (await agentCall('next?wait=0', token)).body.data;
    expect(first.caseCode).toMatch(/-0$/);
    const second = await agentCall('result', token, { caseId: first.caseId, status: 'passed', exitCode: 0, durationMs: 5, log: 'one\n', next: true });
    expect(second.body.data).toMatchObject({ accepted: true, next: { caseCode: expect.stringMatching(/-1$/), scriptUrl: expect.any(String), timeLimitSeconds: 600 } });
    // The case it reported was the one it ran: the next one taken is not failed as left behind.
    const third = await agentCall('result', token, { caseId: second.body.data.next.caseId, status: 'passed', exitCode: 0, durationMs: 5, next: true });
    expect(third.body.data.next.caseCode).toMatch(/-2$/);
    const [busy] = await server.db.query<{ running_status: number }>('SELECT running_status FROM blade_terminal WHERE id = $1', [terminal.id]);
    expect(Number(busy.running_status)).toBe(2);
    const last = await agentCall('result', token, { caseId: third.body.data.next.caseId, status: 'failed', exitCode: 1, durationMs: 5, next: true });
    expect(last.body.data).toEqual({ accepted: true, next: null });
    const run = await latestRun(taskId);
    expect(run).toMatchObject({ runStatus: RUN_STATUS.failed, passedCount: 2, failedCount: 1, totalCount: 3 });
    expect(run.cases.map((item: { caseStatus: string; log: string }) => [item.caseStatus, item.log])).toEqual([
      ['passed', 'one\n'],
      ['passed', ''],
      ['failed', ''],
    ]);
    const [idle] = await server.db.query<{ running_status: number }>('SELECT running_status FROM blade_terminal WHERE id = $1', [terminal.id]);
    expect(Number(idle.running_status)).toBe(1);
  });

  it('closes a run whose cases all ended without its last result closing it (two last results that crossed)', async () => {
    const terminal = await insertTerminal('000000');
    await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['pass', 'pass']);
    await execute(taskId);
    const run = await latestRun(taskId);
    // As two results on two connections land when each reads the other's case as still running.
    await server.db.query(`UPDATE blade_task_run_case SET case_status = 'passed', ended_at = now() WHERE run_id = $1`, [run.id]);
    expect((await taskOf(taskId)).runStatus).toBe(RUN_STATUS.queued);
    await until('the watchdog to close the run', async () => (await taskOf(taskId)).runStatus === RUN_STATUS.completed);
    expect(await latestRun(taskId)).toMatchObject({ runStatus: RUN_STATUS.completed, passedCount: 2, totalCount: 2 });
  });

  it('refuses a task without terminal, cases or scripts, and bad bodies, with 400 naming the problem', async () => {
    const terminal = await insertTerminal('000000');
    const noTerminal = await insertTask('000000', null, ['pass']);
    expect((await execute(noTerminal.taskId)).body).toMatchObject({ code: 400, msg: `任务「${noTerminal.taskCode}」未指定执行终端` });
    const noCases = await insertTask('000000', terminal.id, []);
    expect((await execute(noCases.taskId)).body).toMatchObject({ code: 400, msg: `任务「${noCases.taskCode}」没有测试用例` });
    const noScript = await insertTask('000000', terminal.id, ['pass', null]);
    expect((await execute(noScript.taskId)).body.msg).toBe(`用例「C-${noScript.taskCode}-1」未关联脚本`);
    expect((await taskOf(noScript.taskId)).runStatus).toBe(RUN_STATUS.notStarted);

    const bad = [
      [{}, '请输入任务编号'],
      [{ id: 'abc' }, '任务编号格式不正确'],
      [{ ids: ['1', 'x'] }, '任务编号格式不正确'],
      [{ id: noCases.taskId, timeLimitSeconds: 0 }, '执行时限格式不正确'],
    ] as const;
    for (const [json, message] of bad) {
      const answer = await api(`${TASK}/execute`, { token: admin, json });
      expect(answer.status).toBe(400);
      expect(answer.body.msg).toBe(message);
    }
    const malformed = await api(`${TASK}/pause`, { token: admin, body: '{"id":' });
    expect(malformed.body).toMatchObject({ code: 400, msg: '参数校验失败: 请求体不是合法的 JSON' });
    expect((await execute('123456789')).body).toMatchObject({ code: 400, msg: '任务不存在: 123456789' });
    expect((await api(`${TASK}/runs`, { token: admin })).body.code).toBe(400);
    expect((await api(`${TASK}/report-trend?taskId=1&limit=x`, { token: admin })).body.code).toBe(400);
  });

  it('needs the execute button', async () => {
    const tester = await loginOn(TESTER);
    const terminal = await insertTerminal('000000');
    const { taskId } = await insertTask('000000', terminal.id, ['pass']);
    expect((await execute(taskId, {}, tester)).body.code).toBe(403);
    expect((await act('end', taskId, tester)).body.code).toBe(403);
    expect((await api(`${TASK}/runs?taskId=${taskId}`, { token: tester })).body.code).toBe(200);
  });

  it("shows a task's runs only to roles whose data scope shows the task", async () => {
    const tester = await loginOn(TESTER);
    const terminal = await insertTerminal('000000');
    const { taskId } = await insertTask('000000', terminal.id, ['pass']);
    expect((await execute(taskId)).body.code).toBe(200);
    const runs = async () => (await api(`${TASK}/runs?taskId=${taskId}`, { token: tester })).body.data.total as number;
    expect(await runs()).toBe(1);
    const runId = (await latestRun(taskId)).id as string;

    const narrowed = await testerSeesOwnTasksOnly(server.db);
    try {
      expect(await runs()).toBe(0);
      expect((await api(`${TASK}/run-detail?id=${runId}`, { token: tester })).body).toMatchObject({ code: 400, msg: '执行记录不存在' });
      expect((await api(`${TASK}/reports?taskId=${taskId}`, { token: tester })).body.data.total).toBe(0);
      // Once the task is theirs, so are its runs.
      await server.db.query('UPDATE blade_task SET create_user = $1 WHERE id = $2', [narrowed.testerId, taskId]);
      expect(await runs()).toBe(1);
      expect((await api(`${TASK}/run-detail?id=${runId}`, { token: tester })).body.data.id).toBe(runId);
    } finally {
      await narrowed.restore();
      await act('end', taskId);
    }
  });
});

describe('a run with the real agent on loopback', () => {
  it('runs passing, failing and overlong python scripts and writes the record and the report', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['pass', 'fail', 'slow']);
    const agent = startAgent(terminal.code, token);
    // The limit leaves a busy machine time to start python for the quick cases; the slow one sleeps far beyond it.
    expect((await execute(taskId, { timeLimitSeconds: 6 })).body.code).toBe(200);

    const run = await until('the run to finish', async () => {
      const current = await latestRun(taskId);
      return current && current.runStatus === RUN_STATUS.failed ? current : undefined;
    }, 30000).catch((error) => {
      throw new Error(`${error.message}\n${agent.output.join('')}`);
    });
    const cases = run.cases as { caseStatus: string; exitCode: number; log: string; durationMs: number; message: string }[];
    expect(cases.map((item) => item.caseStatus)).toEqual(['passed', 'failed', 'timeout']);
    expect(cases.map((item) => item.exitCode)).toEqual([0, 1, -1]);
    expect(cases[0].log).toContain('hello from the passing case ✓ 通过');
    expect(cases[1].log).toContain('about to fail');
    expect(cases[1].log).toContain('boom');
    expect(cases[2].log).toContain('slow case started');
    expect(cases[2].message).toBe('超过时限 6 秒');
    expect(cases[2].durationMs).toBeGreaterThanOrEqual(6000);
    expect(cases[2].durationMs).toBeLessThan(20000);
    expect(store.downloads.filter((key) => key.startsWith('000000/script/') && key.includes(run.taskCode))).toHaveLength(3);

    expect(run).toMatchObject({ passedCount: 1, failedCount: 1, timeoutCount: 1, errorCount: 0, totalCount: 3, executor: '管理员' });
    expect(run.endTime).not.toBe('');
    expect(run.report).toMatchObject({
      taskSummary: '1 passed / 2 failed of 3',
      startTime: run.startTime,
      endTime: run.endTime,
      runtimeDurationStr: expect.stringMatching(/秒$/),
    });
    const task = await taskOf(taskId);
    expect(task).toMatchObject({ runStatus: RUN_STATUS.failed, duration: run.duration });
    const record = await api(`/gateway/blade-taskrecord/taskRecord/detail?id=${run.recordId}`, { token: admin });
    expect(record.body.data).toMatchObject({ executionStatus: 3, taskCode: run.taskCode, terminalCode: terminal.code });
    const byRecord = await api(`${TASK}/run-detail?recordId=${run.recordId}`, { token: admin });
    expect(byRecord.body.data.id).toBe(run.id);

    const reports = await api(`${TASK}/reports?taskId=${taskId}`, { token: admin });
    expect(reports.body.data).toMatchObject({ total: 1, records: [{ runId: run.id, taskSummary: '1 passed / 2 failed of 3' }] });
    const trend = await api(`${TASK}/report-trend?taskId=${taskId}`, { token: admin });
    expect(trend.body.data).toEqual([expect.objectContaining({ runId: run.id, passedCount: 1, totalCount: 3, passRate: 0.3333 })]);

    const shown = await api(`${TERMINAL}/detail?id=${terminal.id}`, { token: admin });
    expect(shown.body.data.lastHeartbeat).not.toBe('');
    expect(shown.body.data.runningStatus).toBe(1);
    const info = await api(`${TERMINAL}/agent?id=${terminal.id}`, { token: admin });
    expect(info.body.data).toMatchObject({ hasToken: true, runningStatus: 1 });

    agent.kill('SIGTERM');
    expect(await exited(agent)).toBe(0);
  }, 60000);

  it("spreads a task's cases over its own and its child tasks' terminals, and reports what its cases did", async () => {
    const own = await insertTerminal('000000');
    const added = await insertTerminal('000000');
    const idle = await insertTerminal('000000');
    const { taskId, taskCode } = await insertTask('000000', own.id, ['pass', 'fail', 'pass', 'pass']);
    // A child task naming a second terminal, with cases of its own.
    const child = await insertTask('000000', added.id, ['pass', 'pass', 'fail', 'pass']);
    await server.db.query('UPDATE blade_task SET parent_id = $2, task_level = 2 WHERE id = $1', [child.taskId, taskId]);
    const agentsStarted = [startAgent(own.code, await issue(own.id)), startAgent(added.code, await issue(added.id)), startAgent(idle.code, await issue(idle.id))];
    const started = await execute(taskId);
    expect(started.body.data[0].terminalIds).toEqual([own.id, added.id]);

    const run = await until('the run to finish', async () => {
      const current = await latestRun(taskId);
      return current && current.endTime ? current : undefined;
    }, 60000).catch((error) => {
      throw new Error(`${error.message}\n${agentsStarted.flatMap((agent) => agent.output).join('')}`);
    });
    const cases = run.cases as { caseStatus: string; terminalId: string; log: string }[];
    expect(cases).toHaveLength(8);
    // Both terminals of the task took cases; a terminal the task does not name took none.
    expect(new Set(cases.map((item) => item.terminalId))).toEqual(new Set([own.id, added.id]));
    expect(cases.filter((item) => item.caseStatus === 'passed').every((item) => item.log.includes('hello from the passing case'))).toBe(true);
    // The report says what the cases did.
    const passed = cases.filter((item) => item.caseStatus === 'passed').length;
    expect(passed).toBe(6);
    expect(run).toMatchObject({ runStatus: RUN_STATUS.failed, passedCount: passed, failedCount: 2, totalCount: 8, taskCode });
    expect(run.report).toMatchObject({ totalCount: 8, passedCount: passed, taskSummary: `${passed} passed / 2 failed of 8` });
    for (const agent of agentsStarted) agent.kill('SIGTERM');
    await Promise.all(agentsStarted.map(exited));
  }, 90000);

  it("keeps the files a script writes into its output folder as the case's attachments, within the limits", async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['attach', 'pass']);
    // The tenant's enabled store takes them: here the embedded one, not the installation's default (the loopback store).
    const oss = '/api/blade-resource/oss';
    expect((await api(`${oss}/submit`, { token: admin, json: { category: 0, ossCode: `attach-${taskId.slice(-6)}` } })).body.code).toBe(200);
    const setting = (await api(`${oss}/list?size=100`, { token: admin })).body.data.records.find((row: { ossCode: string }) => row.ossCode === `attach-${taskId.slice(-6)}`);
    expect((await api(`${oss}/enable?id=${setting.id}`, { token: admin, method: 'POST' })).body.code).toBe(200);
    try {
      const agent = startAgent(terminal.code, token);
      await execute(taskId);
      const run = await until('the run to finish', async () => {
        const current = await latestRun(taskId);
        return current && current.runStatus === RUN_STATUS.failed ? current : undefined;
      }, 30000).catch((error) => {
        throw new Error(`${error.message}\n${agent.output.join('')}`);
      });
      const [failed, passed] = run.cases;
      expect(failed.caseStatus).toBe('failed');
      expect(failed.attachments.map((item: { fileName: string; fileSize: number }) => [item.fileName, item.fileSize])).toEqual([
        ['report.txt', Buffer.byteLength('结果: 登录失败\n')],
        ['shots/screen.png', 256 * 160],
      ]);
      expect(passed.attachments).toEqual([]);
      // What was not kept says why, in the case's log, after the script's own output; the agent went on.
      expect(failed.log).toContain('wrote evidence to');
      expect(failed.log).toContain('附件 report.txt 已上传');
      expect(failed.log).toContain('附件 zz-big.bin 大小 68.4 KB 超过单个附件上限 64 KB，未上传');
      expect(failed.log).toContain('附件 zzz-more.bin 未上传：本用例附件合计超过上限 100 KB');
      expect(passed.caseStatus).toBe('passed');

      const [placed] = await server.db.query<{ oss_id: string }>(
        `SELECT o.oss_id::text AS oss_id FROM blade_oss_object o JOIN blade_task_run_case_attachment a ON a.object_key = o.object_key WHERE a.id = $1`,
        [failed.attachments[1].id],
      );
      expect(placed.oss_id).toBe(setting.id);
      const download = await fetch(`${server.url}${TASK}/run-attachment?id=${failed.attachments[1].id}`, {
        headers: { 'Blade-Auth': `bearer ${admin}`, Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain('filename="screen.png"');
      expect(Buffer.from(await download.arrayBuffer())).toEqual(Buffer.from(new Uint8Array(256 * 160).map((_, index) => index % 256)));
      // Another tenant's user cannot reach it by its id.
      expect((await api(`${TASK}/run-attachment?id=${failed.attachments[0].id}`, { token: other })).body).toMatchObject({ code: 400, msg: '附件不存在' });

      // The report viewer's case log lists them, and downloads them with the token it was opened with.
      const log = await api(`/api/blade-report/report/rest/case-log?id=${failed.id}`, { token: admin });
      expect(log.body.data.attachments.map((item: { fileName: string }) => item.fileName)).toEqual(['report.txt', 'shots/screen.png']);
      const viaReport = await fetch(`${server.url}/api/blade-report/report/rest/case-attachment?id=${failed.attachments[0].id}&blade-auth=${encodeURIComponent(`bearer ${admin}`)}`, {
        headers: { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' },
      });
      expect(await viaReport.text()).toBe('结果: 登录失败\n');

      // The export names them: a column of the workbook, `[[ATTACHMENT|…]]` lines in JUnit's system-out.
      const xlsx = await fetch(`${server.url}${TASK}/run-export?id=${run.id}&format=xlsx`, {
        headers: { 'Blade-Auth': `bearer ${admin}`, Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await xlsx.arrayBuffer());
      const sheet = workbook.worksheets[0];
      const column = (sheet.getRow(1).values as string[]).indexOf('附件');
      expect([sheet.getRow(2).getCell(column).value, sheet.getRow(3).getCell(column).value]).toEqual(['report.txt\nshots/screen.png', null]);
      const junit = (await api(`${TASK}/run-export?id=${run.id}&format=junit`, { token: admin })).text;
      expect(junit).toMatch(/<failure [^>]*>[^<]*<\/failure>\n\s*<system-out>\[\[ATTACHMENT\|report.txt\]\]\n\[\[ATTACHMENT\|shots\/screen.png\]\]<\/system-out>/);

      agent.kill('SIGTERM');
      expect(await exited(agent)).toBe(0);
    } finally {
      // Back to the installation's store for the other cases of this file (the enabled setting cannot be stopped by hand).
      await server.db.query('UPDATE blade_oss SET status = 1 WHERE id = $1', [setting.id]);
    }
  }, 60000);

  it('refuses an attachment over the limit or of a case not running, with the reason', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['pass']);
    await execute(taskId);
    const claimed = (await agentCall('next?wait=0', token)).body.data;
    expect(claimed.attachmentLimits).toEqual({ fileBytes: 64 * 1024, caseBytes: 100 * 1024, caseFiles: 50 });
    const upload = (caseId: string, name: string, bytes: Uint8Array<ArrayBuffer>) => {
      const form = new FormData();
      form.set('file', new Blob([bytes]), 'file');
      return fetch(`${server.url}${AGENT}/attachment?caseId=${caseId}&name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Terminal-Code': terminal.code },
        body: form,
      }).then((response) => response.json());
    };
    // Just over the limit (a body far over it is cut off unread, as every over-long body is: not on this connection).
    expect(await upload(claimed.caseId, 'big.bin', new Uint8Array(65 * 1024))).toMatchObject({
      code: 400,
      msg: '附件 big.bin 大小 65 KB 超过单个附件上限 64 KB，未上传',
    });
    expect(await upload(claimed.caseId, '../../etc/a.txt', new Uint8Array(3))).toMatchObject({ code: 200, data: { fileName: 'etc/a.txt', fileSize: 3 } });
    await agentCall('result', token, { caseId: claimed.caseId, status: 'passed', durationMs: 1 });
    expect(await upload(claimed.caseId, 'late.txt', new Uint8Array(3))).toMatchObject({ code: 400, msg: '用例不在执行中，附件未保存' });
  });

  it('kills the running case when the run is ended', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['slow', 'pass']);
    const agent = startAgent(terminal.code, token);
    await execute(taskId);
    await until('the slow case to run', async () => (await latestRun(taskId))?.cases[0].log.includes('slow case started'));
    expect((await act('end', taskId)).body.data.runStatus).toBe(RUN_STATUS.terminated);
    const run = await until('the killed case to be reported', async () => {
      const current = await latestRun(taskId);
      return current.cases[0].caseStatus === 'terminated' ? current : undefined;
    }, 10000);
    expect(run.cases.map((item: { caseStatus: string }) => item.caseStatus)).toEqual(['terminated', 'cancelled']);
    expect(run.runStatus).toBe(RUN_STATUS.terminated);
    agent.kill('SIGTERM');
    expect(await exited(agent)).toBe(0);
  }, 30000);

  it('reports a script it cannot start as an error, and a case cut short by stopping the agent', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const broken = await insertTask('000000', terminal.id, ['pass']);
    const noPython = startAgent(terminal.code, token, ['--python', '/nonexistent/python3']);
    await execute(broken.taskId);
    const failed = await until('the error result', async () => {
      const current = await latestRun(broken.taskId);
      return current?.endTime ? current : undefined;
    });
    expect(failed.cases[0]).toMatchObject({ caseStatus: 'error', message: expect.stringContaining('无法启动 /nonexistent/python3') });
    expect(failed.errorCount).toBe(1);
    noPython.kill('SIGTERM');
    expect(await exited(noPython)).toBe(0);

    const slow = await insertTask('000000', terminal.id, ['slow']);
    const agent = startAgent(terminal.code, token);
    await execute(slow.taskId);
    await until('the slow case to run', async () => (await latestRun(slow.taskId))?.cases[0].log.includes('slow case started'));
    agent.kill('SIGINT');
    expect(await exited(agent)).toBe(0);
    const stopped = await latestRun(slow.taskId);
    expect(stopped.cases[0]).toMatchObject({ caseStatus: 'error', message: '终端代理已停止' });
    expect(stopped.runStatus).toBe(RUN_STATUS.failed);
  }, 30000);

  it('fails the running case with 终端失联 once a lost agent misses the grace period, and shows the terminal offline', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['medium']);
    const agent = startAgent(terminal.code, token);
    await execute(taskId);
    await until('the case to run', async () => (await latestRun(taskId))?.cases[0].log.includes('medium case started'));
    process.kill(-agent.pid!, 'SIGKILL');
    const lostAt = Date.now();

    const run = await until('the watchdog', async () => {
      const current = await latestRun(taskId);
      return current.runStatus === RUN_STATUS.failed ? current : undefined;
    }, 15000);
    expect(Date.now() - lostAt).toBeGreaterThanOrEqual((GRACE_SECONDS - 1.5) * 1000);
    expect(run.cases[0]).toMatchObject({ caseStatus: 'error', message: '终端失联' });
    expect(run.errorCount).toBe(1);
    expect(run.report.taskSummary).toBe('0 passed / 1 failed of 1');
    const shown = await until('the terminal to show offline', async () => {
      const detail = await api(`${TERMINAL}/detail?id=${terminal.id}`, { token: admin });
      return detail.body.data.runningStatus === 0 ? detail.body.data : undefined;
    });
    expect(shown.terminalCode).toBe(terminal.code);
  }, 30000);
});

describe('the demo task', () => {
  it('is seeded with three shipped scripts on TM-001 and runs: one passes, one fails, one is slow', async () => {
    const demo = await until('the demo task', async () => {
      const answer = await api(`${TASK}/list?taskCode=DEMO-RUN-001`, { token: admin });
      return answer.body.data.records[0] as { id: string; terminalId: string } | undefined;
    });
    const terminal = await api(`${TERMINAL}/detail?id=${demo.terminalId}`, { token: admin });
    expect(terminal.body.data.terminalCode).toBe('TM-001');
    const token = await issue(demo.terminalId);
    const agent = startAgent('TM-001', token);
    expect((await execute(demo.id)).body.code).toBe(200);
    const run = await until('the demo run to finish', async () => {
      const current = await latestRun(demo.id);
      return current && current.endTime !== '' ? current : undefined;
    }, 40000);
    expect(run.cases.map((item: { caseStatus: string }) => item.caseStatus)).toEqual(['passed', 'failed', 'passed']);
    expect(run.cases[1].log).toContain('checksum mismatch');
    expect(run.cases[2].log).toContain('soak test finished');
    expect(run.report.taskSummary).toBe('2 passed / 1 failed of 3');
    agent.kill('SIGTERM');
    expect(await exited(agent)).toBe(0);
  }, 60000);
});

describe('a server closed right after its first start', () => {
  it('has finished seeding the demo task in the background before its database closed', async () => {
    const fresh = freshDataDir('blade-execution-close-');
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    // A slow store: the demo's scripts are still being put when the close comes.
    const slowStore: ObjectStore = {
      presignPut: (...args) => store.presignPut(...args),
      presignGet: (...args) => store.presignGet(...args),
      putObject: (...args) => store.putObject(...args),
      deleteObject: (...args) => store.deleteObject(...args),
      describe: () => store.describe(),
      getObject: async (key) => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        return store.getObject(key);
      },
    };
    try {
      const first = await startServer({ port: 0, dataDir: fresh, adminPassword: ADMIN_PASSWORD, captcha: false }, { resources: registry, storage: slowStore });
      await first.close();
      expect(errors).toEqual([]);
      const db = await openDb({ dataDir: fresh });
      const tasks = await db.query('SELECT task_code FROM blade_task WHERE task_code = $1', ['DEMO-RUN-001']);
      await db.close();
      expect(tasks).toEqual([{ task_code: 'DEMO-RUN-001' }]);
    } finally {
      spy.mockRestore();
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60000);
});

describe('terminal tokens', () => {
  it('keeps each tenant to its own executions', async () => {
    const mine = await insertTerminal('000000');
    const { taskId } = await insertTask('000000', mine.id, ['pass']);
    await execute(taskId);
    const myRun = await latestRun(taskId);

    const theirs = await insertTerminal(OTHER.tenantId);
    const theirToken = await issue(theirs.id, other);
    expect((await agentCall('heartbeat', theirToken, {}, theirs.code)).body.data).toMatchObject({ terminalCode: theirs.code, kill: false });
    expect((await agentCall('next?wait=0', theirToken)).body).toMatchObject({ code: 200, data: null });
    const caseId = myRun.cases[0].id;
    expect((await agentCall('log', theirToken, { caseId, chunk: 'injected' })).body.data).toEqual({ kill: true });
    expect((await agentCall('result', theirToken, { caseId, status: 'passed', durationMs: 1 })).body.data).toEqual({ accepted: false });
    expect((await latestRun(taskId)).cases[0]).toMatchObject({ caseStatus: 'pending', log: '' });

    // Their users see none of it either.
    expect((await api(`${TASK}/run-detail?id=${myRun.id}`, { token: other })).body.code).toBe(400);
    expect((await api(`${TASK}/runs?taskId=${taskId}`, { token: other })).body.data.total).toBe(0);
    expect((await api(`${TASK}/reports?taskId=${taskId}`, { token: other })).body.data.total).toBe(0);
    expect((await execute(taskId, {}, other)).body.msg).toBe(`任务不存在: ${taskId}`);
    expect((await act('end', taskId, other)).body.code).toBe(400);
    expect((await api(`${TERMINAL}/issueToken?id=${mine.id}`, { token: other, method: 'POST' })).body.msg).toBe(`终端不存在: ${mine.id}`);
    await act('end', taskId);
  });

  it('authenticates only the agent endpoints, only for its terminal, and not once revoked or replaced', async () => {
    const terminal = await insertTerminal('000000');
    const first = await issue(terminal.id);
    expect((await agentCall('heartbeat', first, {}, terminal.code)).body.code).toBe(200);
    expect((await agentCall('heartbeat', first, {}, 'SOMEONE-ELSE')).body).toMatchObject({ code: 401, msg: '请求未授权' });
    expect((await agentCall('heartbeat', 'bta_forged', {})).body.code).toBe(401);
    expect((await agentCall('heartbeat', admin, {})).body.code).toBe(401);
    // A terminal token is no user token.
    expect((await api(`${TASK}/list`, { headers: { 'Blade-Auth': `bearer ${first}` } })).body.code).toBe(401);
    expect((await api(`${TASK}/list`, { headers: { Authorization: `Bearer ${first}` } })).body.code).toBe(401);

    const second = await issue(terminal.id);
    expect((await agentCall('heartbeat', first, {})).body.code).toBe(401);
    expect((await agentCall('heartbeat', second, {})).body.code).toBe(200);
    expect((await api(`${TERMINAL}/revokeToken?id=${terminal.id}`, { token: admin, method: 'POST' })).body.code).toBe(200);
    expect((await agentCall('heartbeat', second, {})).body.code).toBe(401);
    expect((await agentCall('next?wait=0', second)).body.code).toBe(401);
    expect((await api(`${TERMINAL}/agent?id=${terminal.id}`, { token: admin })).body.data.hasToken).toBe(false);

    // The agent gives up on a refused token instead of retrying forever.
    const agent = startAgent(terminal.code, second);
    expect(await exited(agent)).toBe(3);
  }, 30000);

  it('fails the case a restarted agent left behind, and keeps the last 64 KiB of a log', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const { taskId } = await insertTask('000000', terminal.id, ['pass', 'pass']);
    await execute(taskId);
    const first = (await agentCall('next?wait=0', token)).body.data;
    const big = `${'a'.repeat(40 * 1024)}${'b'.repeat(40 * 1024)}`;
    await agentCall('log', token, { caseId: first.caseId, chunk: big });
    await agentCall('log', token, { caseId: first.caseId, chunk: 'END' });
    // The agent restarts and asks for work: whatever it was running is gone.
    const second = (await agentCall('next?wait=0', token)).body.data;
    expect(second.caseId).not.toBe(first.caseId);
    const run = await latestRun(taskId);
    expect(run.cases[0]).toMatchObject({ caseStatus: 'error', message: '终端代理重启，用例中断' });
    expect(run.cases[0].log).toHaveLength(64 * 1024);
    expect(run.cases[0].log.endsWith('bEND')).toBe(true);
    expect((await agentCall('log', token, { caseId: first.caseId, chunk: 'late' })).body.data).toEqual({ kill: true });
    await act('end', taskId);
  });

  it('starts several tasks in one call, all or none', async () => {
    const terminal = await insertTerminal('000000');
    const a = await insertTask('000000', terminal.id, ['pass']);
    const empty = await insertTask('000000', terminal.id, []);
    const refused = await api(`${TASK}/execute`, { token: admin, json: { ids: [a.taskId, empty.taskId] } });
    expect(refused.body.msg).toBe(`任务「${empty.taskCode}」没有测试用例`);
    expect((await taskOf(a.taskId)).runStatus).toBe(RUN_STATUS.notStarted);
    expect((await api(`${TASK}/runs?taskId=${a.taskId}`, { token: admin })).body.data.total).toBe(0);

    const b = await insertTask('000000', terminal.id, ['fail']);
    const both = await api(`${TASK}/execute`, { token: admin, json: { ids: `${a.taskId},${b.taskId}` } });
    expect(both.body.data.map((run: { taskId: string }) => run.taskId)).toEqual([a.taskId, b.taskId]);
    for (const id of [a.taskId, b.taskId]) {
      expect((await taskOf(id)).runStatus).toBe(RUN_STATUS.queued);
      await act('end', id);
    }
  });

  it('answers malformed agent bodies with 400', async () => {
    const terminal = await insertTerminal('000000');
    const token = await issue(terminal.id);
    const wrong = await agentCall('result', token, { caseId: '1', status: 'exploded', durationMs: 1 });
    expect(wrong.body.code).toBe(400);
    expect(wrong.body.msg).toContain('status');
    expect((await agentCall('log', token, { caseId: 'x', chunk: '' })).body.msg).toContain('caseId');
    expect((await agentCall('next?wait=abc', token)).body.code).toBe(400);
    const huge = await agentCall('log', token, { caseId: '1', chunk: 'x'.repeat(600 * 1024) });
    expect(huge.body).toMatchObject({ code: 413, msg: '请求体过大' });
  });
});
