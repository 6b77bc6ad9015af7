import type { BladeUser } from '../../server/blade/context';
import { SqlParams } from '../../server/blade/query';
import { scopedRows } from '../../server/blade/scope';
import { formatDateTime } from '../../server/blade/serializer';
import type { Db } from '../../server/db/types';
import { attachmentsOfRun, runScope } from '../../server/modules/execution/read';
import { FINISHED_CASE_STATUSES, type CaseLog, type FailedCase, type ReportKind, type ReportRow } from './kinds';

/**
 * The figures of a report, computed by SQL over the runs (`blade_task_run`, `blade_task_run_case`) the caller may
 * read: every query starts from the read seam of the runs (tenant, and the data scope of their tasks) and adds the
 * definition's filters as bound values. Only finished cases count (passed, failed, error, timeout, terminated).
 */

/** A saved definition as the store answers it (empty strings and -1 for what is not set). */
export interface ReportDefinition {
  id: string;
  reportName: string;
  reportKind: string;
  projectId?: string;
  taskId?: string;
  terminalId?: string;
  moduleTypePath?: string;
  startDate?: string;
  endDate?: string;
  recentDays?: number;
}

/** The counted period: `from` inclusive, `to` exclusive, local time as stored; either may be open. */
export interface Period {
  from?: string;
  to?: string;
}

const DAY_MS = 24 * 3600 * 1000;
const ID = /^\d{1,19}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MODULE_PATH = /^\d{1,19}(,\d{1,19})*$/;
/** Rows a ranking report shows (slowest, flakiest); failed cases the viewer lists. */
const TOP_ROWS = 20;
const FAILED_ROWS = 50;

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const dayText = (date: Date) => formatDateTime(date).slice(0, 10);
const nextDay = (text: string) => dayText(new Date(new Date(`${text}T00:00:00`).getTime() + DAY_MS + 3600 * 1000));

/** The period a definition counts: its last N days (today included), else its dates (both days included). */
export function periodOf(definition: ReportDefinition, now = new Date()): Period {
  const days = Number(definition.recentDays);
  if (Number.isInteger(days) && days > 0) {
    const today = startOfDay(now);
    const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
    return { from: `${dayText(from)} 00:00:00`, to: `${nextDay(dayText(today))} 00:00:00` };
  }
  const period: Period = {};
  if (definition.startDate && DATE.test(definition.startDate)) period.from = `${definition.startDate} 00:00:00`;
  if (definition.endDate && DATE.test(definition.endDate)) period.to = `${nextDay(definition.endDate)} 00:00:00`;
  return period;
}

/** `2026-11-01 ~ 2026-11-27`, `~ 2026-11-27`, or `` when open on both sides. */
export function periodText(period: Period): string {
  if (!period.from && !period.to) return '';
  const last = period.to ? dayText(new Date(new Date(period.to.replace(' ', 'T')).getTime() - DAY_MS + 3600 * 1000)) : '';
  return `${period.from?.slice(0, 10) ?? ''} ~ ${last}`.trim();
}

const idOf = (value: unknown) => (typeof value === 'string' && ID.test(value) && value !== '0' ? value : undefined);

/** The runs and cases a definition counts: FROM … WHERE … over `r` (run), `t` (task), `c` (case), `tc` (test case). */
function casesOf(user: BladeUser, definition: ReportDefinition, period: Period, params: SqlParams) {
  const where = [...runScope(user, params, 'r'), 'c.is_deleted = 0', `c.case_status IN (${FINISHED_CASE_STATUSES.map((s) => `'${s}'`).join(', ')})`];
  const projectId = idOf(definition.projectId);
  const taskId = idOf(definition.taskId);
  const terminalId = idOf(definition.terminalId);
  if (projectId) where.push(`t.project_id = ${params.add(projectId)}`);
  if (taskId) where.push(`r.task_id = ${params.add(taskId)}`);
  if (terminalId) where.push(`r.terminal_id = ${params.add(terminalId)}`);
  if (definition.moduleTypePath && MODULE_PATH.test(definition.moduleTypePath)) {
    const path = params.add(definition.moduleTypePath);
    where.push(`(tc.module_type_path = ${path} OR tc.module_type_path LIKE ${path} || ',%')`);
  }
  if (period.from) where.push(`r.start_time >= ${params.add(period.from)}::timestamp`);
  if (period.to) where.push(`r.start_time < ${params.add(period.to)}::timestamp`);
  return `FROM blade_task_run r
    JOIN blade_task t ON t.id = r.task_id AND t.tenant_id = r.tenant_id
    JOIN blade_task_run_case c ON c.run_id = r.id AND c.tenant_id = r.tenant_id
    LEFT JOIN blade_test_case tc ON tc.id = c.test_case_id AND tc.tenant_id = c.tenant_id
    WHERE ${where.join(' AND ')}`;
}

