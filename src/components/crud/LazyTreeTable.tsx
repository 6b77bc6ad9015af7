import { useList, type BaseKey, type BaseRecord, type CrudFilters } from '@refinedev/core';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../providers/http';
import { endpointsOf, type ResourceSchema } from '../../../resources/types';
import { FieldCell } from './fieldRenderers';
import { fieldLabelKey, listFieldsOf } from './schemaMapping';
import type { allowedOperations } from './useOperations';

type Row = BaseRecord & { hasChildren?: boolean; children?: Row[] };

interface LazyTreeTableProps {
  schema: ResourceSchema;
  filters: CrudFilters;
  operations: ReturnType<typeof allowedOperations>;
  selectedKeys: BaseKey[];
  onSelect(keys: BaseKey[]): void;
  onOpen(mode: 'view' | 'edit', id: BaseKey): void;
  onDelete(id: BaseKey): void;
}

/** A row shown while its children load: antd draws the expand arrow only for rows that have children. */
const placeholderOf = (id: string): Row => ({ id: `${id}:loading`, loading: true });

/**
 * The list of a tree resource as a tree table (BladeX dept list): the top level from `lazy-list?parentId=0` (with the
 * search form's filters: a search lists every match flat), each node's children fetched when it is expanded. The
 * top level is a Refine list query, so saves and removals refresh it; expanded nodes are fetched again with it.
 */
export function LazyTreeTable({ schema, filters, operations, selectedKeys, onSelect, onOpen, onDelete }: LazyTreeTableProps) {
  const { t } = useTranslation();
  const lazyList = endpointsOf(schema).lazyList;
  const { result, query } = useList<Row>({
    resource: schema.name,
    filters,
    pagination: { mode: 'off' },
    meta: { endpoints: { list: lazyList }, query: { parentId: '0' } },
    errorNotification: false,
  });
  const [children, setChildren] = useState<Record<string, Row[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  const loadChildren = useCallback(
    async (id: string) => {
      const response = await http.get<{ data: Row[] }>(`${schema.api}/${lazyList}`, { params: { parentId: id } });
      setChildren((current) => ({ ...current, [id]: response.data.data ?? [] }));
    },
    [schema.api, lazyList],
  );

  // A refreshed top level (after a save or a removal) refreshes the open branches too.
  useEffect(() => {
    for (const id of expandedRef.current) void loadChildren(id).catch(() => undefined);
  }, [query.dataUpdatedAt, loadChildren]);

  const withChildren = useCallback(
    (rows: Row[]): Row[] =>
      rows.map((row) => {
        const id = String(row.id);
        const loaded = children[id];
        if (loaded) return { ...row, children: loaded.length > 0 ? withChildren(loaded) : undefined };
        return row.hasChildren ? { ...row, children: [placeholderOf(id)] } : { ...row, children: undefined };
      }),
    [children],
  );
  const data = useMemo(() => withChildren(result.data ?? []), [result.data, withChildren]);

  const columns: TableColumnsType<Row> = listFieldsOf(schema).map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: t(fieldLabelKey(schema, field)),
    width: field.width ?? 140,
    ellipsis: { showTitle: true },
    render: (value: unknown, record: Row) => (record.loading ? null : <FieldCell field={field} value={value} record={record} />),
  }));
  if (operations.view || operations.edit || operations.delete) {
    columns.push({
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: 150,
      render: (_, record) =>
        record.loading ? null : (
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
            {operations.delete && (
              <Button type="link" size="small" danger onClick={() => onDelete(record.id as BaseKey)}>
                {t('crud.delete')}
              </Button>
            )}
          </Space>
        ),
    });
  }

  return (
    <Table<Row>
      className="crud-tree-table"
      rowKey={(row) => String(row.id)}
      size="middle"
      bordered
      loading={query.isFetching}
      columns={columns}
      dataSource={data}
      tableLayout="fixed"
      scroll={{ x: 'max-content' }}
      pagination={false}
      expandable={{
        expandedRowKeys: expanded,
        onExpand: (open, row) => {
          const id = String(row.id);
          setExpanded((current) => (open ? [...current, id] : current.filter((key) => key !== id)));
          if (open && !children[id]) void loadChildren(id).catch(() => undefined);
        },
      }}
      rowSelection={{
        selectedRowKeys: selectedKeys,
        onChange: (keys) => onSelect(keys as BaseKey[]),
        getCheckboxProps: (row) => ({ disabled: Boolean(row.loading) }),
        checkStrictly: true,
      }}
    />
  );
}
