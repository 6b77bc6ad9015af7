import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { Refine, type DataProvider, type MetaQuery } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { MemoryRouter } from 'react-router';
import { App, Form } from 'antd';
import type { ReactNode } from 'react';
import { i18nProvider } from '../../providers/i18n';
import { clearStore, setStore } from '../../providers/storage';
import { RUN_POLL_MS, type RunProgress, type TaskRunDetail } from '../../resources/task/runApi';
import { RunCasesTable } from '../../resources/task/RunCasesTable';
import { RUN_STATUS as S, type RunStatus } from '../../resources/task/runStatus';
import { RunSummary } from '../../resources/task/RunReportView';
import { TaskRunControls, runButtons } from '../../resources/task/TaskRunControls';
import { taskSchema } from '../../resources/task/schema';
import { LocaleConfigProvider } from '../../src/components/LocaleConfigProvider';

/** The reads a test's provider answered, by the endpoint the hook asked for (`runs`, `run-detail`). */
const endpointOf = (meta: MetaQuery | undefined) => {
  const endpoints = (meta as { endpoints?: Record<string, string> } | undefined)?.endpoints ?? {};
  return endpoints.list ?? endpoints.detail ?? 'default';
};

/** A data provider answering no runs (or `runs`), counting the reads of each endpoint. */
function runData(runs: TaskRunDetail[] = []) {
  const reads: string[] = [];
  const provider: DataProvider = {
    getApiUrl: () => '',
    getList: vi.fn(async ({ meta }) => {
      reads.push(endpointOf(meta));
      return { data: runs, total: runs.length };
    }) as unknown as DataProvider['getList'],
    getOne: vi.fn(async ({ meta }) => {
      reads.push(endpointOf(meta));
      return { data: runs[0] ?? {} };
    }) as unknown as DataProvider['getOne'],
    create: vi.fn(async () => ({ data: {} })) as DataProvider['create'],
    update: vi.fn(async () => ({ data: {} })) as DataProvider['update'],
    deleteOne: vi.fn(async () => ({ data: {} })) as DataProvider['deleteOne'],
    custom: vi.fn(async ({ url }) => {
      if (!String(url).endsWith('/run-progress')) return { data: {} };
      reads.push('run-progress');
      return { data: progress };
    }) as unknown as DataProvider['custom'],
  };
  return { provider, reads };
}

/** What `run-progress` answers: a test moves its marker to say the run moved. */
let progress: Partial<RunProgress> = {};

let data = runData();

function Shell({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <LocaleConfigProvider>
        <Refine dataProvider={data.provider} routerProvider={routerProvider} i18nProvider={i18nProvider} resources={[{ name: 'task', list: '/test/task' }]}>
          <App>{children}</App>
        </Refine>
      </LocaleConfigProvider>
    </MemoryRouter>
  );
}

function Controls({ runStatus, mode = 'edit' as const }: { runStatus: RunStatus; mode?: 'edit' | 'create' | 'view' }) {
  const [form] = Form.useForm();
  return <TaskRunControls schema={taskSchema} mode={mode} id={mode === 'create' ? undefined : '7'} form={form} record={{ id: '7', runStatus }} />;
}

const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

const finishedRun: TaskRunDetail = {
  id: '1',
  taskId: '7',
  taskCode: 'T-1',
  terminalId: '3',
  terminalCode: 'TM-001',
  recordId: '9',
  runStatus: S.failed,
  runStatusName: '已失败',
  timeLimitSeconds: 8,
  startTime: '2026-01-02 10:00:00',
  endTime: '2026-01-02 10:00:12',
  duration: 12,
  executor: '管理员',
  totalCount: 3,
  passedCount: 1,
  failedCount: 1,
  errorCount: 0,
  timeoutCount: 1,
  testObjectCode: '',
  baselineVersion: '',
  cases: (['passed', 'failed', 'timeout'] as const).map((caseStatus, index) => ({
    id: String(index + 1),
    runId: '1',
    testCaseId: String(index + 10),
    caseCode: `C-${index + 1}`,
    terminalCode: index === 1 ? 'TM-002' : 'TM-001',
    caseTitle: caseStatus,
    scriptKey: '',
    sort: index + 1,
    caseStatus,
    exitCode: index,
    durationMs: 1000,
    message: '',
    startedAt: '',
    endedAt: '',
    log: '',
    attachments: [],
  })),
  report: {
    id: '5',
    runId: '1',
    taskId: '7',
    reportName: 'T-1-测试报告-20260102100000',
    taskSummary: '1 passed / 2 failed of 3',
    startTime: '2026-01-02 10:00:00',
    endTime: '2026-01-02 10:00:12',
    runtimeDurationStr: '12秒',
    totalCount: 3,
    passedCount: 1,
    passRate: 0.3333,
  },
};

