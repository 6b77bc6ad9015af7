import { useCustom } from '@refinedev/core';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import './genericMessages';
import { FlowTaskLayout } from './FlowTaskLayout';
import { FLOW_API } from './workApi';

/** What `process/instance-detail` answers: the start form's title and reason, who started it and when. */
interface StartedWith {
  title: string;
  reason: string;
  startUserName: string;
  startTime: string;
  status: 'finished' | 'unfinished';
}

/** What the process was started with, read-only: what its holder decides on. */
function StartedWithCard({ processInstanceId }: { processInstanceId?: string }) {
  const { t } = useTranslation();
  const { query } = useCustom<StartedWith>({
    url: `${FLOW_API}/process/instance-detail`,
    method: 'get',
    config: { query: { processInstanceId } },
    errorNotification: false,
    queryOptions: { enabled: !!processInstanceId },
  });
  const record = query.data?.data;
  return (
    <Card variant="borderless" title={t('work.generic.record')} loading={query.isLoading} className="generic-record">
      {record && (
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={t('work.generic.title')} span={2}>
            {record.title}
          </Descriptions.Item>
          <Descriptions.Item label={t('work.generic.starter')}>{record.startUserName}</Descriptions.Item>
          <Descriptions.Item label={t('work.generic.startTime')}>{record.startTime}</Descriptions.Item>
          <Descriptions.Item label={t('work.generic.reason')} span={2}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{record.reason}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('work.fields.state')} span={2}>
            {record.status === 'finished' ? <Tag color="success">{t('work.finished')}</Tag> : <Tag color="processing">{t('work.unfinished')}</Tag>}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/**
 * A task of a process without a form of its own: what it was started with (title, reason, starter) on top; under
 * `handle` its holder writes a comment and approves (同意) or rejects (驳回) it; both modes show the history and the
 * diagram with the path taken so far.
 */
export default function GenericTaskPage({ mode }: { mode: 'handle' | 'detail' }) {
  const { t } = useTranslation();
  const { processInstanceId } = useParams();
  return (
    <FlowTaskLayout
      mode={mode}
      className={`generic-task-${mode}`}
      record={<StartedWithCard processInstanceId={processInstanceId} />}
      texts={{
        title: t('work.leave.approval'),
        pass: t('work.actions.pass'),
        reject: t('work.actions.reject'),
        placeholder: t('work.leave.commentPlaceholder'),
        submitted: t('work.leave.submitted'),
      }}
    />
  );
}
