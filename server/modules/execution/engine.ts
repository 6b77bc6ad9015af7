import {
  RUN_STATUS,
  isActive,
  statesAllowing,
  toRunStatus,
  transition,
  type RunAction,
  type RunStatus,
} from '../../../resources/task/runStatus';
import type { BladeUser } from '../../blade/context';
import { badRequest } from '../../blade/errors';
import { nextId } from '../../blade/ids';
import { SqlParams } from '../../blade/query';
import { scopedWhere, tenantRows, tenantWhere } from '../../blade/scope';
import { formatDateTime } from '../../blade/serializer';
import type { Db } from '../../db/types';
import { sendMessage } from '../../messages/send';
import type { AttachmentLimits } from '../../../agent/outputFolder';

/**
 * The run engine: a task's execution on its terminal. Every state change is a conditional UPDATE (or happens under
 * the task's row lock), so several server processes and the watchdog never apply one twice.
 */

/** Execution statuses of the record (dictionary `task_execution_status`). */
export const RECORD_STATUS = { waiting: 0, executing: 1, succeeded: 2, failed: 3, cancelled: 4 } as const;

/** Terminal running statuses (dictionary `terminal_running_status`). */
export const TERMINAL_STATUS = { offline: 0, idle: 1, busy: 2 } as const;

export const CASE_RESULTS = ['passed', 'failed', 'error', 'timeout', 'terminated'] as const;
export type CaseResult = (typeof CASE_RESULTS)[number];

/** The log of one case keeps its last 64 KiB: the end of a failing script's output is what explains it. */
export const LOG_CAP = 64 * 1024;

export const LOST_TERMINAL_MESSAGE = '终端失联';
export const AGENT_RESTARTED_MESSAGE = '终端代理重启，用例中断';

export interface ExecutionSettings {
  /** A running case whose terminal has not been heard of for this long fails with 终端失联. */
  graceSeconds: number;
  /** A terminal with an agent token is shown offline after this long without a heartbeat. */
  offlineSeconds: number;
  /** Time limit of one case unless `execute` names another. */
  defaultTimeLimitSeconds: number;
  /** What a case may keep of the files its script leaves in its output folder. */
  attachments: AttachmentLimits;
}

const nowText = () => formatDateTime(new Date());
/** Stored timestamps are the server's local time, as `formatDateTime` writes them. */
const parseTime = (text: string) => new Date(String(text).replace(' ', 'T'));
const secondsBetween = (start: string, end: string) =>
  Math.max(0, Math.round((parseTime(end).getTime() - parseTime(start).getTime()) / 1000));
const secondsAgo = (seconds: number) => formatDateTime(new Date(Date.now() - seconds * 1000));

