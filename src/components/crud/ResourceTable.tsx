import type { BaseKey, BaseRecord, CrudSort } from '@refinedev/core';
import { Table, theme, type CheckboxProps, type TableColumnsType, type TableProps } from 'antd';
import type { TableRef } from 'antd/es/table';
import { useEffect, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../../providers/config';
import { columnOf, sortableColumnsOf, type OperationSchema, type ResourceSchema } from '../../../resources/types';
import type { ResourceUiDescriptor } from './descriptor';
import { asText, FieldCell } from './fieldRenderers';
import { fieldLabelKey, listFieldsOf, operationLabelKey } from './schemaMapping';
import { textWidth } from './textWidth';
import { showsOnRow, type allowedOperations } from './useOperations';

interface ResourceTableProps {
  schema: ResourceSchema;
  ui: ResourceUiDescriptor;
  tableProps: TableProps<BaseRecord>;
  operations: ReturnType<typeof allowedOperations>;
  /** The list's order, shown on the headers of the columns it may be sorted by. */
  sorters?: CrudSort[];
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

/**
 * A row's action: a plain button drawn like antd's small link button. antd's Button (with its click wave and loading
 * motion) on every row was the dearest part of a list's first render: ten rows of three made thirty of them.
 */
function RowAction({ danger, onClick, children }: { danger?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className={danger ? 'crud-row-action crud-row-action--danger' : 'crud-row-action'} onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * The shadow beside the fixed action column while rows continue under it. The table scrolls sideways by CSS
 * (`.crud-table` in styles.css) rather than by antd's `scroll.x`, which made antd measure every column in a hidden
 * row and render the table again before its first paint (some 45 ms of a list's cold visit). antd still sets the
 * shadow as the user scrolls, but without `scroll.x` it clears it whenever it draws the table again or the table is
 * resized: its own check (the scroll handler, which compares the box's scroll position and widths) runs after both,
 * once the frame is painted, so that it neither lays the page out nor draws the table again before the rows show.
 */
function useFixedColumnShadow(table: RefObject<TableRef | null>) {
  useEffect(() => afterPaint(() => checkShadow(table)));
  useEffect(() => {
    let cancel = () => {};
    const observer = new ResizeObserver(() => {
      cancel();
      cancel = afterPaint(() => checkShadow(table));
    });
    const box = table.current?.nativeElement.querySelector('.ant-table-content');
    if (box) observer.observe(box);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [table]);
}

function checkShadow(table: RefObject<TableRef | null>) {
  table.current?.nativeElement.querySelector('.ant-table-content')?.dispatchEvent(new Event('scroll'));
}

/** Runs `run` after the next frame has been painted; the returned function cancels it. */
function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** The header state of a column in the list's order: sorted up, down, or not by it. */
function sortOrderOf(sorters: CrudSort[] | undefined, field: string): 'ascend' | 'descend' | null {
  const sorter = sorters?.find((candidate) => candidate.field === field);
  return sorter ? (sorter.order === 'asc' ? 'ascend' : 'descend') : null;
}

/** Width of a column without a declared one: enough for a short code or label, cut with an ellipsis beyond. */
const DEFAULT_COLUMN_WIDTH = 140;
/** A `middle` table cell's horizontal padding and border, and a row action's padding and border. */
const CELL_CHROME = 8 * 2 + 1;
const ACTION_CHROME = 4 * 2 + 2;
/** A sortable header's up and down carets and the gap before them. */
const SORTER_CHROME = 12 + 8;
/** Measured widths are rounded up a little: fonts hint differently at other zoom levels. */
const SLACK = 4;

/**
 * The list of a resource: one column per list field (labels the server joined shown for coded values, long values
 * cut with an ellipsis and shown whole on hover), the row operations fixed on the right so they stay reachable.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { schema, ui, tableProps, operations, sorters, selectedKeys, onSelect, onOpen, onDelete, onOperation, onAddChild } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const tableRef = useRef<TableRef>(null);
  // Headers are never cut: a column is at least as wide as its title in the language shown (English runs longer).
  const fitted = (text: string, weight: number, chrome: number) => Math.ceil(textWidth(text, `${weight} ${token.fontSize}px ${token.fontFamily}`)) + chrome + SLACK;
  const actionColours = {
    '--crud-link': token.colorLink,
    '--crud-link-hover': token.colorLinkHover,
    '--crud-link-active': token.colorLinkActive,
    '--crud-focus': token.colorPrimaryBorder,
    '--crud-danger': token.colorError,
    '--crud-danger-hover': token.colorErrorHover,
    '--crud-danger-active': token.colorErrorActive,
  } as CSSProperties;
  const sortable = new Set(sortableColumnsOf(schema));
  const columns: TableColumnsType<BaseRecord> = listFieldsOf(schema).map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: t(fieldLabelKey(schema, field)),
    width: Math.max(
      field.width ?? DEFAULT_COLUMN_WIDTH,
      fitted(t(fieldLabelKey(schema, field)), token.fontWeightStrong, CELL_CHROME + (sortable.has(columnOf(field)) ? SORTER_CHROME : 0)),
    ),
    ellipsis: { showTitle: true },
    render: (value: unknown, record: BaseRecord) => <FieldCell field={field} value={value} record={record} />,
    // Only columns with an index may order the list (the server refuses the others): their headers sort, on the server.
    ...(sortable.has(columnOf(field)) && {
      sorter: true,
      sortOrder: sortOrderOf(sorters, field.name),
      sortDirections: ['ascend', 'descend'],
    }),
    ...ui.columns?.[field.name],
  }));
  // A row's checkbox is named after the row (its first column's value), so a screen reader says which row it picks.
  const firstField = listFieldsOf(schema)[0];
  const rowNameOf = (record: BaseRecord) => asText(firstField ? record[firstField.name] : undefined) || asText(record.id);
  const rowButtons = operations.view || operations.edit || operations.delete || operations.rowCustom.length > 0 || onAddChild !== undefined;
  // The action column is as wide as the buttons of its fullest row on this page (a row operation that shows on no
  // row here takes no room from the columns beside it); with no rows, as its title.
  const buttonLabels = (record: BaseRecord) => [
    ...(operations.view ? [t('crud.view')] : []),
    ...(operations.edit ? [t('crud.edit')] : []),
    ...(onAddChild ? [t('crud.addChild')] : []),
    ...operations.rowCustom.filter((operation) => showsOnRow(operation, record)).map((operation) => t(operationLabelKey(schema, operation.alias))),
    ...(operations.delete && showsOnRow(operations.deleteOperation, record) ? [t('crud.delete')] : []),
  ];
  const buttonsWidth = (record: BaseRecord) =>
    buttonLabels(record).reduce((width, label) => width + fitted(label, 400, ACTION_CHROME) - SLACK, CELL_CHROME + SLACK);
  const actionsWidth = Math.max(fitted(t('crud.actions'), token.fontWeightStrong, CELL_CHROME), ...(tableProps.dataSource ?? []).map(buttonsWidth));
  if (rowButtons) {
    columns.push({
      key: 'actions',
      title: t('crud.actions'),
      fixed: 'right',
      width: actionsWidth,
      render: (_, record) => (
        <span className="crud-row-actions">
          {operations.view && <RowAction onClick={() => onOpen('view', record.id as BaseKey)}>{t('crud.view')}</RowAction>}
          {operations.edit && <RowAction onClick={() => onOpen('edit', record.id as BaseKey)}>{t('crud.edit')}</RowAction>}
          {onAddChild && <RowAction onClick={() => onAddChild(record.id as BaseKey)}>{t('crud.addChild')}</RowAction>}
          {operations.rowCustom.filter((operation) => showsOnRow(operation, record)).map((operation) => (
            <RowAction key={operation.alias} onClick={() => onOperation(operation, record.id as BaseKey)}>
              {t(operationLabelKey(schema, operation.alias))}
            </RowAction>
          ))}
          {operations.delete && showsOnRow(operations.deleteOperation, record) && (
            <RowAction danger onClick={() => onDelete(record.id as BaseKey)}>
              {t('crud.delete')}
            </RowAction>
          )}
        </span>
      ),
    });
  }
  useFixedColumnShadow(tableRef);
  return (
    <Table<BaseRecord>
      {...tableProps}
      ref={tableRef}
      rowKey="id"
      style={{ ...tableProps.style, ...actionColours }}
      size="middle"
      bordered
      columns={columns}
      tableLayout="fixed"
      className="crud-table"
      rowSelection={{
        type: props.singleSelect ? 'radio' : 'checkbox',
        selectedRowKeys: selectedKeys,
        onChange: (keys) => onSelect(keys as BaseKey[]),
        getCheckboxProps: (record) => {
          // antd hands these to the checkbox's input; its props type just does not list ARIA attributes.
          const named: CheckboxProps & { 'aria-label': string } = { 'aria-label': t('crud.selectRow', { name: rowNameOf(record) }) };
          return named;
        },
      }}
      pagination={
        tableProps.pagination === false
          ? false
          : {
              ...tableProps.pagination,
              showSizeChanger: true,
              pageSizeOptions: siteConfig.pageSizes.map(String),
              showTotal: tableProps.pagination?.showTotal ?? ((total) => t('crud.total', { total })),
            }
      }
    />
  );
}
