import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RunAttachmentLinks } from './RunAttachmentLinks';
import type { TaskRunCase } from './runApi';
import { CASE_STATUS_COLORS, secondsText } from './runDisplay';
import './taskRun.css';

/** The cases of one run: outcome, terminal, exit code, time, message and attachments per case, its output under the row. */
export function RunCasesTable({ cases, loading }: { cases: TaskRunCase[]; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table<TaskRunCase>
      className="run-cases"
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={cases}
      locale={{ emptyText: t('task.run.noData') }}
      // Logs are long: one click shows a case's output, several can be open to compare.
      expandable={{
        expandedRowRender: (item) => <pre className="run-log">{item.log || t('task.run.noLog')}</pre>,
        rowExpandable: () => true,
      }}
      columns={[
        { title: t('task.run.caseCode'), dataIndex: 'caseCode', width: 180 },
        { title: t('task.run.caseTitle'), dataIndex: 'caseTitle', ellipsis: true },
        {
          title: t('task.run.caseStatusColumn'),
          dataIndex: 'caseStatus',
          width: 100,
          render: (status: TaskRunCase['caseStatus']) => <Tag color={CASE_STATUS_COLORS[status]}>{t(`task.run.caseStatus.${status}`)}</Tag>,
        },
        // A run spreads its cases over its task's terminals: which one took the case (none yet while pending).
        { title: t('task.run.terminal'), dataIndex: 'terminalCode', width: 140, ellipsis: true, render: (code: string | undefined) => code || '-' },
        { title: t('task.run.exitCode'), dataIndex: 'exitCode', width: 80, render: (code: number) => (code === -1 ? '-' : code) },
        { title: t('task.run.caseDuration'), dataIndex: 'durationMs', width: 100, render: (ms: number) => secondsText(ms) },
        { title: t('task.run.message'), dataIndex: 'message', ellipsis: true },
        {
          title: t('task.run.attachments'),
          dataIndex: 'attachments',
          width: 220,
          // Runs read before attachments existed (a cached answer) have none.
          render: (attachments: TaskRunCase['attachments'] | undefined) => <RunAttachmentLinks attachments={attachments ?? []} />,
        },
      ]}
    />
  );
}
