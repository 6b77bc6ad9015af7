import type { RunCaseStatus, TaskRunCase } from './runApi';
import { RUN_STATUS, type RunStatus } from './runStatus';

/** Tag colours of a case's outcome. */
export const CASE_STATUS_COLORS: Record<RunCaseStatus, string> = {
  pending: 'default',
  running: 'processing',
  passed: 'success',
  failed: 'error',
  error: 'magenta',
  timeout: 'warning',
  terminated: 'volcano',
  cancelled: 'default',
};

/** Tag colours of a run's state. */
export const RUN_STATUS_COLORS: Record<RunStatus, string> = {
  [RUN_STATUS.notStarted]: 'default',
  [RUN_STATUS.running]: 'processing',
  [RUN_STATUS.paused]: 'warning',
  [RUN_STATUS.completed]: 'success',
  [RUN_STATUS.terminated]: 'volcano',
  [RUN_STATUS.queued]: 'cyan',
  [RUN_STATUS.failed]: 'error',
};

/** Outcomes in the order a report counts them (the donut's slices). */
export const CASE_OUTCOMES: RunCaseStatus[] = ['passed', 'failed', 'error', 'timeout', 'terminated', 'cancelled', 'running', 'pending'];

/** How many cases ended in each outcome; outcomes no case has are left out. */
/** The colour of an outcome in charts: green passed, red failed, orange timed out, grey the rest. */
export const OUTCOME_COLORS: Partial<Record<RunCaseStatus, string>> = {
  passed: '#67C23A',
  failed: '#F56C6C',
  timeout: '#E6A23C',
  error: '#B23B3B',
  terminated: '#909399',
  cancelled: '#C0C4CC',
};

export function outcomeCounts(cases: readonly Pick<TaskRunCase, 'caseStatus'>[]): { status: RunCaseStatus; count: number }[] {
  return CASE_OUTCOMES.map((status) => ({ status, count: cases.filter((item) => item.caseStatus === status).length })).filter(
    (entry) => entry.count > 0,
  );
}

/** A case is done once it has an outcome. */
export const isCaseDone = (status: RunCaseStatus) => status !== 'pending' && status !== 'running';

/** Milliseconds as seconds with one decimal; nothing for a case that never ran. */
export const secondsText = (ms: number) => (ms > 0 ? (ms / 1000).toFixed(1) : ms === 0 ? '0.0' : '');

/** Whole seconds between a `yyyy-MM-dd HH:mm:ss` start and `now`; 0 when the start is unknown. */
export function elapsedSeconds(start: string | undefined, now: number): number {
  if (!start) return 0;
  const started = new Date(start.replace(' ', 'T')).getTime();
  return Number.isFinite(started) ? Math.max(0, Math.floor((now - started) / 1000)) : 0;
}
