import { Button, Modal, Table, Tag, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../../src/components/crud/descriptor';
import { useTaskReports, useTaskRuns, type TaskRun, type TestReport } from './runApi';
import { RUN_STATUS_COLORS } from './runDisplay';
import { reportSummaryText, RunReportView } from './RunReportView';
import { isActive, toRunStatus } from './runStatus';

const PAGE_SIZE = 10;

/**
 * The task's test reports (one per finished run: name, summary, start, end, run duration) and its runs; a row opens
 * the run's report: summary with the outcome donut, the trend of the last runs and every case with its log.
 */
export function TaskReportsSection({ id, record }: SectionProps) {
  const { t } = useTranslation();
  const [reportPage, setReportPage] = useState(1);
  const [runPage, setRunPage] = useState(1);
  const [opened, setOpened] = useState<{ runId: string; title: string }>();
  // A run that ends (status or end time changes) adds a report: both are read again then.
  const runState = `${String(record?.runStatus)}|${String(record?.endTime)}`;
  const reports = useTaskReports(id, { current: reportPage, size: PAGE_SIZE }, runState);
  const runs = useTaskRuns(id, { current: runPage, size: PAGE_SIZE }, runState);
  if (id === undefined) return null;

  const reportTable = (
    <Table<TestReport>
      className="task-reports"
      rowKey="id"
      size="small"
      loading={reports.query.isFetching}
      dataSource={reports.result.data}
      locale={{ emptyText: t('task.run.noData') }}
      onRow={(report) => ({ onClick: () => setOpened({ runId: report.runId, title: t('task.run.reportTitle', { name: report.reportName }) }) })}
      rowClassName={() => 'clickable-row'}
      pagination={{ current: reportPage, pageSize: PAGE_SIZE, total: reports.result.total ?? 0, onChange: setReportPage, hideOnSinglePage: true }}
      columns={[
        { title: t('task.run.reportName'), dataIndex: 'reportName', ellipsis: true },
        {
          title: t('task.run.summary'),
          dataIndex: 'taskSummary',
          width: 220,
          render: (_: unknown, report: TestReport) => reportSummaryText(t, report),
        },
        { title: t('task.run.startTime'), dataIndex: 'startTime', width: 170 },
        { title: t('task.run.endTime'), dataIndex: 'endTime', width: 170 },
        { title: t('task.run.runDuration'), dataIndex: 'runtimeDurationStr', width: 120 },
        {
          title: t('crud.actions'),
          key: 'open',
          width: 100,
          render: () => (
            <Button type="link" size="small">
              {t('task.run.openReport')}
            </Button>
          ),
        },
      ]}
    />
  );

  const runTable = (
    <Table<TaskRun>
      className="task-runs"
      rowKey="id"
      size="small"
      loading={runs.query.isFetching}
      dataSource={runs.result.data}
      locale={{ emptyText: t('task.run.noData') }}
      onRow={(run) => ({ onClick: () => setOpened({ runId: run.id, title: t('task.run.runTitle', { code: run.taskCode, time: run.startTime }) }) })}
      rowClassName={() => 'clickable-row'}
      pagination={{ current: runPage, pageSize: PAGE_SIZE, total: runs.result.total ?? 0, onChange: setRunPage, hideOnSinglePage: true }}
      columns={[
        { title: t('task.run.startTime'), dataIndex: 'startTime', width: 170 },
        { title: t('task.run.endTime'), dataIndex: 'endTime', width: 170 },
        {
          title: t('task.run.runStatus'),
          dataIndex: 'runStatus',
          width: 100,
          render: (value: number) => {
            const status = toRunStatus(value);
            return <Tag color={RUN_STATUS_COLORS[status]}>{t(`task.run.status.${status}`)}</Tag>;
          },
        },
        { title: t('task.run.terminal'), dataIndex: 'terminalCode', width: 120 },
        { title: t('task.run.executor'), dataIndex: 'executor', width: 120 },
        {
          title: t('task.run.result'),
          key: 'result',
          render: (_: unknown, run: TaskRun) =>
            isActive(toRunStatus(run.runStatus))
              ? ''
              : t('task.run.runResult', { passed: run.passedCount, failed: run.totalCount - run.passedCount, total: run.totalCount }),
        },
        {
          title: t('crud.actions'),
          key: 'open',
          width: 100,
          render: () => (
            <Button type="link" size="small">
              {t('task.run.openRun')}
            </Button>
          ),
        },
      ]}
    />
  );

  return (
    <>
      <Tabs
        size="small"
        items={[
          { key: 'reports', label: t('task.run.reports'), children: reportTable },
          { key: 'runs', label: t('task.run.runs'), children: runTable },
        ]}
      />
      <Modal
        open={opened !== undefined}
        title={opened?.title}
        width="80%"
        footer={null}
        onCancel={() => setOpened(undefined)}
        destroyOnHidden
        className="run-report-modal"
      >
        {opened && <RunReportView runKey={{ id: opened.runId }} withTrend />}
      </Modal>
    </>
  );
}
