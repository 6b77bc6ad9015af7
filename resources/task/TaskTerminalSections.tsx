import { useList, useOne, type CrudFilter } from '@refinedev/core';
import { Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionProps } from '../../src/components/crud/descriptor';
import { useRegistry } from '../../src/registry';
import { terminalSchema } from '../terminal/schema';

/** Spec §9: terminal code/name search lists use size 10. */
export const TERMINAL_PAGE_SIZE = 10;

type Row = Record<string, unknown>;

export interface TerminalRow extends Row {
  id: string;
  terminalCode: string;
  terminalName: string;
  ip?: string;
  runningStatusStr?: string;
  maintenanceStatusStr?: string;
  terminalToolDeviceList?: Row[];
  terminalTestObject?: Row | null;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Cells showing the label the server joined for a dictionary value, the product's own labels in the reader's language. */
function useDictCell() {
  const { i18n } = useTranslation();
  const { dictLabelIn } = useRegistry();
  return (code: string, keyField: string) => (label: unknown, row: Row) => dictLabelIn(i18n.language, code, text(row[keyField]), text(label));
}

/**
 * The terminal the form holds now (picked or stored): its detail, one query the three sections share, read again
 * after a write to the terminal.
 */
function useTerminalDetail(terminalId: string | undefined) {
  const { result, query } = useOne<TerminalRow>({
    resource: terminalSchema.name,
    id: terminalId,
    errorNotification: false,
    queryOptions: { enabled: terminalId !== undefined },
  });
  return { data: terminalId === undefined ? undefined : result, loading: query.isFetching };
}

/** `terminalId` as the form holds it (the section registers the field; watching it follows every pick). */
function usePickedTerminalId(form: SectionProps['form']): string | undefined {
  const value = Form.useWatch('terminalId', { form, preserve: true }) as unknown;
  return value === undefined || value === null || value === '' || value === '0' ? undefined : String(value);
}

/**
 * The task's terminal, picked from a radio table of terminals (code, name, IP, running and maintenance status) with a
 * search by code and name. The pick is the form's `terminalId`, submitted with the task.
 */
export function TaskTerminalSection({ mode, form, record }: SectionProps) {
  const { t } = useTranslation();
  const dictCell = useDictCell();
  const readOnly = mode === 'view';
  const [current, setCurrent] = useState(1);
  const [search, setSearch] = useState<{ terminalCode?: string; terminalName?: string }>({});
  const pickedId = usePickedTerminalId(form);
  // Blade's plain key is its LIKE: what the search boxes ask for.
  const filters: CrudFilter[] = Object.entries(search).flatMap(([field, value]) => (value ? [{ field, operator: 'contains' as const, value }] : []));
  const page = useList<TerminalRow>({
    resource: terminalSchema.name,
    pagination: { currentPage: current, pageSize: TERMINAL_PAGE_SIZE },
    filters,
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  const picked = useTerminalDetail(pickedId);
  const pickedLabel = picked.data ? `${picked.data.terminalCode} · ${picked.data.terminalName}` : text(record?.terminalName);

  return (
    <div className="task-terminal">
      {/* The schema keeps terminalId out of the generic fields; registering it here makes the form submit the pick. */}
      <Form.Item name="terminalId" hidden>
        <Input />
      </Form.Item>
      <div className="task-terminal__picked">
        <Typography.Text type="secondary">{t('task.run.pickedTerminal')}: </Typography.Text>
        {pickedId ? <Tag color="blue">{pickedLabel}</Tag> : <Typography.Text type="secondary">{t('task.run.noTerminal')}</Typography.Text>}
      </div>
      {!readOnly && (
        <Space wrap style={{ marginBottom: 8 }}>
          <Input.Search
            allowClear
            placeholder={t('crud.inputPlaceholder', { label: t('task.run.terminalSearchCode') })}
            onSearch={(value) => {
              setCurrent(1);
              setSearch((previous) => ({ ...previous, terminalCode: value.trim() || undefined }));
            }}
            style={{ width: 220 }}
          />
          <Input.Search
            allowClear
            placeholder={t('crud.inputPlaceholder', { label: t('task.run.terminalSearchName') })}
            onSearch={(value) => {
              setCurrent(1);
              setSearch((previous) => ({ ...previous, terminalName: value.trim() || undefined }));
            }}
            style={{ width: 220 }}
          />
        </Space>
      )}
      {!readOnly && (
        <Table<TerminalRow>
          className="task-terminal__table"
          rowKey="id"
          size="small"
          loading={page.query.isFetching}
          dataSource={page.result.data}
          locale={{ emptyText: t('task.run.noData') }}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: pickedId ? [pickedId] : [],
            onChange: (keys) => form.setFieldValue('terminalId', keys[0] === undefined ? undefined : String(keys[0])),
            // Each radio says which terminal it picks; antd hands these to the radio's input.
            getCheckboxProps: (row) => ({ 'aria-label': t('crud.selectRow', { name: row.terminalName || row.terminalCode }) }) as object,
          }}
          // A click anywhere on the row picks it, as the radio does.
          onRow={(row) => ({ onClick: () => form.setFieldValue('terminalId', row.id) })}
          pagination={{
            current,
            pageSize: TERMINAL_PAGE_SIZE,
            total: page.result.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => t('crud.total', { total }),
            onChange: setCurrent,
          }}
          columns={[
            { title: t('task.run.terminalCode'), dataIndex: 'terminalCode', width: 140 },
            { title: t('task.run.terminalName'), dataIndex: 'terminalName', ellipsis: true },
            { title: t('task.run.ip'), dataIndex: 'ip', width: 150 },
            { title: t('task.run.runningStatus'), dataIndex: 'runningStatusStr', width: 120, render: dictCell('terminal_running_status', 'runningStatus') },
            { title: t('task.run.maintenanceStatus'), dataIndex: 'maintenanceStatusStr', width: 120, render: dictCell('terminal_maintenance_status', 'maintenanceStatus') },
          ]}
        />
      )}
      {readOnly && picked.data && (
        <Table<TerminalRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={[picked.data]}
          columns={[
            { title: t('task.run.terminalCode'), dataIndex: 'terminalCode', width: 140 },
            { title: t('task.run.terminalName'), dataIndex: 'terminalName' },
            { title: t('task.run.ip'), dataIndex: 'ip', width: 150 },
            { title: t('task.run.runningStatus'), dataIndex: 'runningStatusStr', width: 120, render: dictCell('terminal_running_status', 'runningStatus') },
            { title: t('task.run.maintenanceStatus'), dataIndex: 'maintenanceStatusStr', width: 120, render: dictCell('terminal_maintenance_status', 'maintenanceStatus') },
          ]}
        />
      )}
    </div>
  );
}

/** The chosen terminal's tool chain, read-only; follows the pick. */
export function TaskToolChainSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const dictCell = useDictCell();
  const pickedId = usePickedTerminalId(form);
  const terminal = useTerminalDetail(pickedId);
  return (
    <Table<Row>
      className="task-tool-chain"
      rowKey={(row) => text(row.id ?? row.toolDeviceId)}
      size="small"
      pagination={false}
      loading={terminal.loading}
      dataSource={pickedId ? (terminal.data?.terminalToolDeviceList ?? []) : []}
      locale={{ emptyText: pickedId ? t('task.run.noData') : t('task.run.pickTerminalFirst') }}
      columns={[
        { title: t('task.run.deviceCode'), dataIndex: 'deviceCode', width: 180 },
        { title: t('task.run.deviceName'), dataIndex: 'deviceName' },
        { title: t('task.run.uniqueCode'), dataIndex: 'uniqueCode', width: 200 },
        { title: t('task.run.maintenanceStatus'), dataIndex: 'maintenanceStatusStr', width: 140, render: dictCell('autotest_maintenance_status', 'maintenanceStatus') },
      ]}
    />
  );
}

