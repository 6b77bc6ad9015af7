import { useCustom, useOne } from '@refinedev/core';
import { App, Button, Checkbox, Drawer, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordViewProps } from '../../src/components/crud/descriptor';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { useFieldOptions } from '../../src/components/crud/useFieldOptions';
import type { FieldSchema } from '../types';

/** One column of the model as 模型配置 edits it (spec §3 model column). */
interface PrototypeRow {
  id?: string;
  modelId: string;
  jdbcName: string;
  jdbcType: string;
  maxLength?: number | null;
  propertyName: string;
  propertyEntity: string;
  jdbcComment: string;
  isList: number;
  isForm: number;
  isRow: number;
  isRequired: number;
  componentType: string;
  dictCode: string;
  isQuery: number;
  queryType: string;
}

const FLAGS = ['isList', 'isForm', 'isRow', 'isRequired', 'isQuery'] as const;
/** The spec's choices of a column (§9), read from their dictionaries. */
const dictField = (code: string): FieldSchema => ({ name: code, type: 'string', label: { zh: code, en: code }, dict: { code } });
const ENTITY_FIELD = dictField('entity_type');
const COMPONENT_FIELD = dictField('component_type');
const QUERY_FIELD = dictField('query_type');
const PROTOTYPE_SUBMIT = '/api/blade-develop/model-prototype/submit-list';

/**
 * 模型配置: the model's columns in a table, each row's entity type, component, dictionary and search edited in place,
 * then saved as one list. Until a configuration is saved the rows are the table's columns with their defaults.
 */
export default function PrototypeDrawer({ schema, id, onClose }: RecordViewProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const model = useOne<{ modelName?: string }>({ resource: schema.name, id, errorNotification: false });
  const prototype = useCustom<PrototypeRow[]>({
    url: `${schema.api}/model-prototype`,
    method: 'get',
    config: { query: { modelId: id } },
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const stored = useCustom<PrototypeRow[]>({
    url: '/api/blade-develop/model-prototype/select',
    method: 'get',
    config: { query: { modelId: id } },
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const [rows, setRows] = useState<PrototypeRow[]>();
  const answered = prototype.query.data?.data;
  useEffect(() => {
    if (answered) setRows(answered.map((row) => ({ ...row, dictCode: row.dictCode ?? '', jdbcComment: row.jdbcComment ?? '' })));
  }, [answered]);
  const { call, pending } = useResourceCall();
  const entityOptions = useFieldOptions(ENTITY_FIELD);
  const componentOptions = useFieldOptions(COMPONENT_FIELD);
  const queryOptions = useFieldOptions(QUERY_FIELD);

  const change = (index: number, values: Partial<PrototypeRow>) =>
    setRows((current) => current?.map((row, at) => (at === index ? { ...row, ...values } : row)));

  const columns = ((): TableColumnType<PrototypeRow>[] => {
    const text = (key: 'propertyName' | 'jdbcComment' | 'dictCode', width: number): TableColumnType<PrototypeRow> => ({
      title: t(`model.prototype.${key}`),
      dataIndex: key,
      width,
      render: (value: string, _row, index) => (
        <Input size="small" value={value} aria-label={t(`model.prototype.${key}`)} onChange={(event) => change(index, { [key]: event.target.value })} />
      ),
    });
    const pick = (key: 'propertyEntity' | 'componentType' | 'queryType', options: ReturnType<typeof useFieldOptions>, width: number): TableColumnType<PrototypeRow> => ({
      title: t(`model.prototype.${key}`),
      dataIndex: key,
      width,
      render: (value: string, _row, index) => (
        <Select size="small" value={value} options={options} style={{ width: '100%' }} aria-label={t(`model.prototype.${key}`)} onChange={(next: string) => change(index, { [key]: next })} />
      ),
    });
    const flag = (key: (typeof FLAGS)[number]): TableColumnType<PrototypeRow> => ({
      title: t(`model.prototype.${key}`),
      dataIndex: key,
      width: 72,
      align: 'center',
      render: (value: number, _row, index) => (
        <Checkbox checked={value === 1} aria-label={t(`model.prototype.${key}`)} onChange={(event) => change(index, { [key]: event.target.checked ? 1 : 0 })} />
      ),
    });
    return [
      { title: t('model.prototype.jdbcName'), dataIndex: 'jdbcName', width: 140, fixed: 'left' },
      { title: t('model.prototype.jdbcType'), dataIndex: 'jdbcType', width: 110 },
      text('jdbcComment', 140),
      text('propertyName', 140),
      pick('propertyEntity', entityOptions, 120),
      flag('isList'),
      flag('isForm'),
      flag('isRow'),
      flag('isRequired'),
      pick('componentType', componentOptions, 120),
      text('dictCode', 130),
      flag('isQuery'),
      pick('queryType', queryOptions, 110),
    ];
  })();

  const save = async () => {
    if (!rows) return;
    try {
      await call({ url: PROTOTYPE_SUBMIT, body: rows.map((row) => ({ ...row, modelId: id })), invalidates: [schema.name] });
      void message.success(t('model.prototype.saved'));
      await Promise.all([prototype.query.refetch(), stored.query.refetch()]);
    } catch {
      // The http layer showed the server's message; the table keeps what was typed.
    }
  };

  const saved = (stored.query.data?.data ?? []).length > 0;
  return (
    <Drawer
      open
      title={t('model.prototype.title', { name: model.result?.modelName ?? '' })}
      width="90%"
      onClose={onClose}
      destroyOnHidden
      className="model-prototype-drawer"
      extra={
        <Space>
          {stored.query.data && <Tag color={saved ? 'green' : 'orange'}>{t(saved ? 'model.prototype.stored' : 'model.prototype.fromTable')}</Tag>}
          <Button type="primary" loading={pending} disabled={!rows} onClick={() => void save()}>
            {t('model.prototype.save')}
          </Button>
        </Space>
      }
    >
      <Table<PrototypeRow>
        rowKey="jdbcName"
        size="small"
        loading={prototype.query.isLoading}
        dataSource={rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 1500 }}
      />
    </Drawer>
  );
}
