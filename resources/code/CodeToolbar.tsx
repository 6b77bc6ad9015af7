import { DatabaseOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useCustom, useList } from '@refinedev/core';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasPermission } from '../../providers/access';
import { downloadFile } from '../../providers/download';
import type { ToolbarProps } from '../../src/components/crud/descriptor';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { screenPathOf } from '../routing';
import { operationCode, operationOf } from '../types';

const MODEL_API = '/api/blade-develop/model';
const SETTING_API = '/api/blade-develop/code-setting';
/** What the enabled code setting gives a new configuration. */
const SETTING_FIELDS = ['menuId', 'menuName', 'serviceName', 'packageName', 'baseMode', 'wrapMode', 'feignMode', 'codeStyle', 'apiPath', 'webPath'] as const;

interface FromTable {
  datasourceId: string;
  tableName: string;
  modelClass: string;
  modelCode: string;
}

/** `demo_gadget` → `DemoGadget` and `demoGadget`: what the model's class and code start as. */
const pascal = (table: string) => table.replace(/(^|_)([a-z0-9])/g, (_, __: string, c: string) => c.toUpperCase());

/**
 * 代码生成 (the selected configurations as a zip of resource folders) and 由物理表生成: a datasource and one of its
 * tables become a data model, and the configuration's form opens with it and the enabled code setting filled in.
 */
export default function CodeToolbar({ schema, selectedKeys }: ToolbarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FromTable>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { call } = useResourceCall();
  const datasourceId = Form.useWatch('datasourceId', form);
  const datasources = useList<{ id: string; name: string }>({ resource: 'datasource', pagination: { pageSize: 100 }, queryOptions: { enabled: open } });
  const tables = useCustom<{ name: string; comment: string }[]>({
    url: `${MODEL_API}/table-list`,
    method: 'get',
    config: { query: { datasourceId } },
    queryOptions: { enabled: open && Boolean(datasourceId), retry: false },
    errorNotification: false,
  });
  const setting = useCustom<Record<string, unknown>>({
    url: `${SETTING_API}/enable-detail`,
    method: 'get',
    queryOptions: { enabled: open, retry: false },
    errorNotification: false,
  });
  const gen = operationOf(schema, 'gen');
  const mayGenerate = gen?.path !== undefined && hasPermission(operationCode(schema, 'gen'));
  const mayAdd = hasPermission(operationCode(schema, 'add')) && hasPermission('model_add');

  const generate = async () => {
    if (selectedKeys.length === 0) {
      void message.warning(t('crud.selectAtLeastOne'));
      return;
    }
    setBusy(true);
    try {
      await downloadFile(`${schema.api}/${gen!.path}`, { ids: selectedKeys.join(','), system: 'saber' }, 'code.zip');
    } catch {
      // The http client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const createModel = async () => {
    const values = await form.validateFields();
    const table = (tables.query.data?.data ?? []).find((candidate) => candidate.name === values.tableName);
    const modelName = table?.comment || values.tableName;
    try {
      // The submit answers the stored model, its id included.
      const model = await call<{ id: string }>({ url: `${MODEL_API}/submit`, body: { ...values, modelTable: values.tableName, modelName }, invalidates: ['model'] });
      const defaults: Record<string, unknown> = setting.query.data?.data ?? {};
      const fromSetting = Object.fromEntries(SETTING_FIELDS.flatMap((name) => (defaults[name] === undefined || defaults[name] === null ? [] : [[name, defaults[name]]])));
      setOpen(false);
      void message.success(t('code.quick.created'));
      void navigate(screenPathOf(schema.route, { mode: 'create' }), {
        state: { initialValues: { ...fromSetting, modelId: model?.id, modelName, tableName: values.tableName, codeName: modelName } },
      });
    } catch {
      // The http layer showed the server's message; the dialog keeps what was chosen.
    }
  };

  return (
    <Space wrap>
      {mayGenerate && (
        <Button icon={<ThunderboltOutlined />} loading={busy} onClick={() => void generate()} data-operation="gen">
          {t(`${schema.name}.operations.gen`)}
        </Button>
      )}
      {mayAdd && (
        <Button icon={<DatabaseOutlined />} onClick={() => setOpen(true)} data-operation="from-table">
          {t('code.quick.open')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('code.quick.title')}
        onCancel={() => setOpen(false)}
        onOk={() => void createModel().catch(() => undefined)}
        okText={t('crud.ok')}
        cancelText={t('crud.cancel')}
        destroyOnHidden
        className="code-from-table"
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="datasourceId" label={t('code.quick.datasource')} rules={[{ required: true, message: t('code.quick.datasourceRequired') }]}>
            <Select
              options={(datasources.result?.data ?? []).map((source) => ({ value: String(source.id), label: source.name }))}
              onChange={() => form.setFieldsValue({ tableName: undefined })}
            />
          </Form.Item>
          <Form.Item name="tableName" label={t('code.quick.table')} rules={[{ required: true, message: t('code.quick.tableRequired') }]}>
            <Select
              showSearch
              loading={tables.query.isFetching}
              options={(tables.query.data?.data ?? []).map((table) => ({ value: table.name, label: table.comment ? `${table.name} (${table.comment})` : table.name }))}
              onChange={(name: string) => {
                const bare = name.replace(/^blade_/, '');
                form.setFieldsValue({ modelClass: pascal(bare), modelCode: bare.replace(/_/g, '') });
              }}
            />
          </Form.Item>
          <Form.Item name="modelClass" label={t('code.quick.modelClass')} rules={[{ required: true, message: t('code.quick.modelClassRequired') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="modelCode" label={t('code.quick.modelCode')} rules={[{ required: true, message: t('code.quick.modelCodeRequired') }]}>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
