import { App, Button, Card, Drawer, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../providers/access';
import { useResourceCall } from '../../components/crud/useResourceCall';
import FlowDiagram from '../../components/flow/FlowDiagram';
import '../../components/flow/messages';
import { useFlowPage } from './useFlowPage';

/** A deployed process definition as `manager/list` answers it. */
interface DeployedProcess {
  processDefinitionId: string;
  deploymentId: string;
  categoryName: string;
  category: string;
  name: string;
  key: string;
  version: number;
  suspensionState: number;
  deploymentTime: string;
}

const MANAGER = '/api/blade-flow/manager';
const ACTIVE = 1;

/**
 * 流程管理: the deployed process definitions, each version on its own row; 激活/挂起 (a suspended process starts
 * nothing), its diagram in a drawer, and 删除 of the deployment (its running instances end with it).
 */
export default function FlowManagerPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { rows, loading, reload, pagination } = useFlowPage<DeployedProcess>(`${MANAGER}/list`);
  const { call, pending } = useResourceCall();
  const [shown, setShown] = useState<DeployedProcess>();

  const changeState = async (row: DeployedProcess) => {
    const activate = row.suspensionState !== ACTIVE;
    await call({ url: `${MANAGER}/change-state`, query: { processId: row.processDefinitionId, state: activate ? 'active' : 'suspend' }, invalidates: [] });
    void message.success(t(activate ? 'flow.manager.activated' : 'flow.manager.suspendedDone', { id: row.processDefinitionId }));
    reload();
  };
  const remove = async (row: DeployedProcess) => {
    await call({ url: `${MANAGER}/delete-deployment`, query: { deploymentIds: row.deploymentId }, invalidates: [] });
    void message.success(t('flow.manager.deleted'));
    reload();
  };

  const columns: ColumnsType<DeployedProcess> = [
    { title: t('flow.manager.category'), dataIndex: 'categoryName', render: (name: string, row) => name || row.category },
    { title: t('flow.manager.name'), dataIndex: 'name' },
    { title: t('flow.manager.key'), dataIndex: 'key' },
    { title: t('flow.manager.version'), dataIndex: 'version', render: (version: number) => `v${version}` },
    {
      title: t('flow.manager.state'),
      dataIndex: 'suspensionState',
      render: (state: number) => (state === ACTIVE ? <Tag color="green">{t('flow.manager.active')}</Tag> : <Tag color="orange">{t('flow.manager.suspended')}</Tag>),
    },
    { title: t('flow.manager.deploymentTime'), dataIndex: 'deploymentTime' },
    {
      title: t('flow.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={0}>
          {hasPermission('flow_manager_state') ? (
            <Button type="link" size="small" disabled={pending} onClick={() => void changeState(row).catch(() => undefined)}>
              {t(row.suspensionState === ACTIVE ? 'flow.manager.suspend' : 'flow.manager.activate')}
            </Button>
          ) : null}
          {hasPermission('flow_manager_view') ? (
            <Button type="link" size="small" onClick={() => setShown(row)}>
              {t('flow.view')}
            </Button>
          ) : null}
          {hasPermission('flow_manager_delete') ? (
            <Popconfirm title={t('flow.manager.deleteConfirm')} onConfirm={() => remove(row).catch(() => undefined)}>
              <Button type="link" size="small" danger>
                {t('flow.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Table<DeployedProcess> rowKey="processDefinitionId" size="middle" columns={columns} dataSource={rows} loading={loading} pagination={pagination} />
      <Drawer open={Boolean(shown)} width="70%" destroyOnHidden title={shown ? `${t('flow.diagram.title')} · ${shown.name} v${shown.version}` : ''} onClose={() => setShown(undefined)}>
        {shown ? (
          <FlowDiagram processDefinitionId={shown.processDefinitionId} height="calc(100vh - 200px)" />
        ) : null}
      </Drawer>
    </Card>
  );
}
