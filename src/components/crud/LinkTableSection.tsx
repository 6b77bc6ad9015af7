import { App, Button, Modal, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../providers/access';
import { http } from '../../../providers/http';
import { buttonCode, endpointsOf, type LinkSchema, type ResourceSchema } from '../../../resources/types';
import { useRegistry } from '../../registry';
import { fieldLabelKey } from './schemaMapping';

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
  const canEdit = !readOnly && hasPermission(buttonCode(schema.permissionCode, pending ? 'add' : 'edit'));
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [picking, setPicking] = useState(false);

  const reload = useCallback(async () => {
    if (id === undefined) return;
    setLoading(true);
    try {
      const response = await http.get(link.endpoints.list, { params: { [parentParam]: id } });
      setRows((response.data.data ?? []) as Row[]);
    } catch {
      // the http layer already told the user
    } finally {
      setLoading(false);
    }
  }, [link.endpoints.list, parentParam, id]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** The targets' rows as the link list shows them, keyed by the target id like the list's rows. */
  const detailsOf = useCallback(
    async (ids: string[]) => {
      const response = await http.post(link.endpoints.details, { [targetIdsKey]: ids });
      return ((response.data.data ?? []) as Row[]).map((row) => ({ ...row, [targetIdKey]: String(row.id) }));
    },
    [link.endpoints.details, targetIdsKey, targetIdKey],
  );

  // A new record's picks come back into view after a draft is restored (the form holds the ids only).
  const pendingIds = (value ?? []).map((item) => String(item[targetIdKey]));
  const shownIds = rows.map((row) => String(row[targetIdKey]));
  const missing = pending && pendingIds.some((pickedId) => !shownIds.includes(pickedId));
  const pendingKey = pendingIds.join(',');
  useEffect(() => {
    if (!missing) return;
    let active = true;
    detailsOf(pendingKey.split(','))
      .then((found) => {
        if (active) setRows(found);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [missing, pendingKey, detailsOf]);

  const keep = (next: Row[]) => {
    setRows(next);
    onChange?.(next.map((row) => ({ [targetIdKey]: String(row[targetIdKey]) })));
  };

  const removeLink = (row: Row) => {
    if (pending) {
      keep(rows.filter((other) => other[targetIdKey] !== row[targetIdKey]));
      return;
    }
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.deleteConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await http.post(link.endpoints.remove, { ids: [row.linkId] });
        void message.success(t('crud.deleteSuccess'));
        await reload();
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
              keep([...rows, ...(await detailsOf(ids))]);
            } else {
              await http.post(link.endpoints.save, { [parentParam]: id, [targetIdsKey]: ids });
              void message.success(t('crud.createSuccess'));
              await reload();
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
  const [keyword, setKeyword] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string; disabled: boolean }[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  // The picker lists what the target's own ref pickers list: users come from pageV2 with status 1.
  const endpoint = target.name === 'user' ? 'pageV2' : endpointsOf(target).list;
  const labelField = target.fields.find((field) => field.name === 'realName') ? 'realName' : link.columns[0];

  useEffect(() => {
    let active = true;
    const timer = setTimeout(async () => {
      try {
        const params: Record<string, unknown> = { current: 1, size: 100, ...(target.name === 'user' ? { status: 1 } : {}) };
        if (keyword) params[labelField] = keyword;
        const response = await http.get(`${target.api}/${endpoint}`, { params });
        const records = ((response.data.data?.records ?? response.data.data ?? []) as Row[]).map((row) => ({
          value: String(row.id),
          label: `${String(row[labelField] ?? '')}${row.account ? ` (${String(row.account)})` : ''}`,
          disabled: linkedIds.has(String(row.id)),
        }));
        if (active) setOptions(records);
      } catch {
        // the http layer already told the user
      }
    }, keyword ? 250 : 0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [keyword, target, endpoint, labelField, linkedIds]);

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
        onSearch={setKeyword}
        options={options}
        value={picked}
        onChange={setPicked}
        style={{ width: '100%' }}
        placeholder={t('crud.selectPlaceholder', { label: t(`${link.target}.title`) })}
      />
    </Modal>
  );
}
