import { useDelete, useDeleteMany, type BaseKey, type BaseRecord } from '@refinedev/core';
import { App, Button, Card, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { siteConfig } from '../../../providers/config';
import { arrivedFirstPageOf, forgetFirstPageRead } from '../../../providers/data';
import { getToken } from '../../../providers/storage';
import { recordViewOf, screenPathOf, screenViewOf } from '../../../resources/routing';
import { endpointsOf, type FormMode, type OperationSchema, type ResourceSchema } from '../../../resources/types';
import { useRegistry } from '../../registry';
import { preloadable } from '../../router/preloadable';
import type { ResourceUiDescriptor } from './descriptor';
import { ListTreeFilter } from './ListTreeFilter';
import { ResourceSearchForm } from './ResourceSearchForm';
import { ResourceTable } from './ResourceTable';
import { operationLabelKey } from './schemaMapping';
import { useLazyTreeRows } from './useLazyTreeRows';
import { allowedOperations, useRunOperation } from './useOperations';
import { useResourceTable } from './useResourceTable';

const FORBIDDEN = 403;

// The add/edit form and its controls are fetched once the list has shown its rows, or at once for a form's address:
// a list's first visit neither downloads nor runs them.
const ResourceForm = preloadable(async () => ({ default: (await import('./ResourceForm')).ResourceForm }));

function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

/**
 * The standard screen of a resource, composed of its parts: search form, toolbar, table and the form over the list.
 * The URL holds the whole view: page and filters in the query string, the open record in the path (`/x/new`,
 * `/x/:id`, `/x/:id/edit`), so a reload, the back button or a pasted link shows exactly this.
 */
export default function ResourceCrudPage({ schema, ui = {} }: { schema: ResourceSchema; ui?: ResourceUiDescriptor }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const registry = useRegistry();
  const [selectedKeys, setSelectedKeys] = useState<BaseKey[]>([]);
  const operations = allowedOperations(schema);
  const callOperation = useRunOperation(schema);
  // A custom operation with a dialog in the descriptor opens it over the list; others call their path.
  const [dialog, setDialog] = useState<{ alias: string; ids: BaseKey[] }>();
  const runOperation = (operation: OperationSchema, ids: BaseKey[]) =>
    ui.operationDialogs?.[operation.alias] ? setDialog({ alias: operation.alias, ids }) : callOperation(operation, ids);
  const OperationDialog = dialog ? ui.operationDialogs?.[dialog.alias] : undefined;
  const recordView = recordViewOf(schema.route, pathname, Object.keys(ui.recordViews ?? {}));
  const view = recordView ? ({ kind: 'list' } as const) : screenViewOf(schema.route, pathname);
  const RecordView = recordView ? ui.recordViews?.[recordView.name] : undefined;
  // A lazy tree list: the roots (or, when searching, the matches of every level) from `lazy-list`, unpaged.
  const lazyTree = schema.tree?.lazyList === true;
  // The parent of a child added from its row travels in the history entry, so a reload keeps it too.
  const childDefaults = (state as { initialValues?: Record<string, unknown> } | null)?.initialValues;

  // The first page asked for while the code loaded (a cold visit of the bare address) or with the menu click: the first
  // render shows its rows. Handed to the query of that first page only (react-query asks for initial data for every
  // new key), and forgotten once the screen is shown: a later reload asks the server.
  const [arrivedFirstPage] = useState(() => {
    const page = search === '' ? arrivedFirstPageOf<BaseRecord>(schema) : undefined;
    if (!page) return undefined;
    // Asked as often as react-query likes while the screen's first render runs (a changing answer would make React
    // render the screen again before painting it); no longer once it is shown, so another page or filter is asked for.
    const handout = { page: page as typeof page | undefined };
    return Object.assign(() => handout.page, { shown: () => (handout.page = undefined) });
  });
  useEffect(() => {
    if (!arrivedFirstPage) return;
    arrivedFirstPage.shown();
    forgetFirstPageRead(schema);
  }, [arrivedFirstPage, schema]);
  const { tableProps, searchFormProps, filters, setFilters, sorters, tableQuery } = useResourceTable<BaseRecord>({
    resource: schema.name,
    syncWithLocation: true,
    // A screen without a menu entry has no menu rule to show /403 before the call: its refusal shows the 403 page.
    meta: {
      ...(schema.inMenu === false ? { quietCodes: [FORBIDDEN] } : {}),
      ...(lazyTree ? { endpoints: { list: endpointsOf(schema).lazyList }, query: { parentId: '0' } } : {}),
    },
    pagination: lazyTree ? { mode: 'off' } : { pageSize: siteConfig.defaultPageSize },
    searchSchema: schema,
    errorNotification: false,
    queryOptions: arrivedFirstPage ? { initialData: arrivedFirstPage, refetchOnMount: false } : undefined,
  });
  const lazyRows = useLazyTreeRows(schema, tableProps.dataSource);
  // Refine's table loads until its query has fetched once, which the arrived first page spares it: loading is a fetch
  // under way or no rows yet, or the spinner would cover those rows for good.
  const loading = tableProps.loading === true && (tableQuery.isFetching || !tableQuery.isSuccess);
  const rowsShown = tableQuery.isSuccess;
  useEffect(() => {
    if (rowsShown) whenIdle(() => void ResourceForm.preload().catch(() => undefined));
  }, [rowsShown]);
  const { mutate: deleteOne } = useDelete();
  const { mutate: deleteMany } = useDeleteMany();

  const focusBeforeForm = useRef<HTMLElement | null>(null);
  const open = (mode: FormMode, id?: BaseKey) => {
    // A form that is a screen of its own (the modeler) is left to, not opened over the list.
    const ownScreen = mode === 'create' ? ui.formRoutes?.create : mode === 'edit' && id !== undefined ? ui.formRoutes?.edit?.(String(id)) : undefined;
    if (ownScreen) return void navigate(ownScreen);
    focusBeforeForm.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    void navigate({ pathname: screenPathOf(schema.route, { mode, id: id === undefined ? undefined : String(id) }), search });
  };
  const addChild = (parentId: BaseKey) =>
    void navigate(
      { pathname: screenPathOf(schema.route, { mode: 'create' }), search },
      { state: { initialValues: { [schema.tree!.parentField]: String(parentId) } } },
    );
  const close = () => {
    void navigate({ pathname: schema.route, search });
    // Back to where the focus was when the form opened (the row's 查看, the 新增 button), once the form has left the
    // page: it leaves at once, so antd's own return to that element, run after its closing motion, never comes.
    const returnTo = focusBeforeForm.current;
    focusBeforeForm.current = null;
    if (returnTo) requestAnimationFrame(() => returnTo.isConnected && returnTo.focus());
  };

  const notifications = schema.notifications ?? {};
  const deleteNotification = {
    successNotification: () => ({
      message: t(notifications.success ? `${schema.name}.notifications.success` : 'crud.deleteSuccess'),
      type: 'success' as const,
    }),
    errorNotification: false as const,
    // A screen that keeps failures to the console (spec §8, tenant packages).
    ...(notifications.quietFailure ? { meta: { silent: true } } : {}),
  };
  const onDeleteError = notifications.quietFailure ? (error: unknown) => console.error(`${schema.name}: remove failed`, error) : undefined;
  const askToDelete = (onOk: () => void) =>
    modal.confirm({ title: t('crud.confirmTitle'), content: t('crud.deleteConfirm'), okText: t('crud.ok'), cancelText: t('crud.cancel'), onOk });
  const deleteRow = (id: BaseKey) => askToDelete(() => deleteOne({ resource: schema.name, id, ...deleteNotification }, { onError: onDeleteError }));
  const deleteSelected = () => {
    if (selectedKeys.length === 0) {
      void message.warning(t('crud.selectAtLeastOne'));
      return;
    }
    // One remove call for the whole selection.
    askToDelete(() => deleteMany({ resource: schema.name, ids: selectedKeys, ...deleteNotification }, { onSuccess: () => setSelectedKeys([]), onError: onDeleteError }));
  };

  // A form the user may not open (no button) falls back to the list, as an unknown sub-path does.
  const formAllowed = useMemo(() => {
    if (view.kind !== 'form') return true;
    return view.mode === 'create' ? operations.add : view.mode === 'edit' ? operations.edit : operations.view || operations.edit;
  }, [view, operations.add, operations.edit, operations.view]);
  if ((tableQuery.error as { code?: number } | null)?.code === FORBIDDEN) return <Navigate to="/403" replace />;
  // Without a session (it just ended) the buttons are gone with it: the guard takes the user to the login page, and the
  // open form's address must survive as the address to come back to.
  if (view.kind === 'unknown' || (!formAllowed && getToken())) return <Navigate to={{ pathname: schema.route, search }} replace />;

  // The tree beside the list: a tree path (rows under a node), or a ref to a tree resource (the list decides).
  const treeField = schema.fields.find(
    (field) => field.name === schema.treeFilter && (field.treePath || (field.ref && registry.schemaByName(field.ref.resource)?.tree)),
  );
  const treeValue = filters.find((filter) => 'field' in filter && filter.field === treeField?.name)?.value as string | undefined;
  const pickNode = (value: string | undefined) =>
    setFilters([{ field: treeField!.name, operator: treeField!.treePath ? 'startswith' : 'contains', value }], 'merge');
  const page = (
    <Card variant="borderless" className="crud-page" data-resource={schema.name}>
      <ResourceSearchForm schema={schema} formProps={searchFormProps} />
      <Space className="crud-toolbar" wrap>
        {operations.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('create')}>
            {t('crud.add')}
          </Button>
        )}
        {operations.delete && schema.selection !== 'single' && (
          <Button danger icon={<DeleteOutlined />} onClick={deleteSelected}>
            {t('crud.delete')}
          </Button>
        )}
        {operations.toolbarCustom.filter((operation) => !ui.toolbar || operation.placement !== 'toolbar').map((operation) => (
          <Button
            key={operation.alias}
            onClick={() => (selectedKeys.length === 0 ? void message.warning(t('crud.selectAtLeastOne')) : runOperation(operation, selectedKeys))}
          >
            {t(operationLabelKey(schema, operation.alias))}
          </Button>
        ))}
        {ui.toolbar && <ui.toolbar schema={schema} filters={filters} selectedKeys={selectedKeys} clearSelection={() => setSelectedKeys([])} />}
      </Space>
      <ResourceTable
        schema={schema}
        ui={ui}
        tableProps={lazyTree ? { ...tableProps, loading, dataSource: lazyRows.dataSource, expandable: lazyRows.expandable } : { ...tableProps, loading }}
        operations={operations}
        sorters={sorters}
        selectedKeys={selectedKeys}
        onSelect={setSelectedKeys}
        onOpen={open}
        onDelete={deleteRow}
        onOperation={(operation, id) =>
          ui.recordViews?.[operation.alias]
            ? void navigate({ pathname: `${schema.route}/${encodeURIComponent(String(id))}/${operation.alias}`, search })
            : runOperation(operation, [id])
        }
        onAddChild={lazyTree && operations.add ? addChild : undefined}
        singleSelect={schema.selection === 'single'}
      />
      {OperationDialog && dialog && <OperationDialog schema={schema} ids={dialog.ids} onClose={() => setDialog(undefined)} />}
      {recordView && RecordView && <RecordView key={recordView.base} schema={schema} id={recordView.id} base={recordView.base} onClose={close} />}
      {view.kind === 'form' && (
        <Suspense>
          <ResourceForm
            key={`${view.mode}:${view.id ?? ''}:${String(childDefaults?.[schema.tree?.parentField ?? ''] ?? '')}`}
            schema={schema}
            ui={ui}
            mode={view.mode}
            id={view.id}
            initialValues={view.mode === 'create' ? childDefaults : undefined}
            onClose={close}
          />
        </Suspense>
      )}
    </Card>
  );
  if (!treeField) return page;
  return (
    <div className="crud-with-tree">
      <ListTreeFilter
        field={treeField}
        value={treeValue}
        onPick={pickNode}
      />
      {page}
    </div>
  );
}
