import { useCustom, useCustomMutation } from '@refinedev/core';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Select, Space, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../../providers/access';
import { siteConfig } from '../../../providers/config';
import type { BladeMeta } from '../../../providers/data';
import { getUserInfo } from '../../../providers/session';
import type { FieldSchema } from '../../../resources/types';
import { withComboboxAria } from '../../components/crud/comboboxAria';
import { useFieldOptions } from '../../components/crud/useFieldOptions';
import '../../components/flow/messages';

// The required process type says so on its combobox input.
const CategorySelect = withComboboxAria(Select);

const DEPLOY_UPLOAD_URL = '/api/blade-flow/manager/deploy-upload';
const TENANT_SELECT_URL = '/api/blade-system/tenant/select';
/** The `flow` dictionary: its key `1` is the category `flow_1` of the deployments (as BladeX names them). */
const CATEGORY_FIELD: FieldSchema = { name: 'category', type: 'string', label: { zh: '流程类型', en: 'Process type' }, dict: { code: 'flow' } };

interface DeployForm {
  category?: string;
  tenantIds?: string[];
}

/** Only the administrator of the administrator tenant deploys into other tenants (the server refuses the others). */
function deploysToOtherTenants(): boolean {
  const user = getUserInfo();
  return user?.tenant_id === siteConfig.tenantId && (user.role_name ?? '').split(',').includes('administrator');
}

/**
 * 部署管理: one or more process files (`.bpmn`, `.bpmn20.xml`) deployed under a category, into the caller's tenant or
 * (for the platform administrator) the tenants picked. A refusal shows the server's message and keeps the files, so
 * the user fixes the one it names and deploys again; a success links to 流程管理, where the new versions are listed.
 */
export default function FlowDeployPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DeployForm>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [outcome, setOutcome] = useState<{ ok: true; count: number } | { ok: false; message: string }>();
  const categories = useFieldOptions(CATEGORY_FIELD);
  const pickTenants = deploysToOtherTenants();
  const { query: tenants } = useCustom<{ tenantId: string; tenantName: string }[]>({
    url: TENANT_SELECT_URL,
    method: 'get',
    queryOptions: { enabled: pickTenants, staleTime: 60_000 },
    errorNotification: false,
  });
  const { mutateAsync, mutation } = useCustomMutation();

  const deploy = async (values: DeployForm) => {
    if (files.length === 0) {
      setOutcome({ ok: false, message: t('flow.deploy.filesRequired') });
      return;
    }
    const body = new FormData();
    body.append('category', values.category ? `flow_${values.category}` : '');
    body.append('tenantIds', (values.tenantIds ?? []).join(','));
    for (const file of files) if (file.originFileObj) body.append('files', file.originFileObj, file.name);
    setOutcome(undefined);
    try {
      // The message of a refusal is shown here, beside the files it is about.
      const meta: BladeMeta = { silent: true };
      await mutateAsync({ url: DEPLOY_UPLOAD_URL, method: 'post', values: body, meta, successNotification: false, errorNotification: false });
    } catch (error) {
      const refusal = error instanceof Error ? error.message : String(error);
      setOutcome({ ok: false, message: refusal });
      // The file the refusal names (`broken.bpmn: ...`) is marked in the list.
      setFiles((chosen) => chosen.map((file) => ({ ...file, status: refusal.startsWith(`${file.name}: `) ? 'error' : undefined })));
      return;
    }
    void message.success(t('flow.deploy.deployed'));
    setOutcome({ ok: true, count: files.length });
    setFiles([]);
  };

  return (
    <Card variant="borderless" className="flow-deploy">
      <Form<DeployForm> form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={(values) => void deploy(values)}>
        <Form.Item name="category" label={t('flow.deploy.category')} rules={[{ required: true, message: t('flow.deploy.categoryRequired') }]}>
          <CategorySelect allowClear placeholder={t('flow.deploy.categoryPlaceholder')} options={categories} />
        </Form.Item>
        {pickTenants ? (
          <Form.Item name="tenantIds" label={t('flow.deploy.tenants')} extra={t('flow.deploy.tenantsHint')}>
            <Select
              mode="multiple"
              allowClear
              loading={tenants.isFetching}
              placeholder={t('flow.deploy.tenantsPlaceholder')}
              optionFilterProp="label"
              options={(tenants.data?.data ?? []).map((tenant) => ({ value: tenant.tenantId, label: `${tenant.tenantName} (${tenant.tenantId})` }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label={t('flow.deploy.files')}
          required
          extra={t('flow.deploy.filesHint')}
          validateStatus={outcome?.ok === false ? 'error' : undefined}
        >
          <Upload.Dragger
            multiple
            accept=".bpmn,.xml"
            fileList={files}
            // Kept in the list and sent with the form, never uploaded on their own.
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              setFiles(fileList);
              setOutcome(undefined);
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('flow.deploy.drop')}</p>
          </Upload.Dragger>
        </Form.Item>
        {outcome?.ok === false ? <Alert className="flow-deploy-error" type="error" showIcon message={outcome.message} style={{ marginBottom: 16 }} /> : null}
        {outcome?.ok ? (
          <Alert
            className="flow-deploy-done"
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('flow.deploy.done', { count: outcome.count })}
            action={<Link to="/flow/manager">{t('flow.deploy.toManager')}</Link>}
          />
        ) : null}
        <Space>
          {hasPermission('flow_deploy_deploy') ? (
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t('flow.deploy.deploy')}
            </Button>
          ) : null}
          <Button
            onClick={() => {
              form.resetFields();
              setFiles([]);
              setOutcome(undefined);
            }}
          >
            {t('flow.deploy.reset')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
