import { useInvalidate, type BaseKey } from '@refinedev/core';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../providers/access';
import { downloadFile } from '../../../providers/download';
import { http } from '../../../providers/http';
import { STANDARD_ALIASES } from '../../../resources/operations';
import { operationCode, endpointsOf, type OperationSchema, type ResourceSchema } from '../../../resources/types';
import { operationLabelKey } from './schemaMapping';

type Row = Record<string, unknown>;

/** Dialog values as query parameters: absent ones left out, cleared ones sent empty (the server clears them). */
const paramsOf = (values: Row) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined).map(([name, value]) => [name, value ?? '']));

/** The operations of a screen the user may use: declared by the schema and held as a button code. */
export function allowedOperations(schema: ResourceSchema, can: (code: string) => boolean = hasPermission) {
  const allowed = schema.operations.filter((operation) => can(operationCode(schema, operation.alias)));
  const has = (alias: string) => allowed.some((operation) => operation.alias === alias);
  const isRow = (operation: OperationSchema) => operation.placement === 'row' || operation.placement === 'both';
  const isToolbar = (operation: OperationSchema) => operation.placement === 'toolbar' || operation.placement === 'both';
  const custom = allowed.filter((operation) => !STANDARD_ALIASES.has(operation.alias));
  return {
    add: has('add') && !schema.readOnly,
    edit: has('edit') && !schema.readOnly,
    delete: has('delete') && !schema.readOnly,
    // A screen without a menu has no seeded buttons: whoever may list its rows (the server decides) may view them.
    view: has('view') || (schema.inMenu === false && schema.operations.some((operation) => operation.alias === 'view')),
    /** The delete operation as declared, for its row rule. */
    deleteOperation: allowed.find((operation) => operation.alias === 'delete'),
    rowCustom: custom.filter(isRow),
    toolbarCustom: custom.filter(isToolbar),
  };
}

/** Whether an operation's row button shows on this row (its `rowWhen` rule). */
export function showsOnRow(operation: OperationSchema | undefined, row: Record<string, unknown>): boolean {
  const rule = operation?.rowWhen;
  if (!rule) return true;
  const value = String(row[rule.field]);
  if (rule.equals !== undefined && value !== String(rule.equals)) return false;
  if (rule.notEquals !== undefined && value === String(rule.notEquals)) return false;
  return true;
}

/**
 * Runs a custom operation (`execute`, `enable`, ...) on rows, after its confirmation, then refreshes the list. An
 * operation that declares `fields` asks for them first in a dialog (starting from the row's detail when one row is
 * chosen) and sends them beside the ids.
 */
export function useRunOperation(schema: ResourceSchema) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const invalidate = useInvalidate();
  const [fieldsForm] = Form.useForm();
  return (operation: OperationSchema, ids: BaseKey[]) => {
    const run = async (values: Row = {}) => {
      const url = `${schema.api}/${operation.path}`;
      const joined = ids.join(',');
      const idIn = operation.idIn ?? 'query';
      // A GET operation answers a file (download, export): the browser saves it.
      if ((operation.method ?? 'POST') === 'GET') {
        await downloadFile(url, idIn === 'ids' ? { ids: joined } : { id: joined }, `${operation.alias}.xlsx`);
        return;
      }
      await http.request({
        url,
        method: operation.method ?? 'POST',
        params: {
          ...(idIn === 'query' ? { id: joined } : idIn === 'ids' ? { ids: joined } : {}),
          ...paramsOf(values),
        },
        data: idIn === 'body' ? (ids.length === 1 ? { id: ids[0] } : { ids }) : undefined,
      });
      void message.success(t('crud.operationDone', { name: t(operationLabelKey(schema, operation.alias)) }));
      await invalidate({ resource: schema.name, invalidates: ['list', 'detail'] });
    };
    const fields = operation.fields ?? [];
    if (fields.length > 0) {
      const ask = async () => {
        // The form editors come with the first dialog (a list does not need them), fetched beside the row's detail.
        const [detail, { FieldFormItem }] = await Promise.all([
          ids.length === 1 ? http.get(`${schema.api}/${endpointsOf(schema).detail}`, { params: { id: ids[0] } }) : undefined,
          import('./fieldEditors'),
        ]);
        const record = (detail?.data.data ?? undefined) as Row | undefined;
        const initial = Object.fromEntries(fields.flatMap((field) => (record && record[field.name] !== '' && record[field.name] !== undefined ? [[field.name, record[field.name]]] : [])));
        fieldsForm.resetFields();
        const labels = { name: `${schema.name}.operations.${operation.alias}` };
        modal.confirm({
          title: t(operationLabelKey(schema, operation.alias)),
          icon: null,
          width: 560,
          okText: t('crud.ok'),
          cancelText: t('crud.cancel'),
          className: 'crud-operation-dialog',
          content: (
            <Form form={fieldsForm} layout="vertical" initialValues={initial} preserve={false} data-operation={operation.alias}>
              {fields.map((field) => (
                <FieldFormItem key={field.name} schema={labels} field={field} fields={fields} readOnly={false} record={record} form={fieldsForm} />
              ))}
            </Form>
          ),
          // A refused validation or call keeps the dialog open with what was typed.
          onOk: async () => run(await fieldsForm.validateFields()),
        });
      };
      return void ask().catch(() => undefined);
    }
    if (!operation.confirm) return void run().catch(() => undefined);
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t(`${schema.name}.operations.${operation.alias}.confirm`),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => run().catch(() => undefined),
    });
  };
}