/** The chosen terminal's test object, read-only; follows the pick. */
export function TaskTestObjectSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const dictCell = useDictCell();
  const pickedId = usePickedTerminalId(form);
  const terminal = useTerminalDetail(pickedId);
  const object = terminal.data?.terminalTestObject;
  const rows = pickedId && object && Object.keys(object).length > 0 ? [object] : [];
  return (
    <Table<Row>
      className="task-test-object"
      rowKey={(row) => text(row.id ?? row.testObjectId)}
      size="small"
      pagination={false}
      loading={terminal.loading}
      dataSource={rows}
      locale={{ emptyText: pickedId ? t('task.run.noData') : t('task.run.pickTerminalFirst') }}
      columns={[
        { title: t('task.run.deviceCode'), dataIndex: 'deviceCode', width: 180 },
        { title: t('task.run.deviceName'), dataIndex: 'deviceName' },
        { title: t('task.run.deviceType'), dataIndex: 'deviceTypeName', width: 140, render: dictCell('test_object_device_type', 'deviceType') },
        { title: t('task.run.maintenanceStatus'), dataIndex: 'maintenanceStatusStr', width: 140, render: dictCell('test_object_maintenance_status', 'maintenanceStatus') },
        { title: t('task.run.baselineVersion'), dataIndex: 'baselineVersion', width: 140 },
      ]}
    />
  );
}
