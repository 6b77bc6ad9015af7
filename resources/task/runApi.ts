import { useCustom, useInvalidate, useList, useOne } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import type { BladeMeta } from '../../providers/data';
import type { ResourceCall } from '../../src/components/crud/useResourceCall';
import { terminalSchema } from '../terminal/schema';
import { taskSchema } from './schema';
import type { RunProgress } from './runProgress';
import type { RunStatus } from './runStatus';

export type { RunProgress };

/**
 * The run engine as the task drawer, the execution record and the terminal screen use it. Reads are Refine queries
 * keyed under the task (or terminal) resource, so a write to a task re-reads its runs and reports; writes are calls
 * for `useResourceCall` that name what they change. Failures reject with the http client's `BladeError` (its message
 * already shown, e.g. a refused transition).
 */

const TASK = taskSchema.api;
const TERMINAL = terminalSchema.api;

export type RunCaseStatus = 'pending' | 'running' | 'passed' | 'failed' | 'error' | 'timeout' | 'terminated' | 'cancelled';

export const RUN_CASE_STATUS_LABELS: Record<RunCaseStatus, string> = {
  pending: '待执行',
  running: '执行中',
  passed: '通过',
  failed: '失败',
  error: '错误',
  timeout: '超时',
  terminated: '已终止',
  cancelled: '未执行',
};

export interface StartedRun {
  taskId: string;
  runId: string;
  recordId: string;
  terminalId: string;
}

/** The task after pause, resume or end. */
export interface TaskRunState {
  id: string;
  runStatus: RunStatus;
  runId: string | null;
  terminalId: string | null;
}

export interface TaskRun {
  id: string;
  taskId: string;
  taskCode: string;
  terminalId: string;
  terminalCode: string;
  recordId: string;
  runStatus: RunStatus;
  runStatusName: string;
  timeLimitSeconds: number;
  /** `yyyy-MM-dd HH:mm:ss`; `""` while unset. */
  startTime: string;
  endTime: string;
  /** Seconds; -1 while running. */
  duration: number;
  executor: string;
  totalCount: number;
  passedCount: number;
  failedCount: number;
  errorCount: number;
  timeoutCount: number;
  /** The test object on the terminal when the run started and its baseline version then (`""` when none). */
  testObjectCode: string;
  baselineVersion: string;
}

export interface TaskRunCase {
  id: string;
  runId: string;
  /** The terminal that took the case (a run spreads its cases over its task's terminals); `""` while none has. */
  terminalCode: string;
  testCaseId: string;
  caseCode: string;
  caseTitle: string;
  scriptKey: string;
  sort: number;
  caseStatus: RunCaseStatus;
  /** -1 when the process gave none (killed, not started). */
  exitCode: number;
  durationMs: number;
  message: string;
  startedAt: string;
  endedAt: string;
  /** The last 64 KiB of the script's output. */
  log: string;
  /** Files the script left in its output folder, in name order. */
  attachments: RunCaseAttachment[];
}

/** A file a case's script wrote into its output folder (`BLADE_OUTPUT_DIR`), kept in object storage. */
export interface RunCaseAttachment {
  id: string;
  /** Its path inside the output folder (`shots/login.png`). */
  fileName: string;
  fileSize: number;
}

export interface TestReport {
  id: string;
  runId: string;
  taskId: string;
  reportName: string;
  /** `n passed / m failed of k` */
  taskSummary: string;
  startTime: string;
  endTime: string;
  runtimeDurationStr: string;
  totalCount: number;
  passedCount: number;
  /** 0..1 */
  passRate: number;
}

export interface TaskRunDetail extends TaskRun {
  cases: TaskRunCase[];
  report: TestReport | null;
}

