import { RUN_STATUS_LABELS, toRunStatus } from '../../../resources/task/runStatus';
import type { FieldType } from '../../../resources/types';
import type { BladeUser } from '../../blade/context';
import { pageOf, SqlParams, type Paging } from '../../blade/query';
import { serializeColumns } from '../../blade/serializer';
import { scopedRows } from '../../blade/scope';
import type { Db } from '../../db/types';
import type { RunProgress } from '../../../resources/task/runProgress';

/** Reads for the task drawer and the execution record: runs, their cases with logs, reports and the pass-rate trend. */

const RUN_TYPES: Record<string, FieldType> = {
  id: 'id',
  task_id: 'id',
  task_code: 'string',
  terminal_id: 'id',
  terminal_code: 'string',
  record_id: 'id',
  run_status: 'int',
  time_limit_seconds: 'int',
  start_time: 'datetime',
  end_time: 'datetime',
  duration: 'int',
  executor: 'string',
  total_count: 'int',
  passed_count: 'int',
  failed_count: 'int',
  error_count: 'int',
  timeout_count: 'int',
  test_object_code: 'string',
  baseline_version: 'string',
};

const CASE_TYPES: Record<string, FieldType> = {
  id: 'id',
  run_id: 'id',
  /** The terminal that took the case (a run spreads its cases over its task's terminals). */
  terminal_id: 'id',
  test_case_id: 'id',
  case_code: 'string',
  case_title: 'string',
  script_key: 'string',
  sort: 'int',
  case_status: 'string',
  exit_code: 'int',
  duration_ms: 'int',
  message: 'string',
  started_at: 'datetime',
  ended_at: 'datetime',
};

const REPORT_TYPES: Record<string, FieldType> = {
  id: 'id',
  run_id: 'id',
  task_id: 'id',
  report_name: 'string',
  task_summary: 'string',
  start_time: 'datetime',
  end_time: 'datetime',
  runtime_duration_str: 'string',
  total_count: 'int',
  passed_count: 'int',
  pass_rate: 'number',
};

const columnsOf = (types: Record<string, FieldType>, alias: string) =>
  Object.keys(types)
    .map((column) => `${alias}.${column}`)
    .join(', ');

function serializeRun(row: Record<string, unknown>) {
  const run = serializeColumns(row, RUN_TYPES);
  return { ...run, runStatusName: RUN_STATUS_LABELS[toRunStatus(row.run_status)] };
}

/**
 * The caller's rows of a run table (the read seam), of tasks the caller may see: a run or report is read under its
 * task's data scope, so a role limited to its department's tasks cannot read other tasks' runs by their ids.
 */
export function runScope(user: BladeUser, params: SqlParams, alias: string): string[] {
  // A removed task's runs stay readable (the execution record keeps its history).
  const task = scopedRows(user, params, { alias: 'scope_task', resource: 'task', noLogicalDelete: true }).join(' AND ');
  return [
    ...scopedRows(user, params, { alias }),
    `EXISTS (SELECT 1 FROM blade_task scope_task WHERE scope_task.id = ${alias}.task_id AND ${task})`,
  ];
}

/** `<alias>.task_id = taskId` and the caller's rows. */
function ofTask(user: BladeUser, alias: string, taskId: string) {
  const params = new SqlParams();
  const where = [`${alias}.task_id = ${params.add(taskId)}`, ...runScope(user, params, alias)].join(' AND ');
  return { where, params: params.values };
}