const rate = (passed: number, total: number) => (total === 0 ? 0 : Math.round((passed / total) * 10000) / 10000);
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

interface GroupRow {
  key: string | null;
  name: string | null;
  run_count: string;
  total: string;
  passed: string;
}

const GROUPS: Record<'passRateByProject' | 'passRateByTask' | 'passRateByTerminal' | 'passRateByModule', { key: string; name: string; join: string }> = {
  passRateByProject: {
    key: 't.project_id',
    name: 'max(p.project_name)',
    join: 'LEFT JOIN blade_project p ON p.id = t.project_id AND p.tenant_id = t.tenant_id',
  },
  passRateByTask: { key: 'r.task_id', name: `max(concat_ws(' ', t.task_code, NULLIF(t.task_name, t.task_code)))`, join: '' },
  passRateByTerminal: {
    key: 'r.terminal_id',
    name: 'max(coalesce(term.terminal_name, r.terminal_code))',
    join: 'LEFT JOIN blade_terminal term ON term.id = r.terminal_id AND term.tenant_id = r.tenant_id',
  },
  passRateByModule: { key: 'tc.module_type_path', name: 'NULL', join: '' },
};

/** The source of one of the cases' joins is spliced after the FROM list: `casesOf`'s WHERE stays last. */
const withJoin = (from: string, join: string) => (join ? from.replace('\n    WHERE ', `\n    ${join}\n    WHERE `) : from);

async function passRates(db: Db, user: BladeUser, kind: keyof typeof GROUPS, definition: ReportDefinition, period: Period): Promise<ReportRow[]> {
  const params = new SqlParams();
  const group = GROUPS[kind];
  const rows = await db.query<GroupRow>(
    `SELECT ${group.key}::text AS key, ${group.name} AS name, count(DISTINCT r.id) AS run_count, count(*) AS total,
       count(*) FILTER (WHERE c.case_status = 'passed') AS passed
     ${withJoin(casesOf(user, definition, period, params), group.join)}
     GROUP BY ${group.key}`,
    params.values,
  );
  const names = kind === 'passRateByModule' ? await modulePathNames(db, user, rows.map((row) => row.key)) : undefined;
  return rows
    .map((row) => {
      const total = num(row.total);
      const passed = num(row.passed);
      const name = names ? names.get(row.key ?? '') : row.name;
      return {
        key: row.key ?? '',
        name: name || UNASSIGNED[kind],
        runCount: num(row.run_count),
        totalCount: total,
        passedCount: passed,
        failedCount: total - passed,
        passRate: rate(passed, total),
      };
    })
    .sort((a, b) => a.passRate - b.passRate || a.name.localeCompare(b.name));
}

/** What a group without its owner is called (a task of no project, a case filed under no module). */
const UNASSIGNED: Record<keyof typeof GROUPS, string> = {
  passRateByProject: '未关联项目',
  passRateByTask: '-',
  passRateByTerminal: '-',
  passRateByModule: '未分类',
};

/** `根模块 / 子模块` for each module id path, from the caller's module tree. */
async function modulePathNames(db: Db, user: BladeUser, paths: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(paths.flatMap((path) => (path && MODULE_PATH.test(path) ? path.split(',') : [])))];
  if (ids.length === 0) return new Map();
  const params = new SqlParams();
  const scope = scopedRows(user, params, { alias: 'm' });
  const rows = await db.query<{ id: string; type_name: string | null }>(
    `SELECT m.id::text AS id, m.type_name FROM blade_module_type m WHERE m.id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[]) AND ${scope.join(' AND ')}`,
    params.values,
  );
  const nameOf = new Map(rows.map((row) => [row.id, row.type_name ?? row.id]));
  return new Map(
    paths.flatMap((path) => (path && MODULE_PATH.test(path) ? [[path, path.split(',').map((id) => nameOf.get(id) ?? id).join(' / ')] as const] : [])),
  );
}

