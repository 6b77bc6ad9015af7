import type { OperationSchema } from './types';

/** The standard operations of a crud screen, as data (schemas stay JSON-serialisable). */
export const ADD: OperationSchema = { alias: 'add', label: { zh: '新增', en: 'Add' }, placement: 'toolbar', icon: 'PlusOutlined' };
export const EDIT: OperationSchema = { alias: 'edit', label: { zh: '修改', en: 'Edit' }, placement: 'row', icon: 'EditOutlined' };
export const DELETE: OperationSchema = {
  alias: 'delete',
  label: { zh: '删除', en: 'Delete' },
  placement: 'both',
  icon: 'DeleteOutlined',
  confirm: { zh: '确定将选择数据删除?', en: 'Delete the selected data?' },
};
export const VIEW: OperationSchema = { alias: 'view', label: { zh: '查看', en: 'View' }, placement: 'row', icon: 'EyeOutlined' };

export const CRUD: OperationSchema[] = [ADD, EDIT, DELETE, VIEW];

/**
 * 启用 of a setting of which one is on at a time (storage, SMS, code settings): a row button, hidden on the row that
 * is on (its `status` is `enabledStatus`); the server turns the others off (server/blade/one-enabled.ts).
 */
export function enableOperation(confirm: OperationSchema['confirm'], enabledStatus: number): OperationSchema {
  return {
    alias: 'enable',
    label: { zh: '启用', en: 'Enable' },
    placement: 'row',
    method: 'POST',
    path: 'enable',
    idIn: 'query',
    icon: 'CheckCircleOutlined',
    confirm,
    rowWhen: { field: 'status', notEquals: enabledStatus },
  };
}

/**
 * The standard operations of such a setting's screen: its row 删除 is not offered on the row that is on (the server
 * refuses removing it too, server/blade/one-enabled.ts), like 启用.
 */
export function crudOfOneEnabled(enabledStatus: number): OperationSchema[] {
  return CRUD.map((operation) => (operation.alias === 'delete' ? { ...operation, rowWhen: { field: 'status', notEquals: enabledStatus } } : operation));
}

/** Aliases handled by the generic list, form and remove calls; every other operation is a custom call. */
export const STANDARD_ALIASES = new Set(['add', 'edit', 'delete', 'view']);

/** Seeded `action` (dict `button_func`) of a button: 1 toolbar, 2 row, 3 both. */
export const ACTION_OF_PLACEMENT = { toolbar: 1, row: 2, both: 3 } as const;

/**
 * 送审 of a test case or script: starts the tenant's review process; hidden on approved rows (the server refuses
 * them too, and a second send while one is under review).
 */
export const SEND_FOR_REVIEW: OperationSchema = {
  alias: 'review',
  label: { zh: '送审', en: 'Send for review' },
  placement: 'row',
  method: 'POST',
  path: 'submit-review',
  icon: 'AuditOutlined',
  confirm: { zh: '确定将该数据送审?', en: 'Send this item for review?' },
  rowWhen: { field: 'auditStatus', notEquals: 1 },
};