export async function listRuns(db: Db, user: BladeUser, taskId: string, paging: Paging) {
  const { where, params } = ofTask(user, 'r', taskId);
  const rows = await db.query(
    `SELECT ${columnsOf(RUN_TYPES, 'r')} FROM blade_task_run r WHERE ${where}
     ORDER BY r.start_time DESC, r.id DESC LIMIT ${paging.size} OFFSET ${paging.offset}`,
    params,
  );
  const [count] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_task_run r WHERE ${where}`, params);
  return pageOf(rows.map(serializeRun), Number(count.n), paging);
}

/** A file a case's script left in its output folder (attachments.ts stores them). */
export interface CaseAttachment {
  id: string;
  caseId: string;
  fileName: string;
  fileSize: number;
}

/** The attachments of a run's cases, by case id, in name order. */
export async function attachmentsOfRun(db: Db, runId: string): Promise<Map<string, CaseAttachment[]>> {
  const rows = await db.query<{ id: string; case_id: string; file_name: string; file_size: string }>(
    `SELECT id::text AS id, case_id::text AS case_id, file_name, file_size FROM blade_task_run_case_attachment
     WHERE run_id = $1 ORDER BY case_id, file_name`,
    [runId],
  );
  const byCase = new Map<string, CaseAttachment[]>();
  for (const row of rows) {
    const list = byCase.get(row.case_id) ?? [];
    list.push({ id: row.id, caseId: row.case_id, fileName: row.file_name, fileSize: Number(row.file_size) });
    byCase.set(row.case_id, list);
  }
  return byCase;
}

/** A run with its cases (and their logs and attachments), found by run id or by the id of its execution record. */
export async function runDetail(db: Db, user: BladeUser, key: { id?: string; recordId?: string }) {
  const params = new SqlParams();
  const where = [`${key.id ? 'r.id' : 'r.record_id'} = ${params.add(key.id ?? key.recordId)}`, ...runScope(user, params, 'r')];
  const [row] = await db.query(`SELECT ${columnsOf(RUN_TYPES, 'r')} FROM blade_task_run r WHERE ${where.join(' AND ')}`, params.values);
  if (!row) return undefined;
  // The terminal that took each case; a case none took yet (pending, or cancelled before) names none. A removed
  // terminal still names the cases it ran.
  const cases = await db.query(
    `SELECT ${columnsOf(CASE_TYPES, 'c')}, c.log,
       CASE WHEN c.case_status IN ('pending', 'cancelled') THEN NULL ELSE tm.terminal_code END AS terminal_code
     FROM blade_task_run_case c LEFT JOIN blade_terminal tm ON tm.id = c.terminal_id AND tm.tenant_id = c.tenant_id
     WHERE c.run_id = $1 ORDER BY c.sort, c.id`,
    [row.id],
  );
  const [report] = await db.query(`SELECT ${columnsOf(REPORT_TYPES, 'p')} FROM blade_test_report p WHERE p.run_id = $1`, [row.id]);
  const attachments = await attachmentsOfRun(db, String(row.id));
  return {
    ...serializeRun(row),
    cases: cases.map((item) => ({
      ...serializeColumns(item, CASE_TYPES),
      terminalCode: String(item.terminal_code ?? ''),
      log: String(item.log ?? ''),
      attachments: attachments.get(String(item.id)) ?? [],
    })),
    report: report ? serializeColumns(report, REPORT_TYPES) : null,
  };
}


const CASE_COUNTS = ['pending', 'running', 'passed', 'failed', 'error', 'timeout', 'terminated', 'cancelled'] as const;

/**
 * The progress of the task's latest run in one statement: the task through the caller's scope (as `runs` reads it),
 * its latest run by the runs' task index, that run's cases counted through their run index. Undefined when the
 * caller cannot see the task.
 */
export async function runProgress(db: Db, user: BladeUser, taskId: string): Promise<RunProgress | undefined> {
  const params = new SqlParams();
  const task = [`t.id = ${params.add(taskId)}`, ...scopedRows(user, params, { alias: 't', resource: 'task', noLogicalDelete: true })];
  const run = ['r.task_id = t.id', ...scopedRows(user, params, { alias: 'r' })];
  const counts = CASE_COUNTS.map((status) => `count(*) FILTER (WHERE c.case_status = '${status}')::int AS ${status}`).join(', ');
  const [row] = await db.query<Record<(typeof CASE_COUNTS)[number], number> & {
    task_run_status: number | null;
    run_id: string | null;
    run_status: number | null;
    total: number | null;
    last_event: string | null;
    last_change: string | null;
    running_output: string | number | null;
  }>(
    `SELECT t.run_status AS task_run_status, r.id::text AS run_id, r.run_status, p.*
     FROM blade_task t
     LEFT JOIN LATERAL (SELECT r.id, r.run_status FROM blade_task_run r WHERE ${run.join(' AND ')}
       ORDER BY r.start_time DESC, r.id DESC LIMIT 1) r ON TRUE
     LEFT JOIN LATERAL (SELECT count(*)::int AS total, ${counts},
         max(GREATEST(c.started_at, c.ended_at))::text AS last_event, max(c.update_time)::text AS last_change,
         sum(octet_length(c.log)) FILTER (WHERE c.case_status = 'running') AS running_output
       FROM blade_task_run_case c WHERE c.run_id = r.id) p ON r.id IS NOT NULL
     WHERE ${task.join(' AND ')}`,
    params.values,
  );
  if (!row) return undefined;
  const taskRunStatus = toRunStatus(row.task_run_status);
  if (row.run_id === null) return { taskId, taskRunStatus, run: null, marker: `${taskRunStatus}`, outputMarker: `${taskRunStatus}` };
  const count = (status: (typeof CASE_COUNTS)[number]) => Number(row[status] ?? 0);
  const tally = Object.fromEntries(CASE_COUNTS.map((status) => [status, count(status)])) as Record<(typeof CASE_COUNTS)[number], number>;
  const ended = Number(row.total ?? 0) - tally.pending - tally.running;
  // Statuses by their counts (a case moves from pending to running to ended, or back to pending when given back);
  // a case given back and taken by another terminal moves the last start.
  const marker = [taskRunStatus, row.run_id, row.run_status, tally.pending, tally.running, ended, row.last_event ?? ''].join('|');
  return {
    taskId,
    taskRunStatus,
    run: { id: row.run_id, runStatus: toRunStatus(row.run_status), total: Number(row.total ?? 0), ...tally, open: tally.pending + tally.running },
    marker,
    // Times are kept to the second: the running cases' output size tells two chunks of one second apart (its size
    // read from the stored value's header, the log itself not read).
    outputMarker: `${marker}|${row.last_change ?? ''}|${row.running_output ?? 0}`,
  };
}

export async function listReports(db: Db, user: BladeUser, taskId: string, paging: Paging) {
  const { where, params } = ofTask(user, 'p', taskId);
  const rows = await db.query(
    `SELECT ${columnsOf(REPORT_TYPES, 'p')} FROM blade_test_report p WHERE ${where}
     ORDER BY p.start_time DESC, p.id DESC LIMIT ${paging.size} OFFSET ${paging.offset}`,
    params,
  );
  const [count] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_test_report p WHERE ${where}`, params);
  return pageOf(
    rows.map((row) => serializeColumns(row, REPORT_TYPES)),
    Number(count.n),
    paging,
  );
}

/** Pass rates of the task's last `limit` reports, oldest first (a chart's x axis). */
export async function reportTrend(db: Db, user: BladeUser, taskId: string, limit: number) {
  const { where, params } = ofTask(user, 'p', taskId);
  const rows = await db.query(
    `SELECT * FROM (SELECT ${columnsOf(REPORT_TYPES, 'p')} FROM blade_test_report p
       WHERE ${where} ORDER BY p.start_time DESC, p.id DESC LIMIT ${limit}) last
     ORDER BY start_time, id`,
    params,
  );
  return rows.map((row) => {
    const report = serializeColumns(row, REPORT_TYPES);
    return {
      runId: report.runId,
      reportName: report.reportName,
      startTime: report.startTime,
      passedCount: report.passedCount,
      totalCount: report.totalCount,
      passRate: report.passRate,
    };
  });
}
