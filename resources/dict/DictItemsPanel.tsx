import { useDelete, useDeleteMany, useOne, type BaseKey, type BaseRecord } from '@refinedev/core';
import { App, Button, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../providers/data';
import { siteConfig } from '../../providers/config';
import type { ScreenView } from '../routing';
import type { FormMode, ResourceSchema } from '../types';
import { ResourceForm } from '../../src/components/crud/ResourceForm';
import { ResourceTable } from '../../src/components/crud/ResourceTable';
import { allowedOperations } from '../../src/components/crud/useOperations';
import { useResourceTable } from '../../src/components/crud/useResourceTable';
import { itemsSchemaOf } from './items';

export interface DictItemsPanelProps {
  /** The dictionary resource (system or business). */
  schema: ResourceSchema;
  /** The dictionary (root row) whose items are listed. */
  parentId: string;
  /** Which item form is open, as the page's URL says. */
  view: ScreenView;
  openForm(mode: FormMode, id?: BaseKey): void;
  closeForm(): void;
}

/**
 * The items of one dictionary: their table (`child-list`), add, edit, view and delete with the dictionary's buttons,
 * and the item form, which starts with the dictionary's code and the dictionary as parent. Every write invalidates
 * the resource's lists, so this table, the dictionaries and every select showing the dictionary refresh at once.
 */
export function DictItemsPanel({ schema, parentId, view, openForm, closeForm }: DictItemsPanelProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [selectedKeys, setSelectedKeys] = useState<BaseKey[]>([]);
  const items = useMemo(() => itemsSchemaOf(schema, ''), [schema]);
  const operations = allowedOperations(items);
  const meta: BladeMeta = { endpoints: { list: 'child-list' }, query: { parentId } };
  const { tableProps } = useResourceTable<BaseRecord>({
    resource: schema.name,
    syncWithLocation: false,
    meta,
    pagination: { pageSize: siteConfig.defaultPageSize },
    errorNotification: false,
  });
  const { result: parent } = useOne<BaseRecord>({ resource: schema.name, id: parentId, errorNotification: false });
  const { mutate: deleteOne } = useDelete();
  const { mutate: deleteMany } = useDeleteMany();
  const deleted = {
    successNotification: () => ({ message: t('crud.deleteSuccess'), type: 'success' as const }),
    errorNotification: false as const,
  };
  const askToDelete = (onOk: () => void) =>
    modal.confirm({ title: t('crud.confirmTitle'), content: t('crud.deleteConfirm'), okText: t('crud.ok'), cancelText: t('crud.cancel'), onOk });
  const deleteItem = (id: BaseKey) => askToDelete(() => deleteOne({ resource: schema.name, id, ...deleted }));
  const deleteSelected = () => {
    if (selectedKeys.length === 0) return void message.warning(t('crud.selectAtLeastOne'));
    askToDelete(() => deleteMany({ resource: schema.name, ids: selectedKeys, ...deleted }, { onSuccess: () => setSelectedKeys([]) }));
  };

  return (
    <div className="dict-items" data-dict-items={parentId}>
      <Space className="crud-toolbar" wrap>
        <Typography.Text strong className="dict-items-title">
          {t('dict.items.of', { name: parent?.dictValue ?? '', code: parent?.code ?? '' })}
        </Typography.Text>
        {operations.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm('create')}>
            {t('crud.add')}
          </Button>
        )}
        {operations.delete && (
          <Button danger icon={<DeleteOutlined />} onClick={deleteSelected}>
            {t('crud.delete')}
          </Button>
        )}
      </Space>
      <ResourceTable
        schema={items}
        ui={{}}
        tableProps={tableProps}
        operations={operations}
        selectedKeys={selectedKeys}
        onSelect={setSelectedKeys}
        onOpen={(mode, id) => openForm(mode, id)}
        onDelete={deleteItem}
        onOperation={() => undefined}
      />
      {view.kind === 'form' && (
        <ResourceForm
          key={`${view.mode}:${view.id ?? ''}`}
          schema={items}
          ui={{}}
          mode={view.mode}
          id={view.id}
          onClose={closeForm}
          initialValues={{ code: parent?.code, parentId }}
        />
      )}
    </div>
  );
}
