/** The dashboard's wire format (`GET /api/blade-desk/dashboard/figures`); the front end reads the same types. */

/** How many rows have one value of a dictionary-coded column. `label` is null when the dictionary lacks the value. */
export interface StatusCount {
  key: string;
  label: string | null;
  count: number;
}

export interface StatusBreakdown {
  total: number;
  byStatus: StatusCount[];
}

export interface DayCount {
  /** yyyy-MM-dd, server local time. */
  date: string;
  count: number;
}

export interface RecentTaskRecord {
  id: string;
  projectCode: string | null;
  taskCode: string | null;
  terminalCode: string | null;
  executionStatus: string | null;
  executionStatusLabel: string | null;
  executor: string | null;
  executeTime: string | null;
}

export interface DashboardFigures {
  projects: StatusBreakdown;
  tasks: StatusBreakdown;
  terminals: StatusBreakdown;
  /** Task records executed today (the last entry of `runsPerDay`). */
  runsToday: number;
  /** One entry per day, oldest first, days without runs included. */
  runsPerDay: DayCount[];
  recentRecords: RecentTaskRecord[];
}

export const RUNS_PER_DAY_SPAN = 14;
export const RECENT_RECORDS_LIMIT = 10;

/**
 * Dictionary items in their order, each with its count (0 when no row has it), followed by values found in the rows
 * that the dictionary does not know (a null value reads as key "").
 */
export function mergeWithDictionary(
  items: { key: string; label: string }[],
  counts: { key: string | null; count: number }[],
): StatusCount[] {
  const byKey = new Map(counts.map((row) => [row.key ?? '', row.count]));
  const merged: StatusCount[] = items.map((item) => ({ key: item.key, label: item.label, count: byKey.get(item.key) ?? 0 }));
  const known = new Set(items.map((item) => item.key));
  for (const [key, count] of byKey) if (!known.has(key)) merged.push({ key, label: null, count });
  return merged;
}
