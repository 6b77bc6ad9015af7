import { useCustom, useList } from '@refinedev/core';
import { App, Button, Modal, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../providers/access';
import type { BladeMeta } from '../../../providers/data';
import { useRegistry } from '../../registry';
import { operationCode, endpointsOf, type LinkSchema, type ResourceSchema } from '../../../resources/types';
import { useRefRows } from './pickers';
import { fieldLabelKey } from './schemaMapping';
import { useResourceCall } from './useResourceCall';

type Row = Record<string, unknown>;

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

interface LinkTableSectionProps {
  schema: ResourceSchema;
  link: LinkSchema;
  /**
   * The record the links belong to; absent on create, where the picks are saved with the record. (Not `id`: the form
   * item around a new record's section hands its control an `id` of its own.)
   */
  parentId?: string;
  readOnly: boolean;
  /** On create (inside the form's item `link.name`): the picked targets as the submit body carries them. */
  value?: Row[];
  onChange?(value: Row[]): void;
}

/** Label key of a target column: a field, or the joined label (`userTypeName`) of one. */
function columnLabelKey(target: ResourceSchema, column: string): string {
  const field = target.fields.find((candidate) => candidate.name === column || candidate.dict?.as === column || candidate.ref?.as === column);
  return field ? fieldLabelKey(target, field) : `${target.name}.fields.${column}`;
}

/**
 * A many-to-many relation (project members): the linked rows with a delete button, each with its read-only child
 * rows (a member's child users), and an add dialog that picks several targets at once (remote search, size 100).
 * A saved record changes its links by their own calls at once; a new one keeps the picks in the form and the submit
 * saves them with it. Read-only in view mode.
 */
export function LinkTableSection({ schema, link, parentId: id, readOnly, value, onChange }: LinkTableSectionProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const target = useRegistry().schemaByName(link.target)!;
  const parentParam = camel(link.parentKey);
  const targetIdKey = camel(link.targetKey);
  const targetIdsKey = `${targetIdKey.replace(/Id$/, '')}Ids`;
  const pending = id === undefined;
  const canEdit = !readOnly && hasPermission(operationCode(schema, pending ? 'add' : 'edit'));
  const [picking, setPicking] = useState(false);
  const { call } = useResourceCall();
  // A link changes both sides: the record's views (this table among them) and the targets' (a user's projects).
  const changed = [schema.name, link.target];

  // A saved record's links: a list query of the record's resource, read again after every write to it.
  const linkMeta: BladeMeta = { endpoints: { list: link.endpoints.list }, query: { [parentParam]: id ?? '' } };
  const saved = useList<Row>({
    resource: schema.name,
    pagination: { mode: 'off' },
    meta: linkMeta,
    errorNotification: false,
    queryOptions: { enabled: !pending, placeholderData: (previous) => previous },
  });

  // A new record's picks (the form holds their ids, a restored draft included) shown as the link list shows its
  // rows, keyed by the target id like them.
  const pendingIds = (value ?? []).map((item) => String(item[targetIdKey]));
  const picked = useCustom<Row[]>({
    url: link.endpoints.details,
    method: 'post',
    config: { payload: { [targetIdsKey]: pendingIds } },
    errorNotification: false,
    queryOptions: { enabled: pending && pendingIds.length > 0, placeholderData: (previous) => previous },
  });
  const pickedRows = (picked.query.data?.data ?? []).map((row) => ({ ...row, [targetIdKey]: String(row.id) }));

  const rows: Row[] = pending ? pendingIds.flatMap((pickedId) => pickedRows.filter((row) => row[targetIdKey] === pickedId)) : saved.result.data;
  const loading = pending ? picked.query.isFetching : saved.query.isFetching;
  const shownIds = pending ? pendingIds : rows.map((row) => String(row[targetIdKey]));
  const keep = (ids: string[]) => onChange?.(ids.map((targetId) => ({ [targetIdKey]: targetId })));

  const removeLink = (row: Row) => {
    if (pending) {
      keep(pendingIds.filter((other) => other !== row[targetIdKey]));
      return;
    }
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.deleteConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await call({ url: link.endpoints.remove, body: { ids: [row.linkId] }, invalidates: changed });
        void message.success(t('crud.deleteSuccess'));
      },
    });
  };

  const childRows = link.childRows;
  return (
    <div className="crud-link-table" data-link={link.name}>
      {canEdit && (
        <Button className="crud-link-add" type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          {t('crud.addLink', { name: t(`${schema.name}.links.${link.name}`) })}
        </Button>
      )}
      <Table<Row>
        size="small"
        bordered
        rowKey={(row) => String(row[targetIdKey])}
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('crud.noRows') }}
        scroll={{ x: 'max-content' }}
        expandable={
          childRows
            ? {
                rowExpandable: (row) => ((row[childRows.name] as Row[] | undefined)?.length ?? 0) > 0,
                expandedRowRender: (row) => (
                  <Table<Row>
                    className="crud-link-children"
                    size="small"
                    bordered
                    title={() => t(`${schema.name}.links.${link.name}.${childRows.name}`)}
                    rowKey={(child) => String(child.id)}
                    dataSource={(row[childRows.name] as Row[] | undefined) ?? []}
                    pagination={false}
                    columns={childRows.columns.map((column) => ({ key: column, dataIndex: column, title: t(columnLabelKey(target, column)) }))}
                  />
                ),
              }
            : undefined
        }
        columns={[
          ...link.columns.map((column) => ({ key: column, dataIndex: column, title: t(columnLabelKey(target, column)), ellipsis: true })),
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('crud.actions'),
                  width: 90,
                  render: (_: unknown, row: Row) => (
                    <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => removeLink(row)}>
                      {t('crud.delete')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {picking && (
        <LinkPicker
          target={target}
          link={link}
          linkedIds={new Set(shownIds)}
          onCancel={() => setPicking(false)}
          onPick={async (ids) => {
            if (pending) {
              keep([...pendingIds, ...ids.filter((pickedId) => !pendingIds.includes(pickedId))]);
            } else {
              await call({ url: link.endpoints.save, body: { [parentParam]: id, [targetIdsKey]: ids }, invalidates: changed });
              void message.success(t('crud.createSuccess'));
            }
            setPicking(false);
          }}
        />
      )}
    </div>
  );
}

/** Picks several rows of the target (users: `pageV2`, status 1, searched by real name). */
function LinkPicker({
  target,
  link,
  linkedIds,
  onCancel,
  onPick,
}: {
  target: ResourceSchema;
  link: LinkSchema;
  linkedIds: Set<string>;
  onCancel(): void;
  onPick(ids: string[]): Promise<void>;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  // The picker lists what the target's own ref pickers list: users come from pageV2 with status 1.
  const labelField = target.fields.find((field) => field.name === 'realName') ? 'realName' : link.columns[0];
  const { rows, search } = useRefRows({
    resource: target.name,
    label: labelField,
    endpoint: target.name === 'user' ? 'pageV2' : endpointsOf(target).list,
    query: target.name === 'user' ? { status: 1 } : undefined,
  });
  const options = rows.map((row) => ({
    value: String(row.id),
    label: `${String(row[labelField] ?? '')}${row.account ? ` (${String(row.account)})` : ''}`,
    disabled: linkedIds.has(String(row.id)),
  }));

  return (
    <Modal
      open
      title={t('crud.addLink', { name: t(`${link.target}.title`) })}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ disabled: picked.length === 0, loading: saving }}
      onCancel={onCancel}
      onOk={async () => {
        setSaving(true);
        try {
          await onPick(picked);
        } finally {
          setSaving(false);
        }
      }}
      destroyOnHidden
    >
      <Select
        className="crud-link-picker"
        mode="multiple"
        showSearch
        filterOption={false}
        onSearch={search}
        options={options}
        value={picked}
        onChange={setPicked}
        style={{ width: '100%' }}
        placeholder={t('crud.selectPlaceholder', { label: t(`${link.target}.title`) })}
      />
    </Modal>
  );
}
