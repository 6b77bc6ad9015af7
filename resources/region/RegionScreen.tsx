import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useCreate, useDelete, useOne, useUpdate } from '@refinedev/core';
import { App, Button, Card, Descriptions, Empty, Form, Space, Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { hasPermission } from '../../providers/access';
import type { BladeMeta } from '../../providers/data';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { FieldFormItem } from '../../src/components/crud/fieldEditors';
import { FieldCell } from '../../src/components/crud/fieldRenderers';
import { fieldLabelKey } from '../../src/components/crud/schemaMapping';
import { screenPathOf, screenViewOf } from '../routing';
import { operationCode, type FieldSchema, type ResourceSchema } from '../types';
import { useLazyChildren } from '../../src/components/crud/useLazyChildren';
import { REGION_ROOT as ROOT, regionTreeOf, type RegionLevelNode, type RegionTreeNode as TreeNode } from './regionTree';

type Region = Record<string, unknown> & { id: string; code: string; name: string; parentCode: string };

/** A region is read by its code. */
const BY_CODE: BladeMeta = { idParam: 'code' };
/** Every view of a region reads again after a write: the detail is keyed by code, the writes name the id. */
const WRITE: { successNotification: false; errorNotification: false; invalidates: 'resourceAll'[] } = {
  successNotification: false,
  errorNotification: false,
  invalidates: ['resourceAll'],
};

/** A region by its code, read under the region resource. */
function useRegion(resource: string, code: string | undefined) {
  return useOne<Region>({ resource, id: code, meta: BY_CODE, errorNotification: false, queryOptions: { enabled: !!code, retry: false } });
}

/** Fields the detail shows, in order. */
const DETAIL_FIELDS = ['code', 'name', 'parentName', 'regionLevel', 'ancestors', 'provinceName', 'cityName', 'districtName', 'townName', 'villageName', 'sort', 'remark'];
/** Fields the add and edit form edits. */
const FORM_FIELDS = ['code', 'name', 'sort', 'remark'];

/**
 * 行政区划, as BladeX's region screen: the tree on the left opens level by level (`lazy-tree?parentCode=`); the region
 * picked shows on the right (`detail?code=`) with 新增下级, 修改 and 删除. The URL holds the view: `?code=` the region
 * picked, `/new?parentCode=` the add form, `/:id/edit?code=` the edit form.
 */
export default function RegionScreen({ schema }: { schema: ResourceSchema; ui: ResourceUiDescriptor }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = screenViewOf(schema.route, pathname);
  const selected = params.get('code') ?? undefined;
  const [expanded, setExpanded] = useState<Key[]>([]);
  // The levels opened so far, the top one first: each a list query of the region resource, read again after any write.
  const [opened, setOpened] = useState<string[]>([ROOT]);
  const levels = useLazyChildren<RegionLevelNode>({ resource: schema.name, endpoint: 'lazy-tree', param: 'parentCode' }, opened);
  const tree = useMemo(() => (levels.childrenOf.has(ROOT) ? regionTreeOf(levels.childrenOf) : undefined), [levels.childrenOf]);
  const loaded = useMemo(() => [...levels.childrenOf.keys()], [levels.childrenOf]);
  const regionQuery = useRegion(schema.name, selected);
  const region = selected ? regionQuery.result : undefined;
  const loading = regionQuery.query.isFetching;
  const { mutateAsync: deleteOne } = useDelete();
  const can = (alias: string) => hasPermission(operationCode(schema, alias));
  const field = (name: string) => schema.fields.find((candidate) => candidate.name === name)!;

  const open = async (parentCode: string) => {
    setOpened((codes) => (codes.includes(parentCode) ? codes : [...codes, parentCode]));
    await levels.load(parentCode);
  };

  const go = (path: string, query: Record<string, string> = {}) =>
    void navigate({ pathname: path, search: new URLSearchParams(query).toString() });
  const pick = (code: string) => go(schema.route, { code });

  const remove = () => {
    if (!region) return;
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.deleteConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        try {
          // Not `WRITE`: the removed region's detail is not read again.
          await deleteOne({ resource: schema.name, id: region.id, successNotification: false, errorNotification: false });
        } catch {
          return;
        }
        // The delete read the open levels again: the region is gone from its parent's.
        void message.success(t('crud.deleteSuccess'));
        if (region.parentCode === ROOT) go(schema.route);
        else pick(region.parentCode);
      },
    });
  };

  if (view.kind === 'unknown') return <Navigate to={schema.route} replace />;
  const formMode = view.kind === 'form' && view.mode !== 'view' ? view.mode : undefined;
  if (formMode === 'create' ? !can('add') : formMode === 'edit' ? !can('edit') : false) return <Navigate to={schema.route} replace />;

  const parentCode = params.get('parentCode') ?? ROOT;
  const detail = (
    <Spin spinning={loading}>
      {region ? (
        <>
          <Space className="region-actions" wrap>
            {can('add') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => go(screenPathOf(schema.route, { mode: 'create' }), { parentCode: region.code })}>
                {t('region.screen.addChild')}
              </Button>
            )}
            {can('edit') && (
              <Button icon={<EditOutlined />} onClick={() => go(screenPathOf(schema.route, { mode: 'edit', id: region.id }), { code: region.code })}>
                {t('crud.edit')}
              </Button>
            )}
            {can('delete') && (
              <Button danger icon={<DeleteOutlined />} onClick={remove}>
                {t('crud.delete')}
              </Button>
            )}
          </Space>
          <Descriptions
            bordered
            column={2}
            size="middle"
            className="region-detail"
            items={DETAIL_FIELDS.map((name) => ({
              key: name,
              label: t(fieldLabelKey(schema, field(name))),
              children: <FieldCell field={field(name)} value={region[name]} record={region} />,
            }))}
          />
        </>
      ) : (
        <Empty description={t('region.screen.pickHint')} />
      )}
    </Spin>
  );

  return (
    <div className="region-screen" data-resource={schema.name}>
      <Card
        className="region-tree"
        title={t('region.title')}
        size="small"
        extra={
          can('add') && (
            <Button size="small" type="link" icon={<PlusOutlined />} onClick={() => go(screenPathOf(schema.route, { mode: 'create' }), { parentCode: ROOT })}>
              {t('region.screen.addRoot')}
            </Button>
          )
        }
      >
        <Spin spinning={tree === undefined && levels.fetching}>
          <Tree<TreeNode>
            blockNode
            treeData={tree ?? []}
            selectedKeys={formMode === 'create' && parentCode !== ROOT ? [parentCode] : selected ? [selected] : []}
            expandedKeys={expanded}
            loadedKeys={loaded}
            onExpand={(keys) => setExpanded(keys)}
            loadData={(node) => open(String(node.key))}
            onSelect={(keys) => keys.length > 0 && pick(String(keys[0]))}
          />
        </Spin>
      </Card>
      <Card className="region-panel" size="small" title={formMode ? t(formMode === 'create' ? 'region.screen.addTitle' : 'region.screen.editTitle') : t('region.screen.detailTitle')}>
        {formMode ? (
          <RegionForm
            key={`${formMode}:${view.kind === 'form' ? (view.id ?? '') : ''}:${parentCode}`}
            schema={schema}
            mode={formMode}
            region={formMode === 'edit' ? region : undefined}
            parentCode={parentCode}
            onCancel={() => (formMode === 'create' && parentCode !== ROOT ? pick(parentCode) : selected ? pick(selected) : go(schema.route))}
            onSaved={async (saved) => {
              // The save read the open levels again; a parent that was a leaf opens to show its first child.
              const parent = formMode === 'create' ? parentCode : (region?.parentCode ?? ROOT);
              await open(parent).catch(() => undefined);
              if (parent !== ROOT) setExpanded((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
              pick(saved);
            }}
          />
        ) : (
          detail
        )}
      </Card>
    </div>
  );
}

interface RegionFormProps {
  schema: ResourceSchema;
  mode: 'create' | 'edit';
  region?: Region;
  parentCode: string;
  onCancel(): void;
  onSaved(code: string): Promise<void>;
}

/** Add (under `parentCode`) or edit of one region: its code, name, sort and remark; the rest follows from the parent. */
function RegionForm({ schema, mode, region, parentCode, onCancel, onSaved }: RegionFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const saving = creating.isPending || updating.isPending;
  const parent = useRegion(schema.name, mode === 'create' && parentCode !== ROOT ? parentCode : undefined);
  const parentName = parent.result?.name;
  const fields = FORM_FIELDS.map((name) => schema.fields.find((field) => field.name === name)!) as FieldSchema[];

  if (mode === 'edit' && !region) return <Spin />;
  const initial = mode === 'edit' ? region : { code: parentCode === ROOT ? '' : parentCode, sort: 1 };

  const save = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    try {
      if (mode === 'edit') await update({ resource: schema.name, id: region!.id, values, ...WRITE });
      else await create({ resource: schema.name, values: { ...values, parentCode }, ...WRITE });
      void message.success(t(mode === 'create' ? 'crud.createSuccess' : 'crud.updateSuccess'));
      await onSaved(String(values.code));
    } catch {
      // The http layer showed the server's message; the form keeps what was typed.
    }
  };

  const parentLabel = mode === 'edit' ? String(region?.parentName || t('crud.treeRoot')) : parentCode === ROOT ? t('crud.treeRoot') : `${parentName ?? ''} (${parentCode})`;
  return (
    <Form form={form} layout="horizontal" labelCol={{ flex: '110px' }} initialValues={initial} className="crud-form region-form">
      <Form.Item label={t('region.fields.parentName')}>
        <div className="crud-view-value">{parentLabel}</div>
      </Form.Item>
      {fields.map((field) => (
        <FieldFormItem key={field.name} schema={schema} field={field} fields={schema.fields} readOnly={false} record={region} form={form} />
      ))}
      <Space className="region-form-actions">
        <Button onClick={onCancel}>{t('crud.cancel')}</Button>
        <Button type="primary" loading={saving} onClick={() => void save().catch(() => undefined)}>
          {t('crud.ok')}
        </Button>
      </Space>
    </Form>
  );
}