beforeEach(() => {
  clearStore();
  progress = { taskId: '7', taskRunStatus: S.running, marker: 'a', outputMarker: 'a' };
  data = runData();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('run buttons follow the run state machine', () => {
  it.each([
    [S.notStarted, { start: true, pauseOrResume: 'pause', pauseOrResumeEnabled: false, end: false }],
    [S.queued, { start: false, pauseOrResume: 'pause', pauseOrResumeEnabled: true, end: true }],
    [S.running, { start: false, pauseOrResume: 'pause', pauseOrResumeEnabled: true, end: true }],
    [S.paused, { start: false, pauseOrResume: 'resume', pauseOrResumeEnabled: true, end: true }],
    [S.completed, { start: true, pauseOrResume: 'pause', pauseOrResumeEnabled: false, end: false }],
    [S.failed, { start: true, pauseOrResume: 'pause', pauseOrResumeEnabled: false, end: false }],
    [S.terminated, { start: true, pauseOrResume: 'pause', pauseOrResumeEnabled: false, end: false }],
  ] as const)('in state %i', (status, expected) => {
    expect(runButtons(status)).toEqual(expected);
  });
});

describe('TaskRunControls', { timeout: 20_000 }, () => {
  it('enables only 开始 before a run', async () => {
    setStore({ name: 'permission', content: { task_execute: true } });
    render(<Shell><Controls runStatus={S.notStarted} /></Shell>);
    await screen.findByText('尚未运行');
    expect(button(/开\s*始/).disabled).toBe(false);
    expect(button(/暂\s*停/).disabled).toBe(true);
    expect(button(/结\s*束/).disabled).toBe(true);
  });

  it('offers 继续 and 结束 on a paused run, not 开始', async () => {
    setStore({ name: 'permission', content: { task_execute: true } });
    render(<Shell><Controls runStatus={S.paused} /></Shell>);
    await waitFor(() => expect(button(/继\s*续/).disabled).toBe(false));
    expect(button(/开\s*始/).disabled).toBe(true);
    expect(button(/结\s*束/).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: /暂\s*停/ })).toBeNull();
  });

  it('pauses a running task through the run api, says so and reads the task again', async () => {
    setStore({ name: 'permission', content: { task_execute: true } });
    render(<Shell><Controls runStatus={S.running} /></Shell>);
    await waitFor(() => expect(data.reads).toContain('runs'));
    const readsBefore = data.reads.length;
    button(/暂\s*停/).click();
    await waitFor(() => expect(data.provider.custom).toHaveBeenCalledWith(expect.objectContaining({ url: '/gateway/blade-task/task/pause', method: 'post', payload: { id: '7' } })));
    expect(await screen.findByText('任务已暂停')).toBeTruthy();
    // The pause changed the task: its runs are read again at once, not at the next poll.
    expect(data.reads.length).toBeGreaterThan(readsBefore);
  });

  it('follows the latest run by its progress, reads the run again only when it moved, and stops once it has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      progress = { taskId: '7', taskRunStatus: S.running, marker: 'a', outputMarker: 'a' };
      data = runData([{ ...finishedRun, runStatus: S.running, cases: finishedRun.cases.map((item) => ({ ...item, caseStatus: 'running' as const })) }]);
      const { rerender } = render(<Shell><Controls runStatus={S.running} /></Shell>);
      await screen.findByText('用例 0/3');
      const readsOf = (endpoint: string) => data.reads.filter((read) => read === endpoint).length;
      const first = { detail: readsOf('run-detail'), runs: readsOf('runs') };
      // The progress is polled; while it stands still, nothing else is read.
      await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS * 2 + 100));
      await waitFor(() => expect(readsOf('run-progress')).toBeGreaterThanOrEqual(2));
      expect({ detail: readsOf('run-detail'), runs: readsOf('runs') }).toEqual(first);
      // A case ended: the runs and the run are read again.
      progress = { ...progress, marker: 'b', outputMarker: 'b' };
      await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS + 100));
      await waitFor(() => expect(readsOf('run-detail')).toBeGreaterThan(first.detail));
      expect(readsOf('runs')).toBeGreaterThan(first.runs);
      // The run ended: the run is read once more (its last cases), then nothing is polled.
      data.provider.getOne = vi.fn(async ({ meta }) => (data.reads.push(endpointOf(meta)), { data: finishedRun })) as unknown as DataProvider['getOne'];
      rerender(<Shell><Controls runStatus={S.failed} /></Shell>);
      await screen.findByText('用例 3/3');
      const settled = data.reads.length;
      await act(() => vi.advanceTimersByTimeAsync(RUN_POLL_MS * 3));
      expect(data.reads.length).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows no buttons without the execute permission, and nothing on create', async () => {
    setStore({ name: 'permission', content: {} });
    const { unmount } = render(<Shell><Controls runStatus={S.notStarted} /></Shell>);
    await screen.findByText('尚未运行');
    expect(screen.queryByRole('button', { name: /开\s*始/ })).toBeNull();
    unmount();
    render(<Shell><Controls runStatus={S.notStarted} mode="create" /></Shell>);
    expect(screen.queryByTestId('run-controls')).toBeNull();
  });
});

