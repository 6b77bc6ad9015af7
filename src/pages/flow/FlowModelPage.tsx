import { useCustom } from '@refinedev/core';
import { App, Button, Card, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../../providers/access';
import { useResourceCall } from '../../components/crud/useResourceCall';
import '../../components/flow/messages';
import '../../components/flow/modeler/messages';
import { DeployModelDialog } from './DeployModelDialog';
import { MODEL_API, modelDesignPath } from './modelPaths';

/** A model as `model/list` answers it. */
interface FlowModel {
  id: string;
  modelKey: string;
  name: string;
  description: string;
  version: number;
  updateTime: string;
}

interface Search {
  modelKey?: string;
  name?: string;
}

/**
 * 模型设计: the tenant's process models, searched by key and name; 新增 and 设计 open the modeler, 部署 deploys
 * the model's diagram (category, and tenants for the administrator tenant), 删除 removes it.
 */
export default function FlowModelPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [search, setSearch] = useState<Search>({});
  const [searchForm] = Form.useForm<Search>();
  const [deploying, setDeploying] = useState<string>();
  const { query } = useCustom<{ records: FlowModel[]; total: number }>({
    url: `${MODEL_API}/list`,
    method: 'get',
    config: { query: { current: paging.current, size: paging.size, ...search } },
    errorNotification: false,
  });
  const { call } = useResourceCall();

  const applySearch = (values: Search) => {
    setSearch(Object.fromEntries(Object.entries(values).filter(([, value]) => typeof value === 'string' && value.trim() !== '')));
    setPaging((current) => ({ ...current, current: 1 }));
  };
  const remove = async (row: FlowModel) => {
    await call({ url: `${MODEL_API}/remove`, query: { ids: row.id }, invalidates: [] });
    void message.success(t('flow.model.deleted'));
    void query.refetch();
  };

  const columns: ColumnsType<FlowModel> = [
    { title: t('flow.model.modelKey'), dataIndex: 'modelKey' },
    { title: t('flow.model.name'), dataIndex: 'name' },
    { title: t('flow.model.description'), dataIndex: 'description', ellipsis: true },
    { title: t('flow.model.version'), dataIndex: 'version', render: (version: number) => <Tag>v{version}</Tag> },
    { title: t('flow.model.updateTime'), dataIndex: 'updateTime' },
    {
      title: t('flow.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={0}>
          {hasPermission('flow_model_edit') ? (
            <Button type="link" size="small" onClick={() => void navigate(modelDesignPath(row.id))}>
              {t('flow.model.edit')}
            </Button>
          ) : null}
          {hasPermission('flow_model_deploy') ? (
            <Button type="link" size="small" onClick={() => setDeploying(row.id)}>
              {t('flow.model.deploy')}
            </Button>
          ) : null}
          {hasPermission('flow_model_delete') ? (
            <Popconfirm title={t('flow.model.deleteConfirm')} onConfirm={() => remove(row).catch(() => undefined)}>
              <Button type="link" size="small" danger>
                {t('flow.model.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const page = query.data?.data;
  return (
    <Card className="flow-model-list">
      <Form<Search> form={searchForm} layout="inline" onFinish={applySearch} style={{ marginBottom: 16 }}>
        <Form.Item name="modelKey" label={t('flow.model.modelKey')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="name" label={t('flow.model.name')}>
          <Input allowClear />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('flow.model.search')}
          </Button>
          <Button
            onClick={() => {
              searchForm.resetFields();
              applySearch({});
            }}
          >
            {t('flow.model.reset')}
          </Button>
        </Space>
      </Form>
      {hasPermission('flow_model_add') ? (
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" onClick={() => void navigate(modelDesignPath())}>
            {t('flow.model.add')}
          </Button>
        </Space>
      ) : null}
      <Table<FlowModel>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page?.records ?? []}
        loading={query.isFetching}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: Number(page?.total ?? 0),
          showSizeChanger: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
      <DeployModelDialog
        modelId={deploying}
        onClose={() => {
          setDeploying(undefined);
        }}
      />
    </Card>
  );
}
