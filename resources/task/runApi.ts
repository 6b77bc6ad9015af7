import { http } from '../../providers/http';
import type { RunStatus } from './runStatus';

/**
 * Typed calls of the run engine for the task drawer, the execution record and the terminal screen. Failures reject
 * with the http client's `BladeError` (its message already shown, e.g. a refused transition).
 */

const TASK = '/gateway/blade-task/task';
const TERMINAL = '/gateway/blade-terminal/terminalManagement';

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
}

export interface TaskRunCase {
  id: string;
  runId: string;
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

const dataOf = <T>(response: { data: { data: T } }) => response.data.data;

export const runApi = {
  execute: async (ids: string[], timeLimitSeconds?: number) =>
    dataOf(await http.post<{ data: StartedRun[] }>(`${TASK}/execute`, { ids, ...(timeLimitSeconds ? { timeLimitSeconds } : {}) })),
  pause: async (id: string) => dataOf(await http.post<{ data: TaskRunState }>(`${TASK}/pause`, { id })),
  resume: async (id: string) => dataOf(await http.post<{ data: TaskRunState }>(`${TASK}/resume`, { id })),
  end: async (id: string) => dataOf(await http.post<{ data: TaskRunState }>(`${TASK}/end`, { id })),
  runs: async (taskId: string, current = 1, size = 10) =>
    dataOf(await http.get<{ data: Page<TaskRun> }>(`${TASK}/runs`, { params: { taskId, current, size } })),
  /** By run id, or by the id of the run's execution record. */
  runDetail: async (key: { id: string } | { recordId: string }) =>
    dataOf(await http.get<{ data: TaskRunDetail }>(`${TASK}/run-detail`, { params: key })),
  reports: async (taskId: string, current = 1, size = 10) =>
    dataOf(await http.get<{ data: Page<TestReport> }>(`${TASK}/reports`, { params: { taskId, current, size } })),
  reportTrend: async (taskId: string, limit = 10) =>
    dataOf(await http.get<{ data: TrendPoint[] }>(`${TASK}/report-trend`, { params: { taskId, limit } })),
  issueToken: async (terminalId: string) =>
    dataOf(await http.post<{ data: AgentTokenIssued }>(`${TERMINAL}/issueToken`, null, { params: { id: terminalId } })),
  revokeToken: async (terminalId: string) => {
    await http.post(`${TERMINAL}/revokeToken`, null, { params: { id: terminalId } });
  },
  agentInfo: async (terminalId: string) =>
    dataOf(await http.get<{ data: TerminalAgentInfo }>(`${TERMINAL}/agent`, { params: { id: terminalId } })),
};
