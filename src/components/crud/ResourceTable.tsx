import type { BaseKey, BaseRecord } from '@refinedev/core';
import { Button, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../../providers/config';
import type { OperationSchema, ResourceSchema } from '../../../resources/types';
import type { ResourceUiDescriptor } from './descriptor';
import { FieldCell } from './fieldRenderers';
import { fieldLabelKey, listFieldsOf, operationLabelKey } from './schemaMapping';
import { showsOnRow, type allowedOperations } from './useOperations';

interface ResourceTableProps {
  schema: ResourceSchema;
  ui: ResourceUiDescriptor;
  tableProps: TableProps<BaseRecord>;
  operations: ReturnType<typeof allowedOperations>;
  selectedKeys: BaseKey[];
  onSelect(keys: BaseKey[]): void;
  onOpen(mode: 'view' | 'edit', id: BaseKey): void;
  onDelete(id: BaseKey): void;
  onOperation(operation: OperationSchema, id: BaseKey): void;
  /** A tree list: adds a child under the row (新增子项). */
  onAddChild?(id: BaseKey): void;
  /** Single-select rows (spec: terminal management). */
  singleSelect?: boolean;
}

/** Width of a column without a declared one: enough for a short code or label, cut with an ellipsis beyond. */
const DEFAULT_COLUMN_WIDTH = 140;

/**
 * The list of a resource: one column per list field (labels the server joined shown for coded values, long values
 * cut with an ellipsis and shown whole on hover), the row operations fixed on the right so they stay reachable.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { schema, ui, tableProps, operations, selectedKeys, onSelect, onOpen, onDelete, onOperation, onAddChild } = props;
  const { t } = useTranslation();
  const columns: TableColumnsType<BaseRecord> = listFieldsOf(schema).map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: t(fieldLabelKey(schema, field)),
    width: field.width ?? DEFAULT_COLUMN_WIDTH,
    ellipsis: { showTitle: true },
    render: (value: unknown, record: BaseRecord) => <FieldCell field={field} value={value} record={record} />,
    ...ui.columns?.[field.name],
  }));
  const rowButtons = operations.view || operations.edit || operations.delete || operations.rowCustom.length > 0 || onAddChild !== undefined;
  if (rowButtons) {
    columns.push({
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: 100 + 50 * operations.rowCustom.length + (operations.delete ? 50 : 0) + (onAddChild ? 70 : 0),
      render: (_, record) => (
        <Space size={0} className="crud-row-actions">
          {operations.view && (
            <Button type="link" size="small" onClick={() => onOpen('view', record.id as BaseKey)}>
              {t('crud.view')}
            </Button>
          )}
          {operations.edit && (
            <Button type="link" size="small" onClick={() => onOpen('edit', record.id as BaseKey)}>
              {t('crud.edit')}
            </Button>
          )}
          {onAddChild && (
            <Button type="link" size="small" onClick={() => onAddChild(record.id as BaseKey)}>
              {t('crud.addChild')}
            </Button>
          )}
          {operations.rowCustom.filter((operation) => showsOnRow(operation, record)).map((operation) => (
            <Button key={operation.alias} type="link" size="small" onClick={() => onOperation(operation, record.id as BaseKey)}>
              {t(operationLabelKey(schema, operation.alias))}
            </Button>
          ))}
          {operations.delete && showsOnRow(operations.deleteOperation, record) && (
            <Button type="link" size="small" danger onClick={() => onDelete(record.id as BaseKey)}>
              {t('crud.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }
  return (
    <Table<BaseRecord>
      {...tableProps}
      rowKey="id"
      size="middle"
      bordered
      columns={columns}
      tableLayout="fixed"
      scroll={{ x: 'max-content' }}
      rowSelection={{
        type: props.singleSelect ? 'radio' : 'checkbox',
        selectedRowKeys: selectedKeys,
        onChange: (keys) => onSelect(keys as BaseKey[]),
      }}
      pagination={
        tableProps.pagination === false
          ? false
          : {
              ...tableProps.pagination,
              showSizeChanger: true,
              pageSizeOptions: siteConfig.pageSizes.map(String),
              showTotal: (total) => t('crud.total', { total }),
            }
      }
    />
  );
}
