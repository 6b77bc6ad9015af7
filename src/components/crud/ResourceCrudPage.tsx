import { useTable } from '@refinedev/antd';
import { useDelete, useDeleteMany, type BaseKey, type BaseRecord } from '@refinedev/core';
import { App, Button, Card, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../providers/access';
import { siteConfig } from '../../../providers/config';
import type { ResourceSchema } from '../../../resources/types';
import { FieldCell } from './fieldRenderers';
import { ResourceFormDialog, type FormDialogMode } from './ResourceFormDialog';
import { ResourceSearchForm } from './ResourceSearchForm';
import { fieldLabelKey, listFieldsOf, searchFilters } from './schemaMapping';

interface OpenDialog {
  mode: FormDialogMode;
  id?: BaseKey;
}

/** Which crud buttons the user sees: the screen must offer the action and the role must hold its button code. */
export function crudButtonsOf(schema: ResourceSchema, can: (code: string) => boolean) {
  const allowed = (action: keyof ResourceSchema['actions'], suffix: string) =>
    schema.actions[action] && can(`${schema.permissionCode}_${suffix}`);
  return {
    add: allowed('add', 'add'),
    edit: allowed('edit', 'edit'),
    delete: allowed('delete', 'delete'),
    view: allowed('view', 'view'),
  };
}

/** The standard list screen of a resource (spec "crud pages follow one pattern"), entirely driven by its schema. */
export default function ResourceCrudPage({ schema }: { schema: ResourceSchema }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [selectedKeys, setSelectedKeys] = useState<BaseKey[]>([]);
  const [dialog, setDialog] = useState<OpenDialog>();
  const buttons = crudButtonsOf(schema, hasPermission);

  const { tableProps, searchFormProps } = useTable<BaseRecord>({
    resource: schema.name,
    syncWithLocation: false,
    pagination: { pageSize: siteConfig.defaultPageSize },
    onSearch: (values) => searchFilters(schema, values as Record<string, never>),
    errorNotification: false,
  });
  const { mutate: deleteOne } = useDelete();
  const { mutate: deleteMany } = useDeleteMany();

  const deleteNotification = {
    successNotification: () => ({ message: t('crud.deleteSuccess'), type: 'success' as const }),
    errorNotification: false as const,
  };

  const askToDelete = (onOk: () => void) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.deleteConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk,
    });

  const deleteRow = (id: BaseKey) =>
    askToDelete(() => deleteOne({ resource: schema.name, id, ...deleteNotification }));

  const deleteSelected = () => {
    if (selectedKeys.length === 0) {
      void message.warning(t('crud.selectAtLeastOne'));
      return;
    }
    // One remove call for the whole selection.
    askToDelete(() =>
      deleteMany(
        { resource: schema.name, ids: selectedKeys, ...deleteNotification },
        { onSuccess: () => setSelectedKeys([]) },
      ),
    );
  };

  const columns: TableColumnsType<BaseRecord> = listFieldsOf(schema).map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: t(fieldLabelKey(schema, field)),
    ellipsis: true,
    render: (value: unknown) => <FieldCell field={field} value={value} />,
  }));
  if (buttons.view || buttons.edit || buttons.delete) {
    columns.push({
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: 200,
      render: (_, record) => (
        <Space size={0}>
          {buttons.view && (
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', id: record.id })}>
              {t('crud.view')}
            </Button>
          )}
          {buttons.edit && (
            <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', id: record.id })}>
              {t('crud.edit')}
            </Button>
          )}
          {buttons.delete && record.id !== undefined && (
            <Button type="link" size="small" danger onClick={() => deleteRow(record.id as BaseKey)}>
              {t('crud.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card variant="borderless" className="crud-page">
      <ResourceSearchForm schema={schema} formProps={searchFormProps} />
      <Space className="crud-toolbar">
        {buttons.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'create' })}>
            {t('crud.add')}
          </Button>
        )}
        {buttons.delete && (
          <Button danger icon={<DeleteOutlined />} onClick={deleteSelected}>
            {t('crud.delete')}
          </Button>
        )}
      </Space>
      <Table<BaseRecord>
        {...tableProps}
        rowKey="id"
        size="middle"
        bordered
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selectedKeys, onChange: (keys) => setSelectedKeys(keys as BaseKey[]) }}
        pagination={{
          ...tableProps.pagination,
          showSizeChanger: true,
          pageSizeOptions: siteConfig.pageSizes.map(String),
          showTotal: (total) => t('crud.total', { total }),
        }}
      />
      {dialog && <ResourceFormDialog schema={schema} mode={dialog.mode} id={dialog.id} onClose={() => setDialog(undefined)} />}
    </Card>
  );
}