/** `1小时2分3秒`, without the leading zero units. */
export function durationText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}小时${m}分${s}秒`;
  if (m > 0) return `${m}分${s}秒`;
  return `${s}秒`;
}

const inList = (states: RunStatus[]) => `(${states.join(',')})`;

interface TaskRow {
  id: string;
  tenant_id: string;
  task_code: string | null;
  task_name: string | null;
  run_status: number | null;
  terminal_id: string | null;
  project_code: string | null;
}

export interface RunRow {
  id: string;
  tenant_id: string;
  task_id: string;
  terminal_id: string;
  record_id: string | null;
  run_status: number;
  start_time: string;
}

function refuseUnless(status: RunStatus, action: RunAction, facts: Parameters<typeof transition>[2] = {}): RunStatus {
  const result = transition(status, action, facts);
  if (!result.ok) throw badRequest(result.message);
  return result.to;
}

/** The caller's task (its data scope applies: a task the caller cannot see cannot be run or stopped), locked. */
async function lockTask(tx: Db, user: BladeUser, taskId: string): Promise<TaskRow> {
  const scope = scopedWhere(user, { alias: 't', resource: 'task' }, 't.id = $1', [taskId]);
  const [task] = await tx.query<TaskRow>(
    `SELECT t.id, t.tenant_id, t.task_code, t.task_name, t.run_status, t.terminal_id, p.project_code
     FROM blade_task t LEFT JOIN blade_project p ON p.id = t.project_id AND p.tenant_id = t.tenant_id
     WHERE ${scope.where} FOR UPDATE OF t`,
    scope.values,
  );
  if (!task) throw badRequest(`任务不存在: ${taskId}`);
  return task;
}

const taskLabel = (task: TaskRow) => task.task_code || task.task_name || task.id;

interface PlannedCase {
  test_case_id: string;
  case_code: string | null;
  case_title: string | null;
  script_path: string | null;
}

/** The task's cases, then those of its child tasks, in their order. */
async function casesOf(tx: Db, task: TaskRow): Promise<PlannedCase[]> {
  // The task was read through the seam; its cases (picked into it) are its tenant's rows.
  const params = new SqlParams();
  const taskId = params.add(task.id);
  const links = tenantRows(task.tenant_id, params, { alias: 'l' });
  const childTasks = tenantRows(task.tenant_id, params);
  return tx.query<PlannedCase>(
    `SELECT tc.id AS test_case_id, tc.case_code, tc.case_title, s.script_path
     FROM blade_task_test_case l
     JOIN blade_test_case tc ON tc.id = l.test_case_id AND tc.tenant_id = l.tenant_id AND tc.is_deleted = 0
     LEFT JOIN blade_test_script s ON s.id = tc.test_script_id AND s.tenant_id = tc.tenant_id AND s.is_deleted = 0
     WHERE ${links.join(' AND ')}
       AND (l.task_id = ${taskId} OR l.task_id IN (SELECT id FROM blade_task WHERE parent_id = ${taskId} AND ${childTasks.join(' AND ')}))
     ORDER BY (l.task_id <> ${taskId}), l.task_id, l.sort NULLS LAST, l.id`,
    params.values,
  );
}

/**
 * The test object on the run's terminal and the version under test: the object's baseline version as it is now (the
 * terminal keeps a copy from when it was picked, used when the object is gone). Recorded with the run, so its export
 * still says what was tested after the object's baseline moves on.
 */
async function testObjectOf(tx: Db, user: BladeUser, terminalId: string) {
  const scope = scopedWhere(user, { alias: 'l' }, 'l.terminal_id = $1', [terminalId]);
  const [object] = await tx.query<{ device_code: string | null; baseline_version: string | null }>(
    `SELECT o.device_code, coalesce(o.baseline_version, l.baseline_version) AS baseline_version
     FROM blade_terminal_test_object l
     LEFT JOIN blade_test_object o ON o.id = l.test_object_id AND o.tenant_id = l.tenant_id AND o.is_deleted = 0
     WHERE ${scope.where} ORDER BY l.id DESC LIMIT 1`,
    scope.values,
  );
  return object;
}

export interface StartedRun {
  taskId: string;
  runId: string;
  recordId: string;
  terminalId: string;
  /** Every terminal the run's cases may go to (the first is `terminalId`): each waiting agent is woken. */
  terminalIds: string[];
}

/**
 * The terminals a run of the task spreads its cases over: the task's own, then its child tasks' (a child task names
 * the terminal its bench adds), each once, those the caller may reference.
 */
async function terminalsOf(tx: Db, user: BladeUser, task: TaskRow): Promise<{ id: string; terminal_code: string | null }[]> {
  const scope = scopedWhere(
    user,
    { alias: 'm' },
    `m.id IN (SELECT terminal_id FROM blade_task WHERE (id = $1 OR parent_id = $1) AND terminal_id IS NOT NULL AND is_deleted = 0)`,
    [task.id],
  );
  const rows = await tx.query<{ id: string; terminal_code: string | null }>(
    `SELECT m.id, m.terminal_code FROM blade_terminal m WHERE ${scope.where} ORDER BY m.id`,
    scope.values,
  );
  // The task's own terminal leads: the run is recorded on it.
  return [...rows.filter((row) => String(row.id) === String(task.terminal_id)), ...rows.filter((row) => String(row.id) !== String(task.terminal_id))];
}

/** `execute`: a run with one pending case per case of the task, its execution record, the task 排队中. */
export async function startRun(tx: Db, user: BladeUser, taskId: string, timeLimitSeconds: number): Promise<StartedRun> {
  const task = await lockTask(tx, user, taskId);
  const to = refuseUnless(toRunStatus(task.run_status), 'start');
  // The task's own terminal, as its form picked it, and its child tasks' (references: tenant, not data scope).
  const terminals = await terminalsOf(tx, user, task);
  const [terminal] = terminals;
  if (!terminal) throw badRequest(`任务「${taskLabel(task)}」未指定执行终端`);
  const cases = await casesOf(tx, task);
  if (cases.length === 0) throw badRequest(`任务「${taskLabel(task)}」没有测试用例`);
  const unscripted = cases.find((planned) => !planned.script_path);
  if (unscripted) throw badRequest(`用例「${unscripted.case_code || unscripted.case_title || unscripted.test_case_id}」未关联脚本`);

  const underTest = await testObjectOf(tx, user, terminal.id);

  const now = nowText();
  const executor = user.realName || user.account;
  const audit = [user.userId, user.deptId.split(',')[0] || null, now];
  const recordId = nextId();
  await tx.query(
    `INSERT INTO blade_task_record (id, tenant_id, project_code, task_code, terminal_code, execution_status, executor, execute_time,
       create_user, create_dept, create_time, update_user, update_time, status, is_deleted)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9, $11, 1, 0)`,
    [recordId, user.tenantId, task.project_code, task.task_code, terminal.terminal_code, RECORD_STATUS.waiting, executor, now, ...audit],
  );
  const runId = nextId();
  await tx.query(
    `INSERT INTO blade_task_run (id, tenant_id, task_id, task_code, terminal_id, terminal_code, record_id, run_status,
       time_limit_seconds, start_time, executor, total_count, create_user, create_dept, create_time, update_user, update_time,
       test_object_code, baseline_version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $13, $15, $16, $17)`,
    [
      runId, user.tenantId, task.id, task.task_code, terminal.id, terminal.terminal_code, recordId, to, timeLimitSeconds, now, executor,
      cases.length, ...audit, underTest?.device_code ?? null, underTest?.baseline_version ?? null,
    ],
  );
  for (const { id } of terminals) {
    await tx.query('INSERT INTO blade_task_run_terminals (run_id, terminal_id, tenant_id) VALUES ($1, $2, $3)', [runId, id, user.tenantId]);
  }
  for (const [index, planned] of cases.entries()) {
    await tx.query(
      `INSERT INTO blade_task_run_case (id, tenant_id, run_id, terminal_id, test_case_id, case_code, case_title, script_key, sort,
         create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $10, $12)`,
      [nextId(), user.tenantId, runId, terminal.id, planned.test_case_id, planned.case_code, planned.case_title, planned.script_path, index + 1, ...audit],
    );
  }
  await tx.query(
    `UPDATE blade_task SET run_status = $2, start_time = $3, end_time = NULL, duration = NULL, update_time = $3, update_user = $4
     WHERE id = $1`,
    [task.id, to, now, user.userId],
  );
  return { taskId: task.id, runId, recordId, terminalId: terminal.id, terminalIds: terminals.map((row) => String(row.id)) };
}

/** The task's latest run, if it is still going. */
async function activeRunOf(tx: Db, tenantId: string, taskId: string): Promise<RunRow | undefined> {
  const scope = tenantWhere(tenantId, {}, 'task_id = $1', [taskId]);
  const [run] = await tx.query<RunRow>(
    `SELECT id, tenant_id, task_id, terminal_id, record_id, run_status, start_time FROM blade_task_run
     WHERE ${scope.where} ORDER BY start_time DESC, id DESC LIMIT 1`,
    scope.values,
  );
  return run && isActive(toRunStatus(run.run_status)) ? run : undefined;
}

export interface TaskState {
  id: string;
  runStatus: RunStatus;
  runId: string | null;
  terminalId: string | null;
  /** The run's terminals, whose waiting agents learn of the change. */
  terminalIds: string[];
}

async function runTerminals(tx: Db, runId: string): Promise<string[]> {
  const rows = await tx.query<{ terminal_id: string }>('SELECT terminal_id FROM blade_task_run_terminals WHERE run_id = $1', [runId]);
  return rows.map((row) => String(row.terminal_id));
}

/** `pause`, `resume` or `end` of a task's current run, through the state machine. */
export async function changeRun(tx: Db, user: BladeUser, taskId: string, action: 'pause' | 'resume' | 'end'): Promise<TaskState> {
  const task = await lockTask(tx, user, taskId);
  const run = await activeRunOf(tx, user.tenantId, taskId);
  const caseRunning = run
    ? (await tx.query(`SELECT 1 FROM blade_task_run_case WHERE run_id = $1 AND case_status = 'running' LIMIT 1`, [run.id])).length > 0
    : false;
  const to = refuseUnless(toRunStatus(task.run_status), action, { caseRunning });
  const now = nowText();
  const terminalIds = run ? await runTerminals(tx, run.id) : [];
  if (run) {
    await tx.query(
      `UPDATE blade_task_run SET run_status = $2, update_time = $3, update_user = $4 WHERE id = $1 AND run_status IN ${inList(statesAllowing(action))}`,
      [run.id, to, now, user.userId],
    );
  }
  if (action !== 'end') {
    await tx.query('UPDATE blade_task SET run_status = $2, update_time = $3, update_user = $4 WHERE id = $1', [task.id, to, now, user.userId]);
    return { id: task.id, runStatus: to, runId: run?.id ?? null, terminalId: run?.terminal_id ?? null, terminalIds };
  }
  // End: nothing more starts; a running case is killed by its agent, which is told on its next call.
  if (run) {
    await tx.query(`UPDATE blade_task_run_case SET case_status = 'cancelled', update_time = $2 WHERE run_id = $1 AND case_status = 'pending'`, [run.id, now]);
    await closeRun(tx, run, to, now);
  } else {
    await tx.query(
      `UPDATE blade_task SET run_status = $2, end_time = $3, duration = CASE WHEN start_time IS NULL THEN NULL
         ELSE GREATEST(0, EXTRACT(EPOCH FROM ($3::timestamp - start_time)))::int END, update_time = $3 WHERE id = $1`,
      [task.id, to, now],
    );
  }
  return { id: task.id, runStatus: to, runId: run?.id ?? null, terminalId: run?.terminal_id ?? null, terminalIds };
}

interface Counts {
  total: number;
  passed: number;
  failed: number;
  error: number;
  timeout: number;
  terminated: number;
  open: number;
}

async function countsOf(tx: Db, runId: string): Promise<Counts> {
  const rows = await tx.query<{ case_status: string; n: string }>(
    'SELECT case_status, count(*) AS n FROM blade_task_run_case WHERE run_id = $1 GROUP BY case_status',
    [runId],
  );
  const by = Object.fromEntries(rows.map((row) => [row.case_status, Number(row.n)]));
  const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
  return {
    total,
    passed: by.passed ?? 0,
    failed: by.failed ?? 0,
    error: by.error ?? 0,
    timeout: by.timeout ?? 0,
    terminated: by.terminated ?? 0,
    open: (by.pending ?? 0) + (by.running ?? 0),
  };
}

/** Writes the end of a run (already moved to its final state `to` or about to be): run, task, record and report. */
async function closeRun(tx: Db, run: RunRow, to: RunStatus, now: string): Promise<void> {
  const counts = await countsOf(tx, run.id);
  const duration = secondsBetween(run.start_time, now);
  await tx.query(
    `UPDATE blade_task_run SET run_status = $2, end_time = $3, duration = $4, passed_count = $5, failed_count = $6,
       error_count = $7, timeout_count = $8, total_count = $9, update_time = $3 WHERE id = $1`,
    [run.id, to, now, duration, counts.passed, counts.failed, counts.error, counts.timeout, counts.total],
  );
  await tx.query('UPDATE blade_task SET run_status = $2, end_time = $3, duration = $4, update_time = $3 WHERE id = $1', [
    run.task_id,
    to,
    now,
    duration,
  ]);
  const recordStatus =
    to === RUN_STATUS.completed ? RECORD_STATUS.succeeded : to === RUN_STATUS.failed ? RECORD_STATUS.failed : RECORD_STATUS.cancelled;
  if (run.record_id) {
    await tx.query('UPDATE blade_task_record SET execution_status = $2, update_time = $3 WHERE id = $1', [run.record_id, recordStatus, now]);
  }
  const [task] = await tx.query<{ task_code: string | null; task_name: string | null }>(
    'SELECT task_code, task_name FROM blade_task WHERE id = $1',
    [run.task_id],
  );
  const notPassed = counts.failed + counts.error + counts.timeout + counts.terminated;
  const stamp = run.start_time.replace(/\D/g, '').slice(0, 14);
  await tx.query(
    `INSERT INTO blade_test_report (id, tenant_id, run_id, task_id, report_name, task_summary, start_time, end_time,
       runtime_duration_str, total_count, passed_count, pass_rate, create_time, update_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $8, $8) ON CONFLICT (run_id) DO NOTHING`,
    [
      nextId(),
      run.tenant_id,
      run.id,
      run.task_id,
      `${task?.task_name || task?.task_code || run.task_id}-测试报告-${stamp}`,
      `${counts.passed} passed / ${notPassed} failed of ${counts.total}`,
      run.start_time,
      now,
      durationText(duration),
      counts.total,
      counts.passed,
      counts.total === 0 ? 0 : Math.round((counts.passed / counts.total) * 10000) / 10000,
    ],
  );
  if (to === RUN_STATUS.completed || to === RUN_STATUS.failed) await tellRunOwners(tx, run, to, task?.task_name || task?.task_code || run.task_id, counts);
}

/** The one who started the run and the task's creator hear how it ended (a run ended by hand tells nobody). */
async function tellRunOwners(tx: Db, run: RunRow, to: RunStatus, taskLabelText: string, counts: Counts): Promise<void> {
  const [owners] = await tx.query<{ run_user: string | null; task_user: string | null }>(
    `SELECT r.create_user AS run_user, t.create_user AS task_user FROM blade_task_run r JOIN blade_task t ON t.id = r.task_id WHERE r.id = $1`,
    [run.id],
  );
  const notPassed = counts.total - counts.passed;
  await sendMessage(tx, [owners?.run_user, owners?.task_user].filter((id): id is string => !!id).map(String), {
    tenantId: run.tenant_id,
    category: 'run',
    title: `测试任务「${taskLabelText}」${to === RUN_STATUS.completed ? '执行完成' : '执行失败'}`,
    content: `共 ${counts.total} 个用例，通过 ${counts.passed} 个，未通过 ${notPassed} 个`,
    link: `/test/task/${run.task_id}`,
  });
}

/** Finishes a run once none of its cases is pending or running: 已完成 when all passed, else 已失败. */
export async function finishIfDone(db: Db, runId: string): Promise<boolean> {
  // Most results are not a run's last: one look at the run's open cases (an index of them alone) says so, unlocked.
  const open = await db.query(`SELECT 1 FROM blade_task_run_case WHERE run_id = $1 AND case_status IN ('pending', 'running') LIMIT 1`, [runId]);
  if (open.length > 0) return false;
  return db.transaction(async (tx) => {
    const [run] = await tx.query<RunRow>(
      'SELECT id, tenant_id, task_id, terminal_id, record_id, run_status, start_time FROM blade_task_run WHERE id = $1 FOR UPDATE',
      [runId],
    );
    if (!run || !isActive(toRunStatus(run.run_status))) return false;
    const counts = await countsOf(tx, run.id);
    if (counts.open > 0) return false;
    const result = transition(toRunStatus(run.run_status), 'finish', { allPassed: counts.passed === counts.total });
    if (!result.ok) return false;
    // The task row is locked before the run changes, as user actions lock it, so the two never interleave.
    await tx.query('SELECT id FROM blade_task WHERE id = $1 FOR UPDATE', [run.task_id]);
    await closeRun(tx, run, result.to, nowText());
    return true;
  });
}

/** The agent and its terminal, as a token identifies them. */
export interface AgentTerminal {
  terminalId: string;
  tenantId: string;
  terminalCode: string;
}

export interface ClaimedCase {
  caseId: string;
  runId: string;
  taskCode: string;
  testCaseId: string;
  caseCode: string;
  caseTitle: string;
  scriptKey: string;
  scriptName: string;
  timeLimitSeconds: number;
}

/**
 * A heartbeat, in one statement: the terminal's last sign of life and its state (busy while a case of it runs), when
 * its token was last used, and whether the case the agent runs (if it names one) is to be stopped: no longer running
 * (lost, ended) or its run ended.
 */
export async function heartbeat(db: Db, terminal: AgentTerminal, caseId: string | undefined): Promise<{ kill: boolean }> {
  const params = new SqlParams();
  const terminalId = params.add(terminal.terminalId);
  const now = params.add(nowText());
  const ofTenant = (alias?: string) => tenantRows(terminal.tenantId, params, { alias, noLogicalDelete: true }).join(' AND ');
  // The case asked about, if any, as this terminal's (no id: no row joins).
  const asked = `c.id = ${params.add(caseId ?? null)} AND c.terminal_id = ${terminalId} AND ${ofTenant('c')}`;
  const [row] = await db.query<{ case_status: string | null; run_status: number | null }>(
    `WITH touched AS (
       UPDATE blade_terminal SET last_heartbeat = ${now}, running_status = CASE WHEN EXISTS
         (SELECT 1 FROM blade_task_run_case WHERE terminal_id = ${terminalId} AND case_status = 'running') THEN ${TERMINAL_STATUS.busy} ELSE ${TERMINAL_STATUS.idle} END
       WHERE id = ${terminalId} AND ${ofTenant()} RETURNING id),
     used AS (UPDATE blade_terminal_token SET last_used = ${now} WHERE terminal_id = ${terminalId} AND is_deleted = 0 RETURNING id)
     SELECT c.case_status, r.run_status FROM (SELECT 1) AS one
     LEFT JOIN blade_task_run_case c ON ${asked}
     LEFT JOIN blade_task_run r ON r.id = c.run_id`,
    params.values,
  );
  const kill = caseId !== undefined && (row?.case_status !== 'running' || toRunStatus(row?.run_status) === RUN_STATUS.terminated);
  return { kill };
}

export interface ClaimOptions {
  /** The agent asks for work after a (re)start or an idle spell: cases of this terminal still running were lost. */
  failLost: boolean;
  /** The agent runs nothing now: the terminal is shown idle unless it takes a case (a poll's later looks leave it be). */
  idleUnlessTaken: boolean;
}

/**
 * Takes the next pending case of an active (queued or running) run this terminal is one of the terminals of: the
 * inner SELECT skips rows another process holds, the UPDATE only takes a row still pending. One statement (the
 * embedded database parses, plans and commits once per claim) that may also fail the terminal's lost cases, and
 * records the terminal's heartbeat and state; the run's first case then moves the run, its task and its record on.
 */
export async function claimNext(db: Db, terminal: AgentTerminal, { failLost, idleUnlessTaken }: ClaimOptions): Promise<ClaimedCase | undefined> {
  const params = new SqlParams();
  const terminalId = params.add(terminal.terminalId);
  const now = params.add(nowText());
  const ofTenant = (alias?: string) => tenantRows(terminal.tenantId, params, { alias, noLogicalDelete: true }).join(' AND ');
  const lost = failLost
    ? `lost AS (
         UPDATE blade_task_run_case SET case_status = 'error', message = ${params.add(AGENT_RESTARTED_MESSAGE)}, ended_at = ${now}, update_time = ${now},
           duration_ms = GREATEST(0, EXTRACT(EPOCH FROM (${now}::timestamp - started_at)) * 1000)::int
         WHERE terminal_id = ${terminalId} AND ${ofTenant()} AND case_status = 'running'
         RETURNING run_id),`
    : '';
  const status = idleUnlessTaken
    ? `CASE WHEN EXISTS (SELECT 1 FROM claimed) THEN ${TERMINAL_STATUS.busy} ELSE ${TERMINAL_STATUS.idle} END`
    : `${TERMINAL_STATUS.busy}`;
  // Written when the state changes or the heartbeat is a second old, not at every case of a busy terminal.
  const touched = `UPDATE blade_terminal SET last_heartbeat = ${now}, running_status = ${status}
     WHERE id = ${terminalId} AND ${ofTenant()} ${idleUnlessTaken ? '' : 'AND EXISTS (SELECT 1 FROM claimed)'}
       AND (running_status IS DISTINCT FROM ${status} OR last_heartbeat IS NULL OR last_heartbeat < ${now}::timestamp - interval '1 second')`;
  // Data-modifying WITH parts all run, read the statement's one snapshot, and see each other only through RETURNING.
  const [row] = await db.query<{
    lost_runs: string | null;
    id: string | null;
    run_id: string;
    test_case_id: string;
    case_code: string | null;
    case_title: string | null;
    script_key: string;
    task_id: string;
    task_code: string | null;
    record_id: string | null;
    run_status: number;
    time_limit_seconds: number;
  }>(
    `WITH ${lost}
     claimed AS (
       UPDATE blade_task_run_case SET case_status = 'running', terminal_id = ${terminalId}, started_at = ${now}, update_time = ${now}
       WHERE id = (
         -- Each of the terminal's active runs offers its first pending case (an index of them, not a sort of them all:
         -- a claim costs the same at the first case of a thousand as at the last); the oldest run's is taken.
         SELECT c.id FROM blade_task_run_terminals p
         JOIN blade_task_run r ON r.id = p.run_id
         CROSS JOIN LATERAL (
           SELECT c.id FROM blade_task_run_case c
           WHERE c.run_id = r.id AND c.case_status = 'pending' AND ${ofTenant('c')}
           ORDER BY c.sort, c.id LIMIT 1 FOR UPDATE SKIP LOCKED) c
         WHERE p.terminal_id = ${terminalId} AND r.run_status IN ${inList(statesAllowing('pickUp'))} AND r.is_deleted = 0
         ORDER BY r.start_time, r.id LIMIT 1)
       AND case_status = 'pending'
       RETURNING id, run_id, test_case_id, case_code, case_title, script_key),
     touched AS (${touched} RETURNING id)
     SELECT ${failLost ? "(SELECT string_agg(DISTINCT run_id::text, ',') FROM lost)" : 'NULL'} AS lost_runs,
       claimed.id, claimed.run_id, claimed.test_case_id, claimed.case_code, claimed.case_title, claimed.script_key,
       r.task_id, r.task_code, r.record_id, r.run_status, r.time_limit_seconds
     FROM (SELECT 1) AS one
     LEFT JOIN claimed ON true
     LEFT JOIN blade_task_run r ON r.id = claimed.run_id`,
    params.values,
  );
  // A lost case may have been its run's last open one.
  for (const runId of row?.lost_runs?.split(',') ?? []) await finishIfDone(db, runId);
  if (!row?.id) return undefined;
  if (toRunStatus(row.run_status) === RUN_STATUS.queued) await startRunning(db, row);
  return {
    caseId: String(row.id),
    runId: String(row.run_id),
    taskCode: row.task_code ?? '',
    testCaseId: String(row.test_case_id),
    caseCode: row.case_code ?? '',
    caseTitle: row.case_title ?? '',
    scriptKey: row.script_key,
    scriptName: row.script_key.split('/').pop() || 'script.py',
    timeLimitSeconds: Number(row.time_limit_seconds),
  };
}

/** The run's first case taken: the run, its task and its record are running (conditional: a pause since stays a pause). */
async function startRunning(db: Db, run: { run_id: string; task_id: string; record_id: string | null }): Promise<void> {
  await db.query(
    `WITH started AS (
       UPDATE blade_task_run SET run_status = ${RUN_STATUS.running}, update_time = $4 WHERE id = $1 AND run_status = ${RUN_STATUS.queued} RETURNING id),
     task_started AS (
       UPDATE blade_task SET run_status = ${RUN_STATUS.running}, update_time = $4
       WHERE id = $2 AND run_status = ${RUN_STATUS.queued} AND EXISTS (SELECT 1 FROM started) RETURNING id)
     UPDATE blade_task_record SET execution_status = ${RECORD_STATUS.executing}, update_time = $4
     WHERE id = $3 AND execution_status = ${RECORD_STATUS.waiting} AND EXISTS (SELECT 1 FROM started)`,
    [run.run_id, run.task_id, run.record_id, nowText()],
  );
}

/** Gives a claimed case back when its answer could not reach the agent (it hung up while the claim was made). */
export async function releaseClaim(db: Db, terminal: AgentTerminal, caseId: string): Promise<void> {
  await db.query(
    `UPDATE blade_task_run_case SET case_status = 'pending', started_at = NULL WHERE id = $1 AND terminal_id = $2 AND case_status = 'running'`,
    [caseId, terminal.terminalId],
  );
}

/** Whether the agent should stop the case it runs: the case is no longer running (lost, ended) or its run ended. */
export async function shouldKill(db: Db, terminal: AgentTerminal, caseId: string): Promise<boolean> {
  const scope = tenantWhere(terminal.tenantId, { alias: 'c', noLogicalDelete: true }, 'c.id = $1 AND c.terminal_id = $2', [caseId, terminal.terminalId]);
  const [row] = await db.query<{ case_status: string; run_status: number }>(
    `SELECT c.case_status, r.run_status FROM blade_task_run_case c JOIN blade_task_run r ON r.id = c.run_id WHERE ${scope.where}`,
    scope.values,
  );
  return !row || row.case_status !== 'running' || toRunStatus(row.run_status) === RUN_STATUS.terminated;
}

/** Appends output of a running case, keeping the last LOG_CAP characters. Answers whether the agent must kill it. */
export async function appendLog(db: Db, terminal: AgentTerminal, caseId: string, chunk: string): Promise<boolean> {
  const scope = tenantWhere(terminal.tenantId, { noLogicalDelete: true }, "id = $1 AND terminal_id = $2 AND case_status = 'running'", [
    caseId,
    terminal.terminalId,
    chunk,
    nowText(),
  ]);
  await db.query(`UPDATE blade_task_run_case SET log = right(log || $3, ${LOG_CAP}), update_time = $4 WHERE ${scope.where}`, scope.values);
  return shouldKill(db, terminal, caseId);
}

export interface CaseReport {
  caseId: string;
  status: CaseResult;
  exitCode?: number | null;
  durationMs: number;
  /** The end of the output: the log when none was posted (an agent that posts every chunk first). */
  logTail?: string;
  /** The output not yet posted, appended to the log: an agent sends a short case's whole output with its result. */
  log?: string;
  message?: string;
}

/** The agent's result of a case it was running; then the run finishes if that was its last open case. */
export async function recordResult(db: Db, terminal: AgentTerminal, report: CaseReport): Promise<boolean> {
  const now = nowText();
  const scope = tenantWhere(terminal.tenantId, { noLogicalDelete: true }, "id = $1 AND terminal_id = $2 AND case_status = 'running'", [
    report.caseId,
    terminal.terminalId,
    report.status,
    report.exitCode ?? null,
    Math.round(report.durationMs),
    report.message ?? null,
    now,
    report.logTail ?? '',
    report.log ?? '',
  ]);
  // Whether the run still has pending cases is read beside the update (the one snapshot still shows this case running).
  const [row] = await db.query<{ run_id: string; pending_left: boolean }>(
    `WITH ended AS (
       UPDATE blade_task_run_case SET case_status = $3, exit_code = $4, duration_ms = $5, message = $6, ended_at = $7, update_time = $7,
         log = CASE WHEN $9 <> '' THEN right(log || $9, ${LOG_CAP}) WHEN log = '' THEN right($8, ${LOG_CAP}) ELSE log END
       WHERE ${scope.where} RETURNING run_id)
     SELECT ended.run_id,
       EXISTS (SELECT 1 FROM blade_task_run_case c WHERE c.run_id = ended.run_id AND c.case_status = 'pending') AS pending_left
     FROM ended`,
    scope.values,
  );
  // The terminal is shown idle again by the agent's next poll, which follows at once.
  if (!row) return false;
  // A pending case reports in turn. Running ones may have ended since the snapshot: finishIfDone looks again. (Should
  // the last results still cross unseen, the watchdog finishes the run.)
  if (!row.pending_left) await finishIfDone(db, String(row.run_id));
  return true;
}

/**
 * The watchdog: terminals with an agent token that went quiet are shown offline; their running cases fail with
 * 终端失联 after the grace period, and cases an ended run asked to kill are closed if no answer came. Conditional
 * UPDATEs only, so any number of processes may sweep at once.
 */
export async function sweep(db: Db, settings: ExecutionSettings): Promise<void> {
  const now = nowText();
  const graceCutoff = secondsAgo(settings.graceSeconds);
  await db.query(
    `UPDATE blade_terminal t SET running_status = ${TERMINAL_STATUS.offline}
     WHERE t.running_status IS DISTINCT FROM ${TERMINAL_STATUS.offline} AND t.last_heartbeat < $1 AND t.is_deleted = 0
       AND EXISTS (SELECT 1 FROM blade_terminal_token k WHERE k.terminal_id = t.id AND k.is_deleted = 0)`,
    [secondsAgo(settings.offlineSeconds)],
  );
  const lost = await db.query<{ run_id: string }>(
    `UPDATE blade_task_run_case c SET case_status = 'error', message = $3, ended_at = $1, update_time = $1,
       duration_ms = GREATEST(0, EXTRACT(EPOCH FROM ($1::timestamp - c.started_at)) * 1000)::int
     FROM blade_terminal t
     WHERE t.id = c.terminal_id AND c.case_status = 'running' AND c.started_at < $2
       AND (t.last_heartbeat IS NULL OR t.last_heartbeat < $2)
     RETURNING c.run_id`,
    [now, graceCutoff, LOST_TERMINAL_MESSAGE],
  );
  await db.query(
    `UPDATE blade_task_run_case c SET case_status = 'terminated', message = '结束后终端未回报', ended_at = $1, update_time = $1
     FROM blade_task_run r
     WHERE r.id = c.run_id AND c.case_status = 'running' AND r.run_status = ${RUN_STATUS.terminated} AND r.end_time < $2`,
    [now, graceCutoff],
  );
  // Runs left open with nothing open: two last results that ended together, each reading the other as running.
  const settled = await db.query<{ id: string }>(
    `SELECT r.id FROM blade_task_run r
     WHERE r.run_status IN ${inList(statesAllowing('finish'))} AND r.is_deleted = 0
       AND NOT EXISTS (SELECT 1 FROM blade_task_run_case c WHERE c.run_id = r.id AND c.case_status IN ('pending', 'running'))`,
  );
  const finishing = new Set([...lost.map((row) => String(row.run_id)), ...settled.map((row) => String(row.id))]);
  for (const runId of finishing) await finishIfDone(db, runId);
}
