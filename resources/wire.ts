/**
 * Wire types of hand-written endpoints that server and front end share (resource rows are described by their schemas).
 * The dashboard: `GET /api/blade-desk/dashboard/figures`.
 */

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

