import { useGetIdentity, useList } from '@refinedev/core';
import { App, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../../providers/auth';
import type { BladeMeta } from '../../../providers/data';
import type { FieldSchema } from '../../../resources/types';
import { useFieldOptions } from '../../components/crud/useFieldOptions';
import { useResourceCall } from '../../components/crud/useResourceCall';
import '../../components/flow/modeler/messages';

/** The tenant whose administrator may deploy into other tenants (the server's `tenantIds`). */
const ADMIN_TENANT = '000000';
/** The process categories: the `flow` dictionary (请假流程, 报销流程), sent as `flow_<key>`. */
const CATEGORY_FIELD: FieldSchema = { name: 'category', type: 'string', label: { zh: '流程类型', en: 'Category' }, dict: { code: 'flow' } };
const SELECT_META: BladeMeta = { endpoints: { list: 'select' } };

interface DeployValues {
  category: string;
  tenantIds?: string[];
}

/** 部署 of a model: its category, and for the administrator tenant the tenants it goes to. */
export function DeployModelDialog({ modelId, onClose }: { modelId?: string; onClose(deployed: boolean): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DeployValues>();
  const categories = useFieldOptions(CATEGORY_FIELD);
  const { data: identity } = useGetIdentity<Identity>();
  const pickTenants = identity?.tenantId === ADMIN_TENANT;
  const tenants = useList<{ tenantId: string; tenantName: string }>({
    resource: 'tenant',
    pagination: { mode: 'off' },
    meta: SELECT_META,
    errorNotification: false,
    queryOptions: { enabled: pickTenants && Boolean(modelId) },
  });
  const { call, pending } = useResourceCall();

  const deploy = async () => {
    const values = await form.validateFields();
    await call({
      url: '/api/blade-flow/model/deploy',
      query: { modelId: modelId ?? '', category: `flow_${values.category}`, tenantIds: (values.tenantIds ?? [identity?.tenantId ?? '']).join(',') },
      invalidates: [],
    });
    void message.success(t('flow.model.deployed'));
    onClose(true);
  };

  return (
    <Modal
      open={Boolean(modelId)}
      title={t('flow.model.deployTitle')}
      okText={t('flow.model.confirm')}
      cancelText={t('flow.model.cancel')}
      confirmLoading={pending}
      destroyOnHidden
      onOk={() => void deploy().catch(() => undefined)}
      onCancel={() => onClose(false)}
      className="flow-model-deploy"
    >
      <Form<DeployValues> form={form} layout="vertical" preserve={false} initialValues={{ tenantIds: pickTenants ? [ADMIN_TENANT] : undefined }}>
        <Form.Item name="category" label={t('flow.model.category')} rules={[{ required: true, message: t('flow.model.categoryRequired') }]}>
          <Select options={categories} placeholder={t('flow.model.categoryRequired')} />
        </Form.Item>
        {pickTenants ? (
          <Form.Item name="tenantIds" label={t('flow.model.tenants')} rules={[{ required: true, message: t('flow.model.tenantsRequired') }]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={tenants.result.data.map((tenant) => ({ value: tenant.tenantId, label: `${tenant.tenantName} (${tenant.tenantId})` }))}
              placeholder={t('flow.model.tenantsRequired')}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
