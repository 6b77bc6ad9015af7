import { Button, Card, Col, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RecentTaskRecord } from '../../../resources/wire';
import { BarChart, DonutChart, LineChart } from '../../components/charts';
import { FigureCards } from './FigureCards';
import { FiguresLoadError } from './FiguresLoadError';
import { shortDay, useStatusData, useStatusLabel } from './statusLabels';
import { useDashboardFigures } from './useDashboardFigures';
import './dashboard.css';

/** Tag colours of execution states (dictionary task_execution_status): waiting, running, success, failure, cancelled. */
const EXECUTION_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error', '4': 'warning' };

/** The full dashboard: key figures, tasks by run status, terminals by running status, runs per day, recent runs. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { figures, loading, failed, reload } = useDashboardFigures();
  const statusData = useStatusData();
  const statusLabel = useStatusLabel();
  const noData = t('figures.noData');

  const columns: ColumnsType<RecentTaskRecord> = [
    { key: 'projectCode', dataIndex: 'projectCode', title: t('taskrecord.fields.projectCode') },
    { key: 'taskCode', dataIndex: 'taskCode', title: t('taskrecord.fields.taskCode') },
    { key: 'terminalCode', dataIndex: 'terminalCode', title: t('taskrecord.fields.terminalCode') },
    {
      key: 'executionStatus',
      dataIndex: 'executionStatus',
      title: t('taskrecord.fields.executionStatus'),
      render: (_, record) => (
        <Tag color={EXECUTION_COLORS[record.executionStatus ?? ''] ?? 'default'}>
          {statusLabel('task_execution_status', record.executionStatus, record.executionStatusLabel)}
        </Tag>
      ),
    },
    { key: 'executor', dataIndex: 'executor', title: t('taskrecord.fields.executor') },
    { key: 'executeTime', dataIndex: 'executeTime', title: t('taskrecord.fields.executeTime') },
  ];

  const chartCard = (title: string, chart: ReactNode) => (
    <Card variant="borderless" title={title} className="dashboard-page__chart">
      {loading ? <Skeleton active /> : chart}
    </Card>
  );

  return (
    <div className="dashboard-page">
      <div className="dashboard-page__head">
        <Typography.Title level={4}>{t('figures.title')}</Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={reload} loading={loading}>
          {t('figures.refresh')}
        </Button>
      </div>
      {failed && <FiguresLoadError onRetry={reload} />}
      <FigureCards figures={figures} loading={loading} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {chartCard(
            t('figures.tasksByRunStatus'),
            <BarChart
              title={t('figures.tasksByRunStatus')}
              data={statusData('task_run_status', figures?.tasks.byStatus ?? [])}
              emptyText={noData}
            />,
          )}
        </Col>
        <Col xs={24} lg={10}>
          {chartCard(
            t('figures.terminalsByRunningStatus'),
            <DonutChart
              title={t('figures.terminalsByRunningStatus')}
              data={statusData('terminal_running_status', figures?.terminals.byStatus ?? [])}
              emptyText={noData}
              totalLabel={t('figures.terminals')}
            />,
          )}
        </Col>
        <Col xs={24}>
          {chartCard(
            t('figures.runsPerDay', { days: figures?.runsPerDay.length ?? 14 }),
            <LineChart
              title={t('figures.runsPerDay', { days: figures?.runsPerDay.length ?? 14 })}
              data={(figures?.runsPerDay ?? []).map((day) => ({ label: shortDay(day.date), value: day.count }))}
              emptyText={noData}
              height={220}
              width={1100}
            />,
          )}
        </Col>
        <Col xs={24}>
          <Card
            variant="borderless"
            title={t('figures.recentRecords')}
            extra={
              <Button type="link" onClick={() => navigate('/test/taskrecord')}>
                {t('figures.viewAll')}
              </Button>
            }
          >
            <Table<RecentTaskRecord>
              className="dashboard-page__recent"
              rowKey="id"
              size="small"
              loading={loading}
              columns={columns}
              dataSource={figures?.recentRecords ?? []}
              pagination={false}
              locale={{ emptyText: noData }}
              scroll={{ x: 720 }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