describe('RunCasesTable', { timeout: 20_000 }, () => {
  it('names the terminal that took each case, and none for a case not taken', () => {
    const cases = [...finishedRun.cases, { ...finishedRun.cases[0], id: '4', caseCode: 'C-4', caseStatus: 'pending' as const, terminalCode: '' }];
    render(<Shell><RunCasesTable cases={cases} /></Shell>);
    const header = [...document.querySelectorAll('.run-cases th')].map((cell) => cell.textContent);
    const column = header.indexOf('执行终端');
    expect(column).toBeGreaterThan(0);
    const shown = [...document.querySelectorAll('.run-cases .ant-table-row')].map((row) => row.querySelectorAll('td')[column].textContent);
    expect(shown).toEqual(['TM-001', 'TM-002', 'TM-001', '-']);
  });
});

describe('RunSummary', { timeout: 20_000 }, () => {
  it('states the report in the reader\'s language with its outcomes in the donut', () => {
    render(<Shell><RunSummary run={finishedRun} /></Shell>);
    const summary = document.querySelector<HTMLElement>('.run-summary')!;
    expect(within(summary).getByText('1 通过 / 2 未通过,共 3')).toBeTruthy();
    expect(within(summary).getByText('33%')).toBeTruthy();
    expect(within(summary).getByText('已失败')).toBeTruthy();
    expect(within(summary).getByText('12秒')).toBeTruthy();
    const legend = document.querySelector<HTMLElement>('.chart__legend')!;
    for (const label of ['通过', '失败', '超时']) expect(within(legend).getByText(label)).toBeTruthy();
    expect(document.querySelector('.chart__total')?.textContent).toBe('3');
    expect(within(summary).queryByText('被测版本')).toBeNull();
  });

  it('names the version under test recorded with the run', () => {
    render(<Shell><RunSummary run={{ ...finishedRun, testObjectCode: 'DUT-1', baselineVersion: 'V2.3.1' }} /></Shell>);
    const summary = document.querySelector<HTMLElement>('.run-summary')!;
    expect(within(summary).getByText('被测版本')).toBeTruthy();
    expect(within(summary).getByText('DUT-1 · V2.3.1')).toBeTruthy();
  });
});