export interface TrendPoint {
  runId: string;
  reportName: string;
  startTime: string;
  passedCount: number;
  totalCount: number;
  passRate: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface AgentTokenIssued {
  terminalId: string;
  terminalCode: string;
  /** Shown once: the server keeps only its hash. */
  token: string;
  createTime: string;
}

export interface TerminalAgentInfo {
  terminalId: string;
  terminalCode: string;
  hasToken: boolean;
  tokenCreateTime: string;
  tokenLastUsed: string;
  lastHeartbeat: string;
  runningStatus: number;
}

/** While a run goes, its progress is read this often; the task, its runs and the run are read again when it moved. */
export const RUN_POLL_MS = 2500;

/** What a run read keys on beyond its inputs: a change of the run's state reads it anew (a run that ended). */
type RunState = string | number | undefined;

/** The task's runs, newest first, a page at a time. */
export function useTaskRuns(taskId: string | undefined, page: { current: number; size: number }, runState?: RunState) {
  const meta: BladeMeta & { runState?: RunState } = { endpoints: { list: 'runs' }, query: { taskId: taskId ?? '' }, runState };
  return useList<TaskRun>({
    resource: taskSchema.name,
    pagination: { currentPage: page.current, pageSize: page.size },
    meta,
    errorNotification: false,
    queryOptions: { enabled: taskId !== undefined, placeholderData: (previous) => previous },
  });
}

/** The task's test reports (one per finished run), a page at a time. */
export function useTaskReports(taskId: string | undefined, page: { current: number; size: number }, runState?: RunState) {
  const meta: BladeMeta & { runState?: RunState } = { endpoints: { list: 'reports' }, query: { taskId: taskId ?? '' }, runState };
  return useList<TestReport>({
    resource: taskSchema.name,
    pagination: { currentPage: page.current, pageSize: page.size },
    meta,
    errorNotification: false,
    queryOptions: { enabled: taskId !== undefined, placeholderData: (previous) => previous },
  });
}

/**
 * One run with its cases and report, by run id or by the id of the run's execution record. Records written before
 * runs existed (the demo's history) have none: that read is silent and answers nothing.
 */
export function useRunDetail(key: { id: string } | { recordId: string } | undefined, runState?: RunState) {
  const byRecord = key !== undefined && 'recordId' in key;
  const meta: BladeMeta & { runState?: RunState } = {
    endpoints: { detail: 'run-detail' },
    ...(byRecord ? { idParam: 'recordId', silent: true } : {}),
    runState,
  };
  return useOne<TaskRunDetail>({
    resource: taskSchema.name,
    id: key === undefined ? undefined : 'recordId' in key ? key.recordId : key.id,
    meta,
    errorNotification: false,
    queryOptions: { enabled: key !== undefined, placeholderData: (previous) => previous, retry: false },
  });
}

/**
 * Follows the task's run while `shownStatus` (the task's run status on screen) is active: polls only the run's
 * progress, and when it moved re-reads what shows the run (the task, its runs and reports, the open run details, all
 * keyed under the task resource); when only a running case's output grew, just that run's detail. An answer whose
 * task status is not the one shown re-reads too: the run moved between the screen's read and the first poll, or a
 * re-read asked for failed (the screen would otherwise stay behind until the next move).
 */
export function useFollowRun(taskId: string | undefined, shownStatus: RunStatus, active: boolean, pollMs = RUN_POLL_MS) {
  const invalidate = useInvalidate();
  const following = active && taskId !== undefined;
  const { query } = useCustom<RunProgress>({
    url: `${TASK}/run-progress`,
    method: 'get',
    config: { query: { taskId } },
    errorNotification: false,
    queryOptions: { enabled: following, refetchInterval: following ? pollMs : false, retry: false },
  });
  const progress = following ? query.data?.data : undefined;
  // Each answer is weighed once, when it arrives (an unchanged answer keeps its object, not its time).
  const answeredAt = query.dataUpdatedAt;
  const seen = useRef<{ progress: RunProgress; at: number } | undefined>(undefined);
  useEffect(() => {
    if (!progress || seen.current?.at === answeredAt) return;
    const before = seen.current?.progress;
    seen.current = { progress, at: answeredAt };
    const sameTask = before?.taskId === progress.taskId;
    if (progress.taskRunStatus !== shownStatus || (sameTask && before.marker !== progress.marker)) {
      void invalidate({ resource: taskSchema.name, invalidates: ['resourceAll'] });
    } else if (sameTask && before.outputMarker !== progress.outputMarker && progress.run) {
      void invalidate({ resource: taskSchema.name, invalidates: ['detail'], id: progress.run.id });
    }
  }, [progress, answeredAt, shownStatus, invalidate]);
  return progress;
}

/** Pass rates of the task's last `limit` runs, oldest first. */
export function useReportTrend(taskId: string | undefined, limit = 10) {
  const meta: BladeMeta = { endpoints: { list: 'report-trend' }, query: { taskId: taskId ?? '', limit } };
  return useList<TrendPoint>({
    resource: taskSchema.name,
    pagination: { mode: 'off' },
    meta,
    errorNotification: false,
    queryOptions: { enabled: taskId !== undefined },
  });
}

/** A terminal's agent: whether a token is issued, its last use and heartbeat. */
export function useTerminalAgent(terminalId: string | undefined) {
  return useOne<TerminalAgentInfo>({
    resource: terminalSchema.name,
    id: terminalId,
    meta: { endpoints: { detail: 'agent' } } satisfies BladeMeta,
    errorNotification: false,
    queryOptions: { enabled: terminalId !== undefined },
  });
}

/** The run engine's writes; each re-reads the views of what it changes. */
export const runCalls = {
  /** Answers the started runs (`StartedRun[]`). */
  execute: (ids: string[], timeLimitSeconds?: number): ResourceCall => ({
    url: `${TASK}/execute`,
    body: { ids, ...(timeLimitSeconds ? { timeLimitSeconds } : {}) },
    invalidates: [taskSchema.name],
  }),
  /** Pause, resume and end answer the task's new state (`TaskRunState`). */
  pause: (id: string): ResourceCall => ({ url: `${TASK}/pause`, body: { id }, invalidates: [taskSchema.name] }),
  resume: (id: string): ResourceCall => ({ url: `${TASK}/resume`, body: { id }, invalidates: [taskSchema.name] }),
  end: (id: string): ResourceCall => ({ url: `${TASK}/end`, body: { id }, invalidates: [taskSchema.name] }),
  /** Answers the token, shown once (`AgentTokenIssued`). */
  issueToken: (terminalId: string): ResourceCall => ({ url: `${TERMINAL}/issueToken`, query: { id: terminalId }, invalidates: [terminalSchema.name] }),
  revokeToken: (terminalId: string): ResourceCall => ({ url: `${TERMINAL}/revokeToken`, query: { id: terminalId }, invalidates: [terminalSchema.name] }),
};
