import { Button, Col, Descriptions, Empty, Row, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../providers/download';
import { DonutChart, LineChart } from '../../src/components/charts';
import { useReportTrend, useRunDetail, type TaskRunDetail, type TestReport, type TrendPoint } from './runApi';
import { OUTCOME_COLORS, outcomeCounts, RUN_STATUS_COLORS } from './runDisplay';
import { RunCasesTable } from './RunCasesTable';
import { toRunStatus } from './runStatus';
import { taskSchema } from './schema';

/** "n passed / m not passed of k" in the reader's language (the stored summary is one fixed English text). */
export const reportSummaryText = (t: (key: string, options?: Record<string, unknown>) => string, report: Pick<TestReport, 'passedCount' | 'totalCount'>) =>
  t('task.run.runResult', { passed: report.passedCount, failed: report.totalCount - report.passedCount, total: report.totalCount });

/** The head of a run's report: what ran where and when, its summary, and the cases' outcomes as a donut. */
export function RunSummary({ run }: { run: TaskRunDetail }) {
  const { t } = useTranslation();
  const status = toRunStatus(run.runStatus);
  const report = run.report;
  const outcomes = outcomeCounts(run.cases);
  const passRate = report ? Math.round(report.passRate * 100) : undefined;
  return (
    <Row gutter={24} className="run-report__charts" align="middle">
      <Col xs={24} lg={13}>
        <Descriptions size="small" column={1} bordered className="run-summary">
          {report && <Descriptions.Item label={t('task.run.reportName')}>{report.reportName}</Descriptions.Item>}
          <Descriptions.Item label={t('task.run.runStatus')}>
            <Tag color={RUN_STATUS_COLORS[status]}>{t(`task.run.status.${status}`)}</Tag>
          </Descriptions.Item>
          {report && <Descriptions.Item label={t('task.run.summary')}>{reportSummaryText(t, report)}</Descriptions.Item>}
          {passRate !== undefined && <Descriptions.Item label={t('task.run.passRate')}>{passRate}%</Descriptions.Item>}
          <Descriptions.Item label={t('task.run.terminal')}>{run.terminalCode}</Descriptions.Item>
          <Descriptions.Item label={t('task.run.executor')}>{run.executor}</Descriptions.Item>
          {run.baselineVersion && (
            <Descriptions.Item label={t('report.run.versionUnderTest')}>
              {run.testObjectCode ? `${run.testObjectCode} · ${run.baselineVersion}` : run.baselineVersion}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('task.run.startTime')}>{run.startTime}</Descriptions.Item>
          <Descriptions.Item label={t('task.run.endTime')}>{run.endTime}</Descriptions.Item>
          {report && <Descriptions.Item label={t('task.run.runDuration')}>{report.runtimeDurationStr}</Descriptions.Item>}
        </Descriptions>
      </Col>
      <Col xs={24} lg={11}>
        <DonutChart
          title={t('task.run.passRate')}
          data={outcomes.map(({ status: outcome, count }) => ({ label: t(`task.run.caseStatus.${outcome}`), value: count, color: OUTCOME_COLORS[outcome] }))}
          emptyText={t('task.run.noData')}
          totalLabel={t('task.run.cases')}
          height={200}
        />
      </Col>
    </Row>
  );
}

/** The run as a file: a workbook for people, JUnit XML for CI systems (every case, executor, time, version under test). */
function RunExportButtons({ run }: { run: TaskRunDetail }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<'xlsx' | 'junit'>();
  const download = async (format: 'xlsx' | 'junit') => {
    setPending(format);
    try {
      await downloadFile(`${taskSchema.api}/run-export`, { id: run.id, format }, `${run.taskCode}.${format === 'junit' ? 'xml' : 'xlsx'}`);
    } catch {
      // The http client has shown why.
    } finally {
      setPending(undefined);
    }
  };
  return (
    <Space className="run-report__exports">
      <Button size="small" loading={pending === 'xlsx'} onClick={() => void download('xlsx')}>
        {t('report.run.exportXlsx')}
      </Button>
      <Button size="small" loading={pending === 'junit'} onClick={() => void download('junit')}>
        {t('report.run.exportJunit')}
      </Button>
    </Space>
  );
}

/** Pass rates (in %) of the task's last runs, oldest first. */
export function RunTrend({ points }: { points: TrendPoint[] }) {
  const { t } = useTranslation();
  return (
    <LineChart
      title={t('task.run.trend')}
      data={points.map((point) => ({ label: point.startTime.slice(5, 16), value: Math.round(point.passRate * 100) }))}
      emptyText={t('task.run.noData')}
      height={220}
      width={900}
      labelEvery={Math.max(1, Math.ceil(points.length / 6))}
    />
  );
}

/**
 * One run in full: summary with donut, the trend of the task's last runs (on the task screen), and every case with
 * its log. Found by run id (task screen) or by the id of the run's execution record.
 */
export function RunReportView({ runKey, withTrend }: { runKey: { id: string } | { recordId: string }; withTrend: boolean }) {
  const { t } = useTranslation();
  // Records written before runs existed (the demo's history) have no run: an empty view, not an error toast.
  const { result: run, query } = useRunDetail(runKey);
  const trend = useReportTrend(withTrend ? run?.taskId : undefined);
  if (!run) {
    return query.isLoading ? <Spin className="run-report__loading" /> : <Empty description={t('task.run.noRunDetail')} />;
  }
  const points = trend.result.data;
  return (
    <div className="run-report">
      <RunExportButtons run={run} />
      <RunSummary run={run} />
      {withTrend && points.length > 0 && <RunTrend points={points} />}
      <h4 className="crud-section-title">{t('task.run.caseResults')}</h4>
      <RunCasesTable cases={run.cases} />
    </div>
  );
}
