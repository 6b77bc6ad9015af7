/**
 * The one definition of a resource. Pure data (no React, no Node APIs): the embedded server builds its table,
 * validation and CRUD routes from it, and the front end builds list columns, search form, form and messages.
 */

/** How a value is stored, sent and edited. */
export type FieldType =
  | 'string' // varchar, Input
  | 'text' // text, TextArea
  | 'int' // integer, InputNumber
  | 'number' // numeric, InputNumber
  | 'date' // date, yyyy-MM-dd, DatePicker
  | 'datetime' // timestamp, yyyy-MM-dd HH:mm:ss, DatePicker with time
  | 'id'; // bigint id-like, serialized as a string

export interface LocalizedText {
  zh: string;
  en: string;
}

export interface FieldSchema {
  /** camelCase name on the wire; the column is its snake_case form unless `column` says otherwise. */
  name: string;
  column?: string;
  type: FieldType;
  /** Label per language; the i18n provider registers it as `<resource>.fields.<name>`. */
  label: LocalizedText;
  /** Exact message shown (and answered by the server) when the value is missing. */
  required?: string;
  /** Longest accepted string; the server rejects longer values naming the field. */
  maxLength?: number;
  /** Options come from a dictionary: `dict` (system) or `dict-biz` (per tenant). Value is the dictKey. */
  dict?: { code: string; biz?: boolean };
  /** Fixed options when there is no dictionary. */
  options?: { value: string | number; label: LocalizedText }[];
  /** Default value on create (server and form). */
  defaultValue?: string | number;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Shown in the form (default true). */
  form?: boolean;
  /** Shown in the search form, and how it filters. */
  search?: 'like' | 'equal' | 'dateRange';
  /** Form column span out of 24 (default 12). */
  span?: number;
  /** Value must be unique within the tenant among live rows; message when it is not. */
  unique?: string;
  /** Server-maintained (audit fields): never written from a request body. */
  readOnly?: boolean;
}

/** Wire paths relative to `api`, overridable per resource (e.g. task: submit → mainTaskSubmit). */
export interface ResourceEndpoints {
  list: string;
  detail: string;
  submit: string;
  remove: string;
}

export interface ResourceSchema {
  /** Refine resource name and translation namespace, e.g. `param`. */
  name: string;
  /** Title per language (menu and page title). */
  title: LocalizedText;
  /** Base URL of the Blade controller, e.g. `/api/blade-system/param`. */
  api: string;
  endpoints?: Partial<ResourceEndpoints>;
  /** Database table, e.g. `blade_param`. */
  table: string;
  /** Rows belong to a tenant and every query is scoped to the caller's tenant. */
  tenantScoped: boolean;
  /** Route path of the list page, as the menu gives it, e.g. `/system/param`. */
  route: string;
  /**
   * The screen is reached through a menu entry (default true). The front end then shows /403 when the role's menu
   * tree lacks it; a screen without a menu (task records) opens by its route alone.
   */
  inMenu?: boolean;
  /** Prefix of the button permission codes: `<code>_add`, `<code>_edit`, `<code>_delete`, `<code>_view`. */
  permissionCode: string;
  /** Which CRUD actions exist on the screen. */
  actions: { add: boolean; edit: boolean; delete: boolean; view: boolean };
  /** Add/edit/view container. */
  form: { mode: 'drawer' | 'modal'; width?: string | number };
  /** Default order of the list, by column name. */
  defaultSort?: { column: string; order: 'asc' | 'desc' };
  fields: FieldSchema[];
}

export const DEFAULT_ENDPOINTS: ResourceEndpoints = {
  list: 'list',
  detail: 'detail',
  submit: 'submit',
  remove: 'remove',
};

export function endpointsOf(schema: ResourceSchema): ResourceEndpoints {
  return { ...DEFAULT_ENDPOINTS, ...schema.endpoints };
}

/** camelCase → snake_case, the Blade column naming rule. */
export function toColumn(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function columnOf(field: FieldSchema): string {
  return field.column ?? toColumn(field.name);
}

/** Audit fields every stored entity has (blade-contract §1); not declared per resource. */
export const AUDIT_FIELDS = [
  'id',
  'tenantId',
  'createUser',
  'createDept',
  'createTime',
  'updateUser',
  'updateTime',
  'status',
  'isDeleted',
] as const;
