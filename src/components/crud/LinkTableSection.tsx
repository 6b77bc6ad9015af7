import { App, Button, Modal, Select, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../providers/access';
import { http } from '../../../providers/http';
import { schemaByName } from '../../../resources/schemas';
import { buttonCode, endpointsOf, type LinkSchema, type ResourceSchema } from '../../../resources/types';
import { fieldLabelKey } from './schemaMapping';

type Row = Record<string, unknown>;

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

interface LinkTableSectionProps {
  schema: ResourceSchema;
  link: LinkSchema;
  /** The record the links belong to. */
  id: string;
  readOnly: boolean;
}

/** Label key of a target column: a field, or the joined label (`userTypeName`) of one. */
function columnLabelKey(target: ResourceSchema, column: string): string {
  const field = target.fields.find((candidate) => candidate.name === column || candidate.dict?.as === column || candidate.ref?.as === column);
  return field ? fieldLabelKey(target, field) : `${target.name}.fields.${column}`;
}

/**
 * A many-to-many relation edited by its own calls (project members): the linked rows with a delete button, and an
 * add dialog that picks several targets at once (remote search, size 100). Read-only in view mode.
 */
export function LinkTableSection({ schema, link, id, readOnly }: LinkTableSectionProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const target = schemaByName(link.target)!;
  const parentParam = camel(link.parentKey);
  const targetIdsKey = `${camel(link.targetKey).replace(/Id$/, '')}Ids`;
  const canEdit = !readOnly && hasPermission(buttonCode(schema.permissionCode, 'edit'));
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(false);
  const [picking, setPicking] = useState(false);

  const reload = useCallback(async () => {
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

  const removeLink = (row: Row) =>
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

  return (
    <div className="crud-link-table">
      {canEdit && (
        <Button className="crud-link-add" type="primary" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
          {t('crud.addLink', { name: t(`${schema.name}.links.${link.name}`) })}
        </Button>
      )}
      <Table<Row>
        size="small"
        bordered
        rowKey={(row) => String(row.linkId)}
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('crud.noRows') }}
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
          linkedIds={new Set(rows.map((row) => String(row[camel(link.targetKey)])))}
          onCancel={() => setPicking(false)}
          onPick={async (ids) => {
            await http.post(link.endpoints.save, { [parentParam]: id, [targetIdsKey]: ids });
            void message.success(t('crud.createSuccess'));
            setPicking(false);
            await reload();
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
