import type { LocalizedText } from '../types';
import type { RunCaseAttachment } from '../task/runApi';

/**
 * The kinds of report a definition can be, and the columns each one's table has: pure data, read by the server (the
 * figures' SQL, the xlsx headers) and by the viewer (table columns, chart), so both name a column alike.
 */

export const REPORT_KINDS = [
  'passRateByProject',
  'passRateByTask',
  'passRateByTerminal',
  'passRateByModule',
  'slowestCases',
  'flakiestCases',
  'terminalUtilisation',
] as const;

export type ReportKind = (typeof REPORT_KINDS)[number];

export const isReportKind = (value: unknown): value is ReportKind => REPORT_KINDS.includes(value as ReportKind);

export type ColumnFormat = 'text' | 'int' | 'percent' | 'ms' | 'seconds';

export interface ReportColumn {
  key: string;
  label: LocalizedText;
  format: ColumnFormat;
}

export interface KindSpec {
  label: LocalizedText;
  /** What the chart draws per row: its label column and its value column. */
  chart: { label: string; value: string; unit: LocalizedText };
  columns: ReportColumn[];
}

const col = (key: string, zh: string, en: string, format: ColumnFormat = 'text'): ReportColumn => ({ key, label: { zh, en }, format });

const PASS_RATE_FIGURES = [
  col('runCount', '执行次数', 'Runs', 'int'),
  col('totalCount', '用例数', 'Cases', 'int'),
  col('passedCount', '通过', 'Passed', 'int'),
  col('failedCount', '未通过', 'Not passed', 'int'),
  col('passRate', '通过率', 'Pass rate', 'percent'),
];

const PERCENT: LocalizedText = { zh: '%', en: '%' };

function passRate(zh: string, en: string, groupZh: string, groupEn: string): KindSpec {
  return {
    label: { zh, en },
    chart: { label: 'name', value: 'passRate', unit: PERCENT },
    columns: [col('name', groupZh, groupEn), ...PASS_RATE_FIGURES],
  };
}

export const KIND_SPECS: Record<ReportKind, KindSpec> = {
  passRateByProject: passRate('项目通过率', 'Pass rate by project', '项目', 'Project'),
  passRateByTask: passRate('任务通过率', 'Pass rate by task', '任务', 'Task'),
  passRateByTerminal: passRate('终端通过率', 'Pass rate by terminal', '终端', 'Terminal'),
  passRateByModule: passRate('功能模块通过率', 'Pass rate by module', '功能模块', 'Module'),
  slowestCases: {
    label: { zh: '最慢用例', en: 'Slowest cases' },
    chart: { label: 'caseCode', value: 'avgSeconds', unit: { zh: '秒', en: 's' } },
    columns: [
      col('caseCode', '用例编号', 'Case code'),
      col('caseTitle', '用例标题', 'Case title'),
      col('runCount', '执行次数', 'Runs', 'int'),
      col('avgDurationMs', '平均耗时', 'Average time', 'ms'),
      col('maxDurationMs', '最长耗时', 'Longest time', 'ms'),
      col('lastStatus', '最近结果', 'Last result'),
    ],
  },
  flakiestCases: {
    label: { zh: '不稳定用例', en: 'Flakiest cases' },
    chart: { label: 'caseCode', value: 'failedCount', unit: { zh: '次', en: 'times' } },
    columns: [
      col('caseCode', '用例编号', 'Case code'),
      col('caseTitle', '用例标题', 'Case title'),
      col('scriptVersion', '脚本版本', 'Script version'),
      col('runCount', '执行次数', 'Runs', 'int'),
      col('passedCount', '通过', 'Passed', 'int'),
      col('failedCount', '未通过', 'Not passed', 'int'),
      col('passRate', '通过率', 'Pass rate', 'percent'),
    ],
  },
  terminalUtilisation: {
    label: { zh: '终端利用率', en: 'Terminal utilisation' },
    chart: { label: 'name', value: 'utilisation', unit: PERCENT },
    columns: [
      col('name', '终端', 'Terminal'),
      col('runCount', '执行次数', 'Runs', 'int'),
      col('caseCount', '用例数', 'Cases', 'int'),
      col('busySeconds', '执行时长', 'Busy time', 'seconds'),
      col('rangeSeconds', '统计时长', 'Period', 'seconds'),
      col('utilisation', '利用率', 'Utilisation', 'percent'),
    ],
  },
};

/** Case outcomes of a run (`blade_task_run_case.case_status`) that count in a report: a case that ran to an end. */
export const FINISHED_CASE_STATUSES = ['passed', 'failed', 'error', 'timeout', 'terminated'] as const;

/** What the viewer reads: the definition, its table rows (each kind's columns, plus `key`) and the failed cases. */
export interface ReportRow {
  key: string;
  /** Slowest and flakiest cases: the run case a row opens (its slowest, or latest not-passed, execution). */
  caseRunId?: string | null;
  [column: string]: string | number | null | undefined;
}

export interface FailedCase {
  /** The run case's id: its log is read by it. */
  id: string;
  runId: string;
  taskCode: string;
  terminalCode: string;
  caseCode: string;
  caseTitle: string;
  caseStatus: string;
  message: string;
  durationMs: number;
  endedAt: string;
}

export interface ReportData {
  report: { id: string; reportName: string; reportKind: ReportKind; periodText: string };
  rows: ReportRow[];
  failures: FailedCase[];
  generatedAt: string;
}

export interface CaseLog {
  id: string;
  runId: string;
  taskCode: string;
  caseCode: string;
  caseTitle: string;
  caseStatus: string;
  message: string;
  durationMs: number;
  startedAt: string;
  endedAt: string;
  log: string;
  attachments: RunCaseAttachment[];
}

/** Case outcomes by their Chinese names, as the sheets write them (the screens translate `task.run.caseStatus.*`). */
export const CASE_STATUS_ZH: Readonly<Record<string, string>> = {
  pending: '待执行',
  running: '执行中',
  passed: '通过',
  failed: '失败',
  error: '错误',
  timeout: '超时',
  terminated: '已终止',
  cancelled: '未执行',
};
