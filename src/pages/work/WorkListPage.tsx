import { useCustomMutation } from '@refinedev/core';
import { Button, Card, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../../providers/access';
import { useRegistry } from '../../registry';
import { FLOW_API, flowPaths, flowRouteKeyOf, useInvalidateWork, useWorkPage, WORK_ACTION_CODE, type WorkKind, type WorkRow } from './workApi';

const PAGE_SIZE = 10;

/**
 * One of 我的事务's lists, paged: the processes the user may start (发起事务, or only the leave process under
 * 请假流程), the tasks to claim (待签), to handle (待办), the processes the user started (已发) and the tasks done (办结).
 */
export default function WorkListPage({ kind }: { kind: WorkKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registry = useRegistry();
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE });
  const query = useWorkPage(kind, page.current, page.size);
  const { mutate: claim, mutation: claiming } = useCustomMutation();
  const invalidateWork = useInvalidateWork();
  const data = query.data?.data;
  const allowed = hasPermission(WORK_ACTION_CODE[kind]);
  const routeKey = (row: WorkRow) => flowRouteKeyOf(registry, row.category);

  const onClaim = (row: WorkRow) =>
    claim(
      {
        url: `${FLOW_API}/work/claim-task`,
        method: 'post',
        values: {},
        meta: { query: { taskId: row.taskId } },
        successNotification: () => ({ message: t('work.claimed'), type: 'success' }),
        errorNotification: false,
      },
      // The list and the counts on 待签事务 and 待办事务.
      { onSuccess: () => void invalidateWork() },
    );

  const finishedTag = (row: WorkRow) =>
    row.processIsFinished === 'finished' ? <Tag color="success">{t('work.finished')}</Tag> : <Tag color="processing">{t('work.unfinished')}</Tag>;

  const startColumns: ColumnsType<WorkRow> = [
    { key: 'categoryName', dataIndex: 'categoryName', title: t('work.fields.category') },
    { key: 'key', dataIndex: 'key', title: t('work.fields.key') },
    { key: 'name', dataIndex: 'name', title: t('work.fields.processName') },
    { key: 'version', dataIndex: 'version', title: t('work.fields.version'), render: (value: number) => <Tag>v{value}</Tag> },
    { key: 'deploymentTime', dataIndex: 'deploymentTime', title: t('work.fields.deploymentTime') },
  ];
  const taskColumns: ColumnsType<WorkRow> = [
    { key: 'categoryName', dataIndex: 'categoryName', title: t('work.fields.category') },
    { key: 'processDefinitionName', dataIndex: 'processDefinitionName', title: t('work.fields.processName') },
    { key: 'taskName', dataIndex: 'taskName', title: t('work.fields.taskName') },
    { key: 'startUser', dataIndex: 'startUser', title: t('work.fields.startUser') },
    { key: 'version', dataIndex: 'processDefinitionVersion', title: t('work.fields.version'), render: (value: number) => <Tag>v{value}</Tag> },
    {
      key: 'createTime',
      dataIndex: kind === 'done' ? 'processInstanceStartTime' : 'createTime',
      title: t(kind === 'done' ? 'work.fields.applyTime' : 'work.fields.taskTime'),
    },
    ...(kind === 'done' ? [{ key: 'endTime', dataIndex: 'endTime', title: t('work.fields.endTime') }] : []),
    ...(kind === 'done' ? [{ key: 'state', title: t('work.fields.state'), render: (_: unknown, row: WorkRow) => finishedTag(row) }] : []),
  ];
  const sendColumns: ColumnsType<WorkRow> = [
    { key: 'categoryName', dataIndex: 'categoryName', title: t('work.fields.category') },
    { key: 'processDefinitionName', dataIndex: 'processDefinitionName', title: t('work.fields.processName') },
    { key: 'taskName', dataIndex: 'taskName', title: t('work.fields.taskName') },
    { key: 'assigneeName', dataIndex: 'assigneeName', title: t('work.fields.assignee') },
    { key: 'version', dataIndex: 'processDefinitionVersion', title: t('work.fields.version'), render: (value: number) => <Tag>v{value}</Tag> },
    { key: 'createTime', dataIndex: 'createTime', title: t('work.fields.applyTime') },
    { key: 'endTime', dataIndex: 'endTime', title: t('work.fields.endTime') },
    { key: 'state', title: t('work.fields.state'), render: (_, row) => finishedTag(row) },
  ];

  const action = (row: WorkRow) => {
    const key = routeKey(row);
    // A button the role lacks offers nothing to click.
    if (!allowed) return null;
    if (kind === 'start' || kind === 'leave')
      return (
        <Button type="link" size="small" onClick={() => navigate(flowPaths.form(key, row.processDefinitionId ?? ''))}>
          {t('work.actions.start')}
        </Button>
      );
    if (kind === 'claim')
      return (
        <Button type="link" size="small" loading={claiming.isPending} onClick={() => onClaim(row)}>
          {t('work.actions.claim')}
        </Button>
      );
    if (kind === 'todo')
      return (
        <Button type="link" size="small" onClick={() => navigate(flowPaths.handle(key, row))}>
          {t('work.actions.handle')}
        </Button>
      );
    return (
      <Button type="link" size="small" onClick={() => navigate(flowPaths.detail(key, row))}>
        {t('work.actions.detail')}
      </Button>
    );
  };

  const base = kind === 'start' || kind === 'leave' ? startColumns : kind === 'send' ? sendColumns : taskColumns;
  const columns: ColumnsType<WorkRow> = [...base, { key: 'actions', title: t('work.fields.actions'), render: (_, row) => <Space>{action(row)}</Space> }];

  return (
    <Card variant="borderless" className="work-list" data-work-list={kind}>
      <Table<WorkRow>
        rowKey={(row) => row.taskId ?? row.processInstanceId ?? row.processDefinitionId ?? row.id ?? ''}
        size="middle"
        loading={query.isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('work.total', { total }),
          onChange: (current, size) => setPage({ current, size }),
        }}
      />
    </Card>
  );
}
