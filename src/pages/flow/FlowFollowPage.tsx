import { App, Button, Card, Drawer, Form, Input, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../providers/access';
import { useResourceCall } from '../../components/crud/useResourceCall';
import FlowDiagram from '../../components/flow/FlowDiagram';
import '../../components/flow/messages';
import { useFlowPage } from './useFlowPage';

/** A running instance as `follow/list` answers it: the process, and who has it now since when. */
interface RunningInstance {
  processInstanceId: string;
  processDefinitionName: string;
  processDefinitionKey: string;
  processDefinitionVersion: number;
  startUser: string;
  createTime: string;
  taskName: string;
  assigneeName: string;
  taskCreateTime: string;
}

const FOLLOW = '/api/blade-flow/follow';

/** 流程跟踪: the running instances, where each stands and with whom; its diagram in a drawer; 删除 with a reason. */
export default function FlowFollowPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { rows, loading, reload, pagination } = useFlowPage<RunningInstance>(`${FOLLOW}/list`);
  const { call, pending } = useResourceCall();
  const [shown, setShown] = useState<RunningInstance>();
  const [deleting, setDeleting] = useState<RunningInstance>();
  const [form] = Form.useForm<{ deleteReason: string }>();

  const remove = async () => {
    if (!deleting) return;
    const { deleteReason } = await form.validateFields();
    await call({ url: `${FOLLOW}/delete-process-instance`, query: { processInstanceId: deleting.processInstanceId, deleteReason: deleteReason.trim() }, invalidates: [] });
    void message.success(t('flow.follow.deleted'));
    setDeleting(undefined);
    form.resetFields();
    reload();
  };

  const columns: ColumnsType<RunningInstance> = [
    { title: t('flow.follow.processName'), dataIndex: 'processDefinitionName' },
    { title: t('flow.follow.key'), dataIndex: 'processDefinitionKey' },
    { title: t('flow.follow.version'), dataIndex: 'processDefinitionVersion', render: (version: number) => `v${version}` },
    { title: t('flow.follow.startUser'), dataIndex: 'startUser' },
    { title: t('flow.follow.startTime'), dataIndex: 'createTime' },
    { title: t('flow.follow.taskName'), dataIndex: 'taskName', render: (name: string) => (name ? <Tag color="orange">{name}</Tag> : null) },
    { title: t('flow.follow.assignee'), dataIndex: 'assigneeName', render: (name: string, row) => name || (row.taskName ? t('flow.follow.unclaimed') : '') },
    { title: t('flow.follow.since'), dataIndex: 'taskCreateTime' },
    {
      title: t('flow.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={0}>
          {hasPermission('flow_follow_view') ? (
            <Button type="link" size="small" onClick={() => setShown(row)}>
              {t('flow.view')}
            </Button>
          ) : null}
          {hasPermission('flow_follow_delete') ? (
            <Button type="link" size="small" danger onClick={() => setDeleting(row)}>
              {t('flow.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Table<RunningInstance> rowKey="processInstanceId" size="middle" columns={columns} dataSource={rows} loading={loading} pagination={pagination} />
      <Drawer
        open={Boolean(shown)}
        width="70%"
        destroyOnHidden
        title={shown ? `${t('flow.diagram.title')} · ${shown.processDefinitionName}` : ''}
        onClose={() => setShown(undefined)}
      >
        {shown ? (
          <FlowDiagram processInstanceId={shown.processInstanceId} height="calc(100vh - 200px)" />
        ) : null}
      </Drawer>
      <Modal
        open={Boolean(deleting)}
        title={t('flow.follow.deleteTitle')}
        okButtonProps={{ danger: true, loading: pending }}
        onOk={() => void remove().catch(() => undefined)}
        onCancel={() => {
          setDeleting(undefined);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="deleteReason"
            label={t('flow.follow.deleteReason')}
            rules={[{ required: true, whitespace: true, message: t('flow.follow.deleteReasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={255} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
