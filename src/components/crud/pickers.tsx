import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useCustom, useSelect } from '@refinedev/core';
import { Button, Cascader, Modal, Select, TreeSelect, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../../providers/data';
import { downloadObject, objectUploadRequest } from '../../../providers/objectUpload';
import type { FieldSchema, RefSpec } from '../../../resources/types';
import { useResourceTree } from './resourceTrees';
import { CheckTree } from '../CheckTree';

type Row = Record<string, unknown>;
type ControlProps = Record<string, unknown> & { value?: unknown; onChange?: (value: unknown) => void };

/** Remote selects fetch this many rows (spec §9). */
const REMOTE_SIZE = 100;

/**
 * The rows a remote select offers, through Refine's `useSelect`: size 100, searched by the ref's key as the user
 * types. One query per resource and search, read again after any write to that resource, so a project saved a moment
 * ago is offered by every project picker.
 */
export function useRefRows(ref: Pick<RefSpec, 'resource' | 'label' | 'endpoint' | 'query' | 'searchParam'>) {
  const searchField = ref.searchParam ?? ref.label;
  const meta: BladeMeta = { ...(ref.endpoint ? { endpoints: { list: ref.endpoint } } : {}), ...(ref.query ? { query: ref.query } : {}) };
  const { query, onSearch } = useSelect<Row>({
    resource: ref.resource,
    optionLabel: ref.label as never,
    optionValue: 'id' as never,
    searchField: searchField as never,
    pagination: { currentPage: 1, pageSize: REMOTE_SIZE, mode: 'server' },
    meta,
    debounce: 250,
    // The http layer already told the user about a failure.
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  return { rows: query.data?.data ?? [], loading: query.isFetching, search: onSearch };
}

/**
 * Remote select of a row of another resource (size 100, searched as the user types). The current value's label comes
 * from the row being edited (the server's joined `as` value), so it shows before any search. Picking a row fills the
 * fields the ref names through `onPick`.
 */
export function RefSelect({
  field,
  currentLabel,
  onPick,
  placeholder,
  ...control
}: ControlProps & { field: FieldSchema; currentLabel?: string; onPick?: (row: Row | undefined) => void; placeholder?: string }) {
  const ref = field.ref!;
  const { rows, loading, search } = useRefRows(ref);
  const [keyword, setKeyword] = useState('');

  const options = useMemo(() => {
    const list = rows.map((row) => ({ value: String(row.id), label: String(row[ref.label] ?? row.id) }));
    const value = control.value === undefined || control.value === null || control.value === '' ? undefined : String(control.value);
    if (value && currentLabel && !list.some((option) => option.value === value)) list.unshift({ value, label: currentLabel });
    return list;
  }, [rows, ref.label, control.value, currentLabel]);

  return (
    <Select
      {...control}
      value={control.value === '' || control.value === '-1' || control.value === '0' ? undefined : (control.value as string | undefined)}
      showSearch
      allowClear
      filterOption={false}
      onSearch={(value) => {
        setKeyword(value);
        search(value);
      }}
      loading={loading}
      options={options}
      placeholder={placeholder}
      onChange={(value: string | undefined) => {
        control.onChange?.(value ?? '');
        onPick?.(rows.find((row) => String(row.id) === value));
      }}
      onOpenChange={(open) => {
        if (!open || !keyword) return;
        setKeyword('');
        search('');
      }}
    />
  );
}

/**
 * Several rows of another resource held as comma-joined ids (a job's alert users): a remote multi-select searched as
 * the user types. The current picks' labels come from the row being edited (the server's joined `as`, comma-joined in
 * the same order), so they show by name before any search.
 */
export function RefMultiSelect({
  field,
  currentLabels,
  placeholder,
  ...control
}: ControlProps & { field: FieldSchema; currentLabels?: string; placeholder?: string }) {
  const ref = field.ref!;
  const { rows, loading, search } = useRefRows(ref);
  const held = typeof control.value === 'string' ? control.value : '';
  const ids = useMemo(() => (held === '' ? [] : held.split(',')), [held]);
  const options = useMemo(() => {
    const list = rows.map((row) => ({ value: String(row.id), label: String(row[ref.label] ?? row.id) }));
    const labels = (currentLabels ?? '').split(',');
    ids.forEach((id, index) => {
      if (!list.some((option) => option.value === id)) list.unshift({ value: id, label: labels[index] || id });
    });
    return list;
  }, [rows, ref.label, ids, currentLabels]);
  return (
    <Select
      {...control}
      mode="multiple"
      value={ids}
      showSearch
      allowClear
      filterOption={false}
      onSearch={search}
      loading={loading}
      options={options}
      placeholder={placeholder}
      onChange={(picked: string[]) => control.onChange?.(picked.join(','))}
    />
  );
}

/** A comma-joined id path (root → leaf) picked with a cascader over a tree resource. */
export function TreePathCascader({ field, placeholder, ...control }: ControlProps & { field: FieldSchema; placeholder?: string }) {
  const tree = useResourceTree(field.treePath!.resource);
  const value = typeof control.value === 'string' && control.value !== '' ? control.value.split(',') : Array.isArray(control.value) ? control.value : undefined;
  return (
    <Cascader
      {...control}
      value={value as string[] | undefined}
      options={tree as never}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      changeOnSelect
      showSearch
      placeholder={placeholder}
      onChange={(path) => control.onChange?.(Array.isArray(path) && path.length > 0 ? path.join(',') : '')}
    />
  );
}

/** The search form's cascader: the id path as an array (the filter sends it joined). */
export function TreePathSearch({ field, placeholder, ...control }: ControlProps & { field: FieldSchema; placeholder?: string }) {
  const tree = useResourceTree(field.treePath!.resource);
  return (
    <Cascader
      {...control}
      value={control.value as string[] | undefined}
      options={tree as never}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      changeOnSelect
      placeholder={placeholder}
      style={{ minWidth: 200 }}
    />
  );
}

/** The parent of a tree node, picked from the tree (`0`, no parent, shows empty). */
export function TreeParentSelect({ field, placeholder, ...control }: ControlProps & { field: FieldSchema; placeholder?: string }) {
  const { t } = useTranslation();
  const tree = useResourceTree(field.ref!.resource);
  const value = control.value === '0' || control.value === '' || control.value === '-1' ? undefined : control.value;
  return (
    <TreeSelect
      {...control}
      value={value as string | undefined}
      treeData={tree as never}
      fieldNames={{ label: 'title', value: 'id', children: 'children' }}
      allowClear
      treeDefaultExpandAll
      placeholder={placeholder ?? t('crud.treeRoot')}
      onChange={(next: string | undefined) => control.onChange?.(next ?? '0')}
    />
  );
}

/**
 * A file sent from the browser straight to object storage (presigned PUT); the field keeps the object's key. The
 * current file can be downloaded again; a failed upload has already shown OBS上传失败.
 */
export function ObjectUploadInput({ value, onChange }: ControlProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number>();
  const key = typeof value === 'string' ? value : '';
  return (
    <div className="crud-upload">
      <Upload
        showUploadList={false}
        customRequest={(request) =>
          objectUploadRequest({
            file: request.file as Blob,
            onProgress: ({ percent }) => setProgress(percent),
            onSuccess: (uploaded) => {
              setProgress(undefined);
              onChange?.(uploaded.key);
            },
            onError: () => setProgress(undefined),
          })
        }
      >
        <Button icon={<UploadOutlined />} loading={progress !== undefined}>
          {progress !== undefined ? `${Math.round(progress)}%` : t(key ? 'crud.uploadAgain' : 'crud.upload')}
        </Button>
      </Upload>
      {key && (
        <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadObject(key).catch(() => undefined)} className="crud-upload-key">
          {key}
        </Button>
      )}
    </div>
  );
}

/**
 * Several rows of another resource picked at once (a task's test cases, spec: "picks audited cases, several at
 * once"): a remote multi-select in a dialog, answering the picked rows whole so their fields can be filled in.
 */
export function RefMultiPicker({ field, title, onCancel, onPick }: { field: FieldSchema; title: string; onCancel(): void; onPick(rows: Row[]): void }) {
  const { t } = useTranslation();
  const ref = field.ref!;
  const { rows, search } = useRefRows(ref);
  const [picked, setPicked] = useState<Row[]>([]);
  const options = [...picked, ...rows.filter((row) => !picked.some((item) => item.id === row.id))].map((row) => ({
    value: String(row.id),
    label: `${String(row[ref.label] ?? row.id)}${Object.values(ref.fill ?? {})[0] ? ` · ${String(row[Object.values(ref.fill ?? {})[0]] ?? '')}` : ''}`,
  }));
  return (
    <Modal open title={title} okText={t('crud.ok')} cancelText={t('crud.cancel')} okButtonProps={{ disabled: picked.length === 0 }} onCancel={onCancel} onOk={() => onPick(picked)} destroyOnHidden>
      <Select
        className="crud-multi-picker"
        mode="multiple"
        showSearch
        filterOption={false}
        onSearch={search}
        options={options}
        value={picked.map((row) => String(row.id))}
        onChange={(ids: string[]) => setPicked(ids.map((id) => [...picked, ...rows].find((row) => String(row.id) === id)!).filter(Boolean))}
        style={{ width: '100%' }}
        placeholder={t('crud.selectPlaceholder', { label: t('crud.rows') })}
      />
    </Modal>
  );
}

interface OptionNode {
  id: string;
  title?: string;
  name?: string;
  children?: OptionNode[];
}

interface CheckNode {
  key: string;
  title: string;
  children?: CheckNode[];
}

const toTreeData = (nodes: OptionNode[]): CheckNode[] =>
  nodes.map((node) => ({
    key: String(node.id),
    title: String(node.title ?? node.name ?? node.id),
    ...(node.children?.length ? { children: toTreeData(node.children) } : {}),
  }));

/**
 * Checkboxes over a tree an endpoint answers (BladeX tree nodes): a package's menus. The value is the checked ids
 * (an array; the form item joins them with commas); checking a node checks what is below it.
 */
export function TreeOptionsChecks({ field, value, onChange }: ControlProps & { field: FieldSchema }) {
  const { query } = useCustom<OptionNode[]>({
    url: field.treeOptions!.endpoint,
    method: 'get',
    // The http layer already told the user about a failure.
    errorNotification: false,
  });
  const nodes = query.data?.data;
  const treeData = useMemo(() => toTreeData(nodes ?? []), [nodes]);
  const checked = Array.isArray(value) ? (value as string[]) : [];
  return (
    <div className="crud-tree-checks" data-field={field.name}>
      <CheckTree treeData={treeData} checkedKeys={checked} onCheck={(keys) => onChange?.(keys.map(String))} />
    </div>
  );
}
