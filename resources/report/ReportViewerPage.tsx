import { useCustom } from '@refinedev/core';
import { App, Button, Card, Col, Empty, Modal, Row, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { downloadFile } from '../../providers/download';
import { CASE_STATUS_COLORS, secondsText } from '../task/runDisplay';
import type { RunCaseStatus } from '../task/runApi';
import { RunAttachmentLinks } from '../task/RunAttachmentLinks';
import { KIND_SPECS, type CaseLog, type ColumnFormat, type FailedCase, type ReportData, type ReportKind, type ReportRow } from './kinds';
import { ReportBarChart } from './ReportBarChart';
import { reportSchema } from './schema';
import { TOKEN_PARAM } from './viewerLinks';
import '../task/taskRun.css';
import './report.css';

const API = reportSchema.api;

const percent = (value: number) => `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
const durationText = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}h ${m}m ${s}s` : m > 0 ? `${m}m ${s}s` : `${s}s`;
};

function formatted(format: ColumnFormat, value: unknown): string {
  const n = Number(value ?? 0);
  switch (format) {
    case 'percent':
      return percent(n);
    case 'ms':
      return `${secondsText(n)} s`;
    case 'seconds':
      return durationText(n);
    case 'int':
      return String(n);
    default:
      return String(value ?? '');
  }
}

/** Pass rates by how a test lead reads them: green from 90 %, amber from 60 %, red below. */
const rateColor = (rate: number) => (rate >= 0.9 ? '#67C23A' : rate >= 0.6 ? '#E6A23C' : '#F56C6C');

const isPassRate = (kind: ReportKind) => kind.startsWith('passRate');

/** The query every call of the viewer carries: the token it was opened with, as the `blade-auth` parameter. */
function useTokenQuery(): Record<string, string> {
  const [search] = useSearchParams();
  const token = search.get(TOKEN_PARAM);
  return token ? { [TOKEN_PARAM]: token } : {};
}

function CaseStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={CASE_STATUS_COLORS[status as RunCaseStatus] ?? 'default'}>{t(`task.run.caseStatus.${status}`)}</Tag>;
}

