import { Card, Descriptions, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../resources/types';
import { useFieldOptions } from '../../components/crud/useFieldOptions';
import { useFlowHistory, type HistoryRow, type LeaveRecord } from './workApi';

/** The leave-type field as the tenant's business dictionary `leave_type` offers it (事假, 病假, 年假). */
export const LEAVE_TYPE_FIELD: FieldSchema = { name: 'leaveType', type: 'string', label: { zh: '请假类型', en: 'Leave type' }, dict: { code: 'leave_type', biz: true } };

/** A leave day as people write it: the date alone when the time is midnight. */
const dayText = (value: string) => value.replace(/ 00:00:00$/, '');

/** A leave request, read-only (the handle and detail routes). */
export function LeaveRecordCard({ record, loading }: { record?: LeaveRecord; loading: boolean }) {
  const { t } = useTranslation();
  const types = useFieldOptions(LEAVE_TYPE_FIELD);
  const typeLabel = types.find((option) => String(option.value) === record?.leaveType)?.label ?? record?.leaveType;
  return (
    <Card variant="borderless" title={t('work.leave.record')} loading={loading} className="leave-record">
      {record && (
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label={t('work.leave.applicant')}>{record.createUserName}</Descriptions.Item>
          <Descriptions.Item label={t('work.leave.applyTime')}>{record.applyTime}</Descriptions.Item>
          <Descriptions.Item label={t('work.leave.leaveType')}>{typeLabel}</Descriptions.Item>
          <Descriptions.Item label={t('work.leave.days')}>{record.days}</Descriptions.Item>
          <Descriptions.Item label={t('work.leave.startTime')}>{dayText(record.startTime)}</Descriptions.Item>
          <Descriptions.Item label={t('work.leave.endTime')}>{dayText(record.endTime)}</Descriptions.Item>
          <Descriptions.Item label={t('work.leave.reason')} span={2}>
            {record.reason}
          </Descriptions.Item>
          <Descriptions.Item label={t('work.fields.state')} span={2}>
            {record.flow?.status === 'finished' ? (
              <Tag color="success">{t('work.finished')}</Tag>
            ) : (
              <Tag color="processing">{record.flow?.taskName ? `${t('work.unfinished')} · ${record.flow.taskName}` : t('work.unfinished')}</Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/** Who did what in an instance: its start, each task with holder, times and comment, its end. */
export function FlowHistoryCard({ processInstanceId }: { processInstanceId?: string }) {
  const { t } = useTranslation();
  const query = useFlowHistory(processInstanceId);
  const columns: ColumnsType<HistoryRow> = [
    { key: 'historyActivityName', dataIndex: 'historyActivityName', title: t('work.history.activity') },
    { key: 'assigneeName', dataIndex: 'assigneeName', title: t('work.history.assignee') },
    { key: 'createTime', dataIndex: 'createTime', title: t('work.history.createTime') },
    { key: 'endTime', dataIndex: 'endTime', title: t('work.history.endTime') },
    { key: 'historyActivityDurationTime', dataIndex: 'historyActivityDurationTime', title: t('work.history.duration') },
    { key: 'comment', dataIndex: 'comment', title: t('work.history.comment') },
  ];
  return (
    <Card variant="borderless" title={t('work.history.title')} className="flow-history">
      <Table<HistoryRow>
        rowKey={(row) => `${row.historyActivityId}-${row.createTime}`}
        size="small"
        pagination={false}
        loading={query.isFetching}
        columns={columns}
        dataSource={query.data?.data ?? []}
      />
    </Card>
  );
}