async function slowestCases(db: Db, user: BladeUser, definition: ReportDefinition, period: Period): Promise<ReportRow[]> {
  const params = new SqlParams();
  const rows = await db.query<Record<string, unknown>>(
    `SELECT c.test_case_id::text AS key, max(c.case_code) AS case_code, max(c.case_title) AS case_title, count(*) AS run_count,
       round(avg(c.duration_ms)) AS avg_ms, max(c.duration_ms) AS max_ms,
       (array_agg(c.id::text ORDER BY c.duration_ms DESC, c.id DESC))[1] AS case_run_id,
       (array_agg(c.case_status ORDER BY c.ended_at DESC NULLS LAST, c.id DESC))[1] AS last_status
     ${casesOf(user, definition, period, params)} AND c.duration_ms IS NOT NULL
     GROUP BY c.test_case_id
     ORDER BY avg(c.duration_ms) DESC, c.test_case_id
     LIMIT ${TOP_ROWS}`,
    params.values,
  );
  return rows.map((row) => ({
    key: text(row.key),
    caseRunId: text(row.case_run_id),
    caseCode: text(row.case_code),
    caseTitle: text(row.case_title),
    runCount: num(row.run_count),
    avgDurationMs: num(row.avg_ms),
    avgSeconds: Math.round(num(row.avg_ms) / 100) / 10,
    maxDurationMs: num(row.max_ms),
    lastStatus: text(row.last_status),
  }));
}

/** Cases that both passed and did not pass on one script version (the same stored script file). */
async function flakiestCases(db: Db, user: BladeUser, definition: ReportDefinition, period: Period): Promise<ReportRow[]> {
  const params = new SqlParams();
  const rows = await db.query<Record<string, unknown>>(
    `SELECT g.*, (SELECT s.version FROM blade_test_script s WHERE s.script_path = g.script_key AND s.tenant_id = g.tenant_id
                  ORDER BY s.is_deleted, s.id DESC LIMIT 1) AS script_version
     FROM (
       SELECT c.tenant_id, c.test_case_id::text AS test_case_id, c.script_key, max(c.case_code) AS case_code, max(c.case_title) AS case_title,
         count(*) AS run_count, count(*) FILTER (WHERE c.case_status = 'passed') AS passed,
         count(*) FILTER (WHERE c.case_status <> 'passed') AS failed,
         (array_agg(c.id::text ORDER BY c.ended_at DESC NULLS LAST, c.id DESC) FILTER (WHERE c.case_status <> 'passed'))[1] AS case_run_id
       ${casesOf(user, definition, period, params)}
       GROUP BY c.tenant_id, c.test_case_id, c.script_key
       HAVING count(*) FILTER (WHERE c.case_status = 'passed') > 0 AND count(*) FILTER (WHERE c.case_status <> 'passed') > 0
     ) g
     ORDER BY least(g.passed, g.failed)::float / g.run_count DESC, g.failed DESC, g.test_case_id
     LIMIT ${TOP_ROWS}`,
    params.values,
  );
  return rows.map((row) => {
    const passed = num(row.passed);
    const scriptFile = text(row.script_key).split('/').pop() ?? '';
    return {
      key: `${text(row.test_case_id)}:${text(row.script_key)}`,
      caseRunId: text(row.case_run_id),
      caseCode: text(row.case_code),
      caseTitle: text(row.case_title),
      scriptVersion: row.script_version ? `${text(row.script_version)} (${scriptFile})` : scriptFile,
      runCount: num(row.run_count),
      passedCount: passed,
      failedCount: num(row.failed),
      passRate: rate(passed, num(row.run_count)),
    };
  });
}

/**
 * Per terminal the caller may read: its runs and cases in the period and the time its cases ran, against the length
 * of the period (from its start, or the first counted run, until its end or now).
 */
