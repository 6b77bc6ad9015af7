import { useCreate, useDelete, useList, useUpdate } from '@refinedev/core';
import { App, Button, Card, Drawer, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../providers/data';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { FieldFormItem } from '../../src/components/crud/fieldEditors';
import { FieldCell } from '../../src/components/crud/fieldRenderers';
import { fieldLabelKey, listFieldsOf, operationLabelKey } from '../../src/components/crud/schemaMapping';
import { allowedOperations } from '../../src/components/crud/useOperations';
import { ApiScopePathItem, checkScopePath } from '../apiscope/ApiScopePathItem';
import { operationOf, type ResourceSchema } from '../types';

type Row = Record<string, unknown>;
interface MenuNode extends Row {
  id: string;
  name: string;
  code: string;
  path: string;
  children?: MenuNode[];
}

/** The writes of this screen tell the user themselves; the http layer has shown a refusal. */
const QUIET = { successNotification: false, errorNotification: false } as const;

function filterTree(nodes: MenuNode[], keyword: string): MenuNode[] {
  if (!keyword) return nodes;
  return nodes.flatMap((node) => {
    const children = filterTree(node.children ?? [], keyword);
    if (node.name.includes(keyword) || children.length > 0) return [{ ...node, children: children.length > 0 ? children : undefined }];
    return [];
  });
}

/**
 * 数据权限 / 接口权限 as BladeX has them: the menus (category 1) in a tree, each with 权限配置 opening a drawer of that
 * menu's scopes (add, edit, delete), the scopes being this resource's rows.
 */
export default function ScopeMenuPage({ schema }: { schema: ResourceSchema; ui: ResourceUiDescriptor }) {
  const { t } = useTranslation();
  const menuTreeMeta: BladeMeta = { endpoints: { list: 'menu-tree' } };
  const { result, query } = useList<MenuNode>({ resource: schema.name, pagination: { mode: 'off' }, meta: menuTreeMeta, errorNotification: false });
  const menus = result.data;
  const loading = query.isLoading;
  const [keyword, setKeyword] = useState('');
  const [menu, setMenu] = useState<MenuNode>();
  const operations = allowedOperations(schema);
  const setting = operationOf(schema, 'setting');
  const canSet = operations.rowCustom.some((operation) => operation.alias === 'setting');

  const columns: TableColumnsType<MenuNode> = [
    { key: 'name', dataIndex: 'name', title: t('datascope.menus.menuName'), width: 220 },
    { key: 'path', dataIndex: 'path', title: t('datascope.menus.menuPath'), ellipsis: true },
    { key: 'code', dataIndex: 'code', title: t('datascope.menus.menuCode'), width: 180 },
  ];
  if (canSet && setting) {
    columns.push({
      key: 'actions',
      title: t('crud.actions'),
      width: 120,
      fixed: 'right',
      render: (_, record) => (
        <Button type="link" size="small" onClick={() => setMenu(record)}>
          {t(operationLabelKey(schema, 'setting'))}
        </Button>
      ),
    });
  }

  return (
    <Card variant="borderless" className="crud-page scope-menu-page" data-resource={schema.name}>
      <Space className="crud-toolbar" wrap>
        <Input.Search allowClear placeholder={t('datascope.menus.searchMenu')} onSearch={setKeyword} style={{ width: 260 }} />
      </Space>
      <Table<MenuNode>
        // Remounted when the menus arrive or the search changes, so every level opens.
        key={`${menus.length}:${keyword}`}
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={filterTree(menus, keyword)}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        scroll={{ x: 'max-content' }}
      />
      {menu && <ScopeDrawer schema={schema} menu={menu} onClose={() => setMenu(undefined)} />}
    </Card>
  );
}

/** The scopes of one menu, with add, edit and delete as the role's buttons allow. */
function ScopeDrawer({ schema, menu, onClose }: { schema: ResourceSchema; menu: MenuNode; onClose(): void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [editing, setEditing] = useState<Row>();
  const operations = allowedOperations(schema);
  // The menu's scopes: a list of this resource, read again after every save and delete of a scope.
  const { result, query } = useList<Row>({
    resource: schema.name,
    pagination: { currentPage: 1, pageSize: 200 },
    filters: [{ field: 'menuId', operator: 'eq', value: menu.id }],
    errorNotification: false,
  });
  const rows = result.data;
  const { mutateAsync: deleteOne } = useDelete();

  const remove = (row: Row) =>
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.deleteConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await deleteOne({ resource: schema.name, id: String(row.id), ...QUIET });
        void message.success(t('crud.deleteSuccess'));
      },
    });

  const columns: TableColumnsType<Row> = listFieldsOf(schema).map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: t(fieldLabelKey(schema, field)),
    width: field.width,
    ellipsis: { showTitle: true },
    render: (value: unknown, record: Row) => <FieldCell field={field} value={value} record={record} />,
  }));
  if (operations.edit || operations.delete) {
    columns.push({
      key: 'actions',
      title: t('crud.actions'),
      width: 120,
      render: (_, record) => (
        <Space size={0}>
          {operations.edit && (
            <Button type="link" size="small" onClick={() => setEditing(record)}>
              {t('crud.edit')}
            </Button>
          )}
          {operations.delete && (
            <Button type="link" size="small" danger onClick={() => remove(record)}>
              {t('crud.delete')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <Drawer open width="60%" title={`${menu.name} · ${t(`${schema.name}.title`)}`} onClose={onClose} className="scope-drawer" destroyOnHidden>
      {operations.add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} style={{ marginBottom: 12 }}>
          {t('crud.add')}
        </Button>
      )}
      <Table<Row> rowKey="id" size="small" loading={query.isFetching} columns={columns} dataSource={rows} pagination={false} />
      {editing && (
        <ScopeForm
          schema={schema}
          menu={menu}
          record={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)}
        />
      )}
    </Drawer>
  );
}

function ScopeForm({ schema, menu, record, onClose, onSaved }: { schema: ResourceSchema; menu: MenuNode; record: Row; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const { mutateAsync: create, mutation: creating } = useCreate();
  const { mutateAsync: update, mutation: updating } = useUpdate();
  const saving = creating.isPending || updating.isPending;
  const isNew = record.id === undefined;
  const fields = useMemo(() => schema.fields.filter((field) => field.form !== false && !field.virtual), [schema.fields]);
  const initialValues = useMemo(() => {
    if (!isNew) return record;
    const values: Row = { resourceCode: menu.code };
    for (const field of fields) if (field.defaultValue !== undefined && values[field.name] === undefined) values[field.name] = field.defaultValue;
    return values;
  }, [isNew, record, menu.code, fields]);

  // An API scope's path: picked from the resource's paths, checked against the routes before it is saved.
  const pathField = fields.find((field) => field.name === 'scopePath');
  /** Whether to save: a path that would cut roles off is saved only once the user has read which and agreed. */
  const confirmCutOff = async (values: Row) => {
    if (!pathField) return true;
    const check = await checkScopePath(schema, String(values.scopePath ?? '').trim(), record.id);
    if (check.roles.length === 0) return true;
    return modal.confirm({
      title: t('apiscope.cutOffTitle'),
      content: t('apiscope.cutOff', { roles: check.roles.map((role) => role.roleName).join('、') }),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      className: 'api-scope-cut-off',
    }).then(
      (confirmed) => confirmed,
      () => false,
    );
  };

  const save = async () => {
    const values = (await form.validateFields()) as Row;
    if (!(await confirmCutOff(values))) return;
    try {
      // Refine re-reads the resource's lists: the menu's scopes show the save.
      const scope = { ...values, menuId: menu.id };
      if (isNew) await create({ resource: schema.name, values: scope, ...QUIET });
      else await update({ resource: schema.name, id: String(record.id), values: scope, ...QUIET });
      void message.success(t(isNew ? 'crud.createSuccess' : 'crud.updateSuccess'));
      onSaved();
    } catch {
      // The http client has shown the server's message.
    }
  };

  return (
    <Modal
      open
      title={t(isNew ? 'crud.add' : 'crud.edit')}
      width={640}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
      className="scope-form"
    >
      <Form form={form} layout="vertical" initialValues={initialValues}>
        {fields.map((field) =>
          field === pathField ? (
            <ApiScopePathItem key={field.name} schema={schema} field={field} fields={fields} menuId={menu.id} form={form} />
          ) : (
            <FieldFormItem key={field.name} schema={schema} field={field} fields={fields} readOnly={false} record={record} form={form} />
          ),
        )}
      </Form>
    </Modal>
  );
}