/** One executed case's output and attachments, read when it is opened. */
function CaseLogDialog({ caseRunId, onClose }: { caseRunId: string; onClose(): void }) {
  const { t } = useTranslation();
  const tokenQuery = useTokenQuery();
  const { query, result } = useCustom<CaseLog>({
    url: `${API}/case-log`,
    method: 'get',
    config: { query: { id: caseRunId, ...tokenQuery } },
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const log = query.data ? result.data : undefined;
  return (
    <Modal open width="70%" title={t('report.viewer.log')} footer={null} onCancel={onClose} destroyOnHidden className="report-log-dialog">
      {!log ? (
        query.isError ? <Empty description={t('report.viewer.notFound')} /> : <Spin />
      ) : (
        <>
          <Space wrap className="report-log-dialog__head">
            <Typography.Text strong>{log.caseCode}</Typography.Text>
            <Typography.Text>{log.caseTitle}</Typography.Text>
            <CaseStatusTag status={log.caseStatus} />
            <Typography.Text type="secondary">
              {log.taskCode} · {log.startedAt} · {secondsText(log.durationMs)} s
            </Typography.Text>
          </Space>
          {log.message && <Typography.Paragraph type="danger">{log.message}</Typography.Paragraph>}
          <pre className="run-log">{log.log || t('report.viewer.noLog')}</pre>
          <Space className="report-log-dialog__attachments" align="baseline">
            <Typography.Text strong>{t('task.run.attachments')}</Typography.Text>
            <RunAttachmentLinks attachments={log.attachments ?? []} url={`${API}/case-attachment`} query={tokenQuery} />
          </Space>
        </>
      )}
    </Modal>
  );
}

function Figures({ data }: { data: ReportData }) {
  const { t } = useTranslation();
  const kind = data.report.reportKind;
  const rows = data.rows;
  if (isPassRate(kind)) {
    const total = rows.reduce((sum, row) => sum + Number(row.totalCount ?? 0), 0);
    const passed = rows.reduce((sum, row) => sum + Number(row.passedCount ?? 0), 0);
    return (
      <Row gutter={16} className="report-viewer__kpis">
        <Col xs={12} md={6}>
          <Card size="small"><Statistic title={t('report.viewer.kpi.groups')} value={rows.length} /></Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small"><Statistic title={t('report.viewer.kpi.cases')} value={total} /></Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('report.viewer.kpi.passRate')} value={total === 0 ? '-' : percent(passed / total)} valueStyle={total === 0 ? undefined : { color: rateColor(passed / total) }} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small"><Statistic title={t('report.viewer.kpi.failed')} value={total - passed} valueStyle={total - passed > 0 ? { color: '#F56C6C' } : undefined} /></Card>
        </Col>
      </Row>
    );
  }
  return (
    <Row gutter={16} className="report-viewer__kpis">
      <Col xs={12} md={6}>
        <Card size="small"><Statistic title={t('report.viewer.kpi.groups')} value={rows.length} /></Card>
      </Col>
      <Col xs={12} md={6}>
        <Card size="small"><Statistic title={t('report.viewer.failures')} value={data.failures.length} /></Card>
      </Col>
    </Row>
  );
}

function chartData(kind: ReportKind, rows: ReportRow[]) {
  const spec = KIND_SPECS[kind];
  return rows.map((row) => {
    const value = Number(row[spec.chart.value] ?? 0);
    const shares = spec.columns.find((column) => column.key === spec.chart.value)?.format === 'percent';
    return {
      label: String(row[spec.chart.label] ?? ''),
      value: shares ? Math.round(value * 1000) / 10 : value,
      color: isPassRate(kind) ? rateColor(value) : kind === 'flakiestCases' ? '#E6A23C' : undefined,
    };
  });
}

/**
 * The report viewer: the definition's figures as a chart and a table, its export, and the cases that did not pass,
 * each opening its log. Opened in the iframe route with the token as `blade-auth`, which every call passes on.
 */
export default function ReportViewerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { id = '' } = useParams();
  const tokenQuery = useTokenQuery();
  const [openCase, setOpenCase] = useState<string>();
  const [exporting, setExporting] = useState(false);
  const { query, result } = useCustom<ReportData>({
    url: `${API}/data`,
    method: 'get',
    config: { query: { id, ...tokenQuery } },
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const data = query.data ? result.data : undefined;
  if (!data) {
    return (
      <div className="report-viewer report-viewer--state">{query.isError ? <Empty description={t('report.viewer.notFound')} /> : <Spin size="large" />}</div>
    );
  }
  const kind = data.report.reportKind;
  const spec = KIND_SPECS[kind];
  const chartUnit = t(`report.unit.${kind}`);
  const opensCase = kind === 'slowestCases' || kind === 'flakiestCases';

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadFile(`${API}/export`, { id, ...tokenQuery }, `${data.report.reportName}.xlsx`);
      void message.success(t('report.viewer.exported'));
    } catch {
      // The http client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnType<ReportRow>[] = spec.columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: t(`report.column.${kind}.${column.key}`),
    align: column.format === 'text' ? 'left' : 'right',
    ellipsis: column.key === 'caseTitle' || column.key === 'name',
    render: (value: unknown, row: ReportRow) => {
      if (column.key === 'lastStatus') return <CaseStatusTag status={String(value)} />;
      if (column.key === 'caseCode' && opensCase && row.caseRunId) {
        return (
          <Typography.Link onClick={() => setOpenCase(String(row.caseRunId))} title={t('report.viewer.openLog')}>
            {String(value)}
          </Typography.Link>
        );
      }
      if (column.format === 'percent' && (isPassRate(kind) || kind === 'flakiestCases')) {
        return <span style={{ color: rateColor(Number(value)), fontWeight: 600 }}>{formatted(column.format, value)}</span>;
      }
      return formatted(column.format, value);
    },
  }));

  const failureColumns: TableColumnType<FailedCase>[] = [
    {
      key: 'caseCode',
      dataIndex: 'caseCode',
      title: t('report.viewer.caseCode'),
      width: 170,
      render: (value: string, row) => <Typography.Link onClick={() => setOpenCase(row.id)}>{value}</Typography.Link>,
    },
    { key: 'caseTitle', dataIndex: 'caseTitle', title: t('report.viewer.caseTitle'), ellipsis: true },
    { key: 'taskCode', dataIndex: 'taskCode', title: t('report.viewer.task'), width: 150, ellipsis: true },
    { key: 'terminalCode', dataIndex: 'terminalCode', title: t('report.viewer.terminal'), width: 130, ellipsis: true },
    { key: 'caseStatus', dataIndex: 'caseStatus', title: t('report.viewer.result'), width: 90, render: (value: string) => <CaseStatusTag status={value} /> },
    { key: 'message', dataIndex: 'message', title: t('report.viewer.message'), ellipsis: true },
    { key: 'durationMs', dataIndex: 'durationMs', title: t('report.viewer.duration'), width: 90, align: 'right', render: (ms: number) => `${secondsText(ms)} s` },
    { key: 'endedAt', dataIndex: 'endedAt', title: t('report.viewer.endedAt'), width: 170 },
    {
      key: 'log',
      title: '',
      width: 100,
      render: (_: unknown, row) => (
        <Button size="small" type="link" onClick={() => setOpenCase(row.id)}>
          {t('report.viewer.openLog')}
        </Button>
      ),
    },
  ];

  return (
    <div className="report-viewer">
      <header className="report-viewer__head">
        <div>
          <Typography.Title level={3} className="report-viewer__title">
            {data.report.reportName}
          </Typography.Title>
          <Space wrap size={[16, 4]} className="report-viewer__meta">
            <Tag color="blue">{t(`report.kind.${kind}`)}</Tag>
            <span>
              {t('report.viewer.period')}: {data.report.periodText || t('report.viewer.allTime')}
            </span>
            <span>
              {t('report.viewer.generatedAt')}: {data.generatedAt}
            </span>
          </Space>
        </div>
        <Space>
          <Button onClick={() => void query.refetch()} loading={query.isFetching && !exporting}>
            {t('report.viewer.refresh')}
          </Button>
          <Button type="primary" onClick={() => void exportXlsx()} loading={exporting}>
            {t('report.viewer.export')}
          </Button>
        </Space>
      </header>

      <Figures data={data} />

      <Card size="small" title={`${t(`report.kind.${kind}`)} (${chartUnit})`} className="report-viewer__card">
        <ReportBarChart
          title={t(`report.kind.${kind}`)}
          data={chartData(kind, data.rows)}
          emptyText={t('report.viewer.noData')}
          max={spec.chart.unit.en === '%' ? 100 : undefined}
          format={(value) => (spec.chart.unit.en === '%' ? `${value}%` : `${value} ${chartUnit}`)}
        />
      </Card>

      <Card size="small" title={t('report.viewer.table')} className="report-viewer__card">
        <Table<ReportRow>
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={data.rows}
          pagination={false}
          locale={{ emptyText: t('report.viewer.noData') }}
          className="report-viewer__table"
        />
      </Card>

      <Card
        size="small"
        title={t('report.viewer.failures')}
        extra={<Typography.Text type="secondary">{t('report.viewer.failuresHint')}</Typography.Text>}
        className="report-viewer__card"
      >
        <Table<FailedCase>
          rowKey="id"
          size="small"
          columns={failureColumns}
          dataSource={data.failures}
          pagination={data.failures.length > 10 ? { pageSize: 10, size: 'small' } : false}
          locale={{ emptyText: t('report.viewer.noData') }}
          className="report-viewer__failures"
        />
      </Card>
      {openCase && <CaseLogDialog caseRunId={openCase} onClose={() => setOpenCase(undefined)} />}
    </div>
  );
}