async function terminalUtilisation(db: Db, user: BladeUser, definition: ReportDefinition, period: Period, now = new Date()): Promise<ReportRow[]> {
  const params = new SqlParams();
  const counted = casesOf(user, definition, period, params);
  const terminals = scopedRows(user, params, { alias: 'term', resource: 'terminal' });
  const terminalId = idOf(definition.terminalId);
  if (terminalId) terminals.push(`term.id = ${params.add(terminalId)}`);
  const rows = await db.query<Record<string, unknown>>(
    `WITH counted AS (SELECT r.terminal_id, r.id AS run_id, r.start_time, c.duration_ms ${counted})
     SELECT term.id::text AS key, coalesce(term.terminal_name, term.terminal_code) AS name,
       (SELECT count(DISTINCT run_id) FROM counted WHERE counted.terminal_id = term.id) AS run_count,
       (SELECT count(*) FROM counted WHERE counted.terminal_id = term.id) AS case_count,
       (SELECT coalesce(sum(duration_ms), 0) FROM counted WHERE counted.terminal_id = term.id) AS busy_ms,
       (SELECT min(start_time) FROM counted) AS first_start
     FROM blade_terminal term WHERE ${terminals.join(' AND ')}`,
    params.values,
  );
  const firstStart = rows.find((row) => row.first_start)?.first_start;
  const from = period.from ? new Date(period.from.replace(' ', 'T')) : firstStart ? new Date(String(firstStart).replace(' ', 'T')) : undefined;
  const to = period.to ? new Date(Math.min(new Date(period.to.replace(' ', 'T')).getTime(), now.getTime())) : now;
  const rangeSeconds = from ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : 0;
  return rows
    .map((row) => {
      const busyMs = num(row.busy_ms);
      return {
        key: text(row.key),
        name: text(row.name),
        runCount: num(row.run_count),
        caseCount: num(row.case_count),
        busySeconds: Math.round(busyMs / 1000),
        rangeSeconds,
        // Six places: an hour of work in a month is 0.14 %, which four places would round to nothing.
        utilisation: rangeSeconds === 0 ? 0 : Math.min(1, Math.round((busyMs / 1000 / rangeSeconds) * 1e6) / 1e6),
      };
    })
    .sort((a, b) => b.utilisation - a.utilisation || b.caseCount - a.caseCount || a.name.localeCompare(b.name));
}

export async function reportRows(db: Db, user: BladeUser, kind: ReportKind, definition: ReportDefinition, period: Period): Promise<ReportRow[]> {
  switch (kind) {
    case 'slowestCases':
      return slowestCases(db, user, definition, period);
    case 'flakiestCases':
      return flakiestCases(db, user, definition, period);
    case 'terminalUtilisation':
      return terminalUtilisation(db, user, definition, period);
    default:
      return passRates(db, user, kind, definition, period);
  }
}

/** The last cases that did not pass among those the definition counts, newest first: each opens its log. */
export async function failedCases(db: Db, user: BladeUser, definition: ReportDefinition, period: Period): Promise<FailedCase[]> {
  const params = new SqlParams();
  const rows = await db.query<Record<string, unknown>>(
    `SELECT c.id::text AS id, c.run_id::text AS run_id, r.task_code, r.terminal_code, c.case_code, c.case_title, c.case_status, c.message,
       c.duration_ms, c.ended_at
     ${casesOf(user, definition, period, params)} AND c.case_status <> 'passed'
     ORDER BY c.ended_at DESC NULLS LAST, c.id DESC LIMIT ${FAILED_ROWS}`,
    params.values,
  );
  return rows.map((row) => ({
    id: text(row.id),
    runId: text(row.run_id),
    taskCode: text(row.task_code),
    terminalCode: text(row.terminal_code),
    caseCode: text(row.case_code),
    caseTitle: text(row.case_title),
    caseStatus: text(row.case_status),
    message: text(row.message),
    durationMs: num(row.duration_ms),
    endedAt: text(row.ended_at),
  }));
}

/** One executed case with its log, read through its run's scope. */
export async function caseLog(db: Db, user: BladeUser, caseRunId: string): Promise<CaseLog | undefined> {
  const params = new SqlParams();
  const where = [`c.id = ${params.add(caseRunId)}`, ...runScope(user, params, 'r')].join(' AND ');
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT c.id::text AS id, c.run_id::text AS run_id, r.task_code, c.case_code, c.case_title, c.case_status, c.message, c.duration_ms,
       c.started_at, c.ended_at, c.log
     FROM blade_task_run_case c JOIN blade_task_run r ON r.id = c.run_id AND r.tenant_id = c.tenant_id WHERE ${where}`,
    params.values,
  );
  if (!row) return undefined;
  return {
    id: text(row.id),
    runId: text(row.run_id),
    taskCode: text(row.task_code),
    caseCode: text(row.case_code),
    caseTitle: text(row.case_title),
    caseStatus: text(row.case_status),
    message: text(row.message),
    durationMs: num(row.duration_ms),
    startedAt: text(row.started_at),
    endedAt: text(row.ended_at),
    log: text(row.log),
    attachments: (await attachmentsOfRun(db, text(row.run_id))).get(text(row.id)) ?? [],
  };
}
