import type { BladeModule, BladeUser } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { SqlParams } from '../../blade/query';
import { formatDate, formatDateTime } from '../../blade/serializer';
import { scopedRows } from '../../blade/scope';
import type { Db } from '../../db/types';
import {
  mergeWithDictionary,
  RECENT_RECORDS_LIMIT,
  RUNS_PER_DAY_SPAN,
  type DashboardFigures,
  type DayCount,
  type RecentTaskRecord,
  type StatusBreakdown,
} from './figures';

const BASE = '/api/blade-desk/dashboard';

/** The items of a system dictionary, in order (system dictionaries are shared by every tenant). */
async function dictionaryItems(db: Db, code: string) {
  return db.cachedQuery<{ key: string; label: string }>(
    `SELECT dict_key AS key, dict_value AS label FROM blade_dict
     WHERE code = $1 AND parent_id > 0 AND is_deleted = 0 ORDER BY sort, id`,
    [code],
  );
}

/** Live rows of the caller's tenant in `table`, counted per value of `column`, labelled by dictionary `dictCode`. */
async function breakdown(
  db: Db,
  user: BladeUser,
  resource: string,
  table: string,
  column: string,
  dictCode: string,
  only: string[] = [],
): Promise<StatusBreakdown> {
  const params = new SqlParams();
  // The figures count what the caller's lists show: the data scope of the resource applies.
  const where = [...scopedRows(user, params, { resource }), ...only].join(' AND ');
  const [items, counts] = await Promise.all([
    dictionaryItems(db, dictCode),
    db.cachedQuery<{ key: string | null; n: string }>(
      `SELECT CAST(${column} AS text) AS key, count(*) AS n FROM ${table} WHERE ${where} GROUP BY ${column}`,
      params.values,
    ),
  ]);
  const byStatus = mergeWithDictionary(
    items,
    counts.map((row) => ({ key: row.key, count: Number(row.n) })),
  );
  return { total: byStatus.reduce((sum, entry) => sum + entry.count, 0), byStatus };
}

/** Task records per local day over the last `RUNS_PER_DAY_SPAN` days, today last, empty days as 0. */
async function runsPerDay(db: Db, user: BladeUser, now: Date): Promise<DayCount[]> {
  const days = Array.from({ length: RUNS_PER_DAY_SPAN }, (_, index) => {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (RUNS_PER_DAY_SPAN - 1 - index));
    return formatDate(day);
  });
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const params = new SqlParams();
  const where = [
    ...scopedRows(user, params, { resource: 'taskrecord' }),
    `execute_time >= ${params.add(`${days[0]} 00:00:00`)}::timestamp`,
    `execute_time < ${params.add(formatDateTime(tomorrow))}::timestamp`,
  ].join(' AND ');
  // Bounds are parameters computed here (server local time), so the read may be cached: it does not call now().
  const rows = await db.cachedQuery<{ day: string; n: string }>(
    `SELECT to_char(execute_time, 'YYYY-MM-DD') AS day, count(*) AS n FROM blade_task_record
     WHERE ${where} GROUP BY 1`,
    params.values,
  );
  const byDay = new Map(rows.map((row) => [row.day, Number(row.n)]));
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

async function recentRecords(db: Db, user: BladeUser): Promise<RecentTaskRecord[]> {
  const params = new SqlParams();
  const where = scopedRows(user, params, { alias: 'r', resource: 'taskrecord' }).join(' AND ');
  const rows = await db.cachedQuery<{
    id: string;
    project_code: string | null;
    task_code: string | null;
    terminal_code: string | null;
    execution_status: number | null;
    label: string | null;
    executor: string | null;
    execute_time: string | null;
  }>(
    `SELECT r.id, r.project_code, r.task_code, r.terminal_code, r.execution_status, d.dict_value AS label, r.executor,
            r.execute_time
     FROM blade_task_record r
     LEFT JOIN blade_dict d ON d.code = 'task_execution_status' AND d.parent_id > 0 AND d.is_deleted = 0
          AND d.dict_key = CAST(r.execution_status AS text)
     WHERE ${where}
     ORDER BY r.execute_time DESC NULLS LAST, r.id DESC
     LIMIT ${RECENT_RECORDS_LIMIT}`,
    params.values,
  );
  return rows.map((row) => ({
    id: String(row.id),
    projectCode: row.project_code,
    taskCode: row.task_code,
    terminalCode: row.terminal_code,
    executionStatus: row.execution_status === null ? null : String(row.execution_status),
    executionStatusLabel: row.label,
    executor: row.executor,
    executeTime: row.execute_time === null ? null : String(row.execute_time).slice(0, 19),
  }));
}

export async function dashboardFigures(db: Db, user: BladeUser, now = new Date()): Promise<DashboardFigures> {
  const [projects, tasks, terminals, perDay, recent] = await Promise.all([
    breakdown(db, user, 'project', 'blade_project', 'status', 'project_status'),
    // Main tasks, as the task list counts them; child tasks run inside theirs.
    breakdown(db, user, 'task', 'blade_task', 'run_status', 'task_run_status', ['(parent_id IS NULL OR parent_id = 0)']),
    breakdown(db, user, 'terminal', 'blade_terminal', 'running_status', 'terminal_running_status'),
    runsPerDay(db, user, now),
    recentRecords(db, user),
  ]);
  return {
    projects,
    tasks,
    terminals,
    runsToday: perDay[perDay.length - 1].count,
    runsPerDay: perDay,
    recentRecords: recent,
  };
}

/** The home page's and the dashboard's figures: real aggregates over the caller's tenant. */
export const deskModule: BladeModule = (app, { db }) => {
  app.get(`${BASE}/figures`, async (c) => send(c, R.data(await dashboardFigures(db, c.get('user')))));
};
