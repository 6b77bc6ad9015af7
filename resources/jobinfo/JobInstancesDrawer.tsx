import { useOne, type BaseRecord } from '@refinedev/core';
import { PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../providers/access';
import type { BladeMeta } from '../../providers/data';
import { RUN_STATUS_COLORS } from '../task/runDisplay';
import { isActive, toRunStatus } from '../task/runStatus';
import { TaskRecordRunLink } from '../taskrecord/TaskRecordRunLink';
import { operationCode } from '../types';
import { JobRunStatusTag } from './JobRunStatusTag';
import { JOB_TRIGGER_TYPE_OPTIONS } from './schema';
import type { RecordViewProps } from '../../src/components/crud/descriptor';
import { localizedOptions, optionLabelOf } from '../../src/components/crud/schemaMapping';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { useResourceTable } from '../../src/components/crud/useResourceTable';
import './messages';

/** A test run a `runTestTask` instance started, as the server reads it now. */
interface StartedTestRun {
  recordId: string;
  taskCode: string;
  runStatus: number;
  runStatusName: string;
  totalCount: number;
  passedCount: number;
}

interface JobInstance extends BaseRecord {
  id: string;
  triggerType: number;
  instanceStatus: number;
  triggerTime: string;
  finishTime: string;
  durationMs: number;
  attempts: number;
  result: string;
  runs?: StartedTestRun[];
}

const RUNNING = 2;
/** While an instance runs, the list is read again this often. */
const POLL_MS = 3000;

/** Whether an instance, or a test run one started, is still going. */
const isRunning = (rows: readonly JobInstance[]) =>
  rows.some((row) => row.instanceStatus === RUNNING || (row.runs ?? []).some((run) => isActive(toRunStatus(run.runStatus))));

const durationText = (ms: number) => (ms < 0 ? '' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/**
 * 运行记录: the instances of one job over the list (`<route>/:id/instances`), newest first, each with how it was
 * triggered, its state, timing, the test runs it started (each opens its report) and what its processor answered.
 * Read again while one is going; 运行 starts one.
 */
export default function JobInstancesDrawer({ schema, id, onClose }: RecordViewProps) {
  const { t, i18n } = useTranslation();
  const meta: BladeMeta = { endpoints: { list: 'instance-list' }, query: { jobId: id } };
  const { tableProps, tableQuery } = useResourceTable<JobInstance>({
    resource: schema.name,
    syncWithLocation: false,
    meta,
    pagination: { pageSize: 10 },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
    // Read again while one is still going.
    queryOptions: { refetchInterval: (query) => (isRunning(query.state.data?.data ?? []) ? POLL_MS : false) },
  });
  const { result: job } = useOne<BaseRecord>({ resource: schema.name, id, errorNotification: false });
  const { refetch } = tableQuery;
  const { message } = App.useApp();
  const { call, pending: starting } = useResourceCall();
  const mayRun = hasPermission(operationCode(schema, 'run'));
  /** 运行 from the drawer: one instance now, shown at the top of the list. */
  const runNow = async () => {
    try {
      // The runs here and the job's 最近运行 in the list behind.
      await call({ url: `${schema.api}/run`, query: { id }, invalidates: [schema.name] });
      void message.success(t('crud.operationDone', { name: t(`${schema.name}.operations.run`) }));
    } catch {
      // The http layer showed why.
    }
  };

  return (
    <Drawer
      open
      width="75%"
      onClose={onClose}
      destroyOnHidden
      className="job-instances"
      title={t('jobinfo.instances.title', { name: String(job?.jobName ?? '') })}
      extra={
        <Space>
          {mayRun && (
            <Button type="primary" icon={<PlayCircleOutlined />} loading={starting} onClick={() => void runNow()}>
              {t(`${schema.name}.operations.run`)}
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
            {t('jobinfo.instances.refresh')}
          </Button>
        </Space>
      }
    >
      <Table<JobInstance>
        {...tableProps}
        rowKey="id"
        size="small"
        locale={{ emptyText: t('jobinfo.instances.empty') }}
        columns={[
          { title: t('jobinfo.instances.triggerTime'), dataIndex: 'triggerTime', width: 165 },
          {
            title: t('jobinfo.instances.triggerType'),
            dataIndex: 'triggerType',
            width: 90,
            render: (value: number) => optionLabelOf(localizedOptions(JOB_TRIGGER_TYPE_OPTIONS, i18n.language), value),
          },
          {
            title: t('jobinfo.instances.status'),
            dataIndex: 'instanceStatus',
            width: 80,
            render: (value: number) => <JobRunStatusTag value={value} />,
          },
          { title: t('jobinfo.instances.duration'), dataIndex: 'durationMs', width: 80, align: 'right', render: durationText },
          { title: t('jobinfo.instances.attempts'), dataIndex: 'attempts', width: 80, align: 'right' },
          {
            title: t('jobinfo.instances.testRuns'),
            dataIndex: 'runs',
            width: 270,
            render: (runs: StartedTestRun[] | undefined) => (
              <Space direction="vertical" size={2}>
                {(runs ?? []).map((run) => (
                  <Space key={run.recordId} size={6} wrap={false} className="job-instances__run">
                    <TaskRecordRunLink recordId={run.recordId} taskCode={run.taskCode} />
                    <Tag color={RUN_STATUS_COLORS[toRunStatus(run.runStatus)]}>{run.runStatusName}</Tag>
                    <span>{t('jobinfo.instances.passed', { passed: run.passedCount, total: run.totalCount })}</span>
                  </Space>
                ))}
              </Space>
            ),
          },
          {
            title: t('jobinfo.instances.result'),
            dataIndex: 'result',
            ellipsis: { showTitle: false },
            render: (value: string) => (
              <Tooltip title={value} placement="topLeft">
                <span className="job-instances__result">{value}</span>
              </Tooltip>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
