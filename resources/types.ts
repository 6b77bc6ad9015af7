/**
 * The one definition of a resource. Pure data, JSON-serialisable (no React, no Node APIs, no functions): the embedded
 * server builds its table, validation, routes, permission guards and seeded menu from it; the front end builds the
 * list, search form, form sections, pickers, buttons and translation keys.
 */

/** How a value is stored, sent and edited. */
export type FieldType =
  | 'string' // varchar
  | 'text' // text
  | 'int' // integer
  | 'number' // numeric
  | 'date' // date, yyyy-MM-dd
  | 'datetime' // timestamp, yyyy-MM-dd HH:mm:ss
  | 'id'; // bigint id-like, serialized as a string

/** The spec's component types (§9); the default follows the field's type, dictionary or reference. */
export type Widget = 'input' | 'textarea' | 'editor' | 'select' | 'tree' | 'radio' | 'checkbox' | 'switch' | 'date'
  // A file sent straight to object storage; the field keeps its key.
  | 'upload'
  // An icon name picked from the icons the menus can render (`source` of menus and top menus).
  | 'icon';

export type FormMode = 'create' | 'edit' | 'view';

export interface LocalizedText {
  zh: string;
  en: string;
}

/**
 * The field holds the id of a row of another resource. The server joins that row's label under `as` (the name
 * BladeX's view objects use, e.g. `projectName`); the form picks it with a remote select.
 */
export interface RefSpec {
  /** Registered resource name of the target (`user`, `project`, `tooldevice`). */
  resource: string;
  /** Target field shown as the option label and joined as `as`. */
  label: string;
  /** Read-only name the label is answered under. */
  as: string;
  /** Query parameter the remote select sends what the user typed in (default: `label`). */
  searchParam?: string;
  /** Endpoint of the target the picker lists from (default: its list endpoint). */
  endpoint?: string;
  /** Fixed query parameters of the picker (spec: users with status 1, audited cases and scripts). */
  query?: Record<string, string | number>;
  /** Other fields of this form filled on pick: this form's field → the target's field. */
  fill?: Record<string, string>;
  /** Join the target's label on the server (default true); false when the target is not a table of this server. */
  join?: boolean;
  /**
   * The field holds several ids, comma-joined (a job's alert users): each must exist, `as` answers their labels
   * comma-joined in the same order, and the form picks them with a remote multi-select.
   */
  multiple?: boolean;
}

/** The field holds a comma-joined id path (root → leaf) in a tree resource; its readable path is answered as `as`. */
export interface TreePathSpec {
  resource: string;
  as: string;
}

/** Cross-field and format rules beyond "required" and "max length"; each has one message on server and client. */
export interface FieldRules {
  /** An IPv4 or IPv6 address. */
  ip?: boolean;
  /** Not only whitespace. */
  notBlank?: boolean;
  /** Not before the value of this other field (dates). */
  notBefore?: string;
  /** 11-digit mainland phone number. */
  phone?: boolean;
  email?: boolean;
  /** Required only when another field has this value (case ownership 1 → project required). */
  requiredWhen?: { field: string; equals: string | number };
  /** Starts with one of these prefixes (a datasource URL: `jdbc:`, `postgres:`). */
  prefix?: string[];
  /** An identifier: letters, digits, `.`, `_` and `-` only (a tenant id, a client id). */
  code?: boolean;
  /** Must equal the value of another field (a password's confirmation), else `message`. */
  sameAs?: { field: string; message: string };
}

export interface FieldSchema {
  /** camelCase name on the wire; the column is its snake_case form unless `column` says otherwise. */
  name: string;
  column?: string;
  type: FieldType;
  /** Label per language; registered as `<resource>.fields.<name>`. */
  label: LocalizedText;
  /** Exact message shown (and answered by the server) when the value is missing. */
  required?: string;
  /** A hint under the form's editor (which values it takes); registered as `<resource>.help.<name>`. */
  help?: LocalizedText;
  /**
   * A value the server accepts where the rules alone cannot tell which (a built-in processor's name): the form's
   * input offers it as its placeholder, and the registry suites submit it.
   */
  example?: string;
  /** Longest accepted string; the server rejects longer values naming the field. */
  maxLength?: number;
  /**
   * Options come from a dictionary: `dict` (system) or `dict-biz` (per tenant). Value is the dictKey; `as` names the
   * label the server answers beside the value (`statusStr`, `categoryName`).
   */
  dict?: { code: string; biz?: boolean; as?: string };
  /** Fixed options when there is no dictionary. */
  options?: { value: string | number; label: LocalizedText }[];
  ref?: RefSpec;
  treePath?: TreePathSpec;
  widget?: Widget;
  rules?: FieldRules;
  /** Default value on create (server and form). */
  defaultValue?: string | number;
  /** Shown as a list column (default true). */
  list?: boolean;
  /** Column width in px: long values are cut with an ellipsis instead of pushing other columns away. */
  width?: number;
  /** Shown in the form (default true). */
  form?: boolean;
  /** Form section key (default the first section). */
  section?: string;
  /** Modes the field is hidden in (e.g. a test object's group on add). */
  hiddenOn?: FormMode[];
  /** Shown in the search form, and how it filters. */
  search?: 'like' | 'equal' | 'dateRange' | 'tree';
  /**
   * Lists may be ordered by it (the column header sorts; `ascs`/`descs` accept it), with an index led by it made
   * beside the table: an order on a column without one reads the whole table for every page.
   */
  sortable?: boolean;
  /** Form column span out of 24 (default 12). */
  span?: number;
  /** Value must be unique within the tenant among live rows; message when it is not. */
  unique?: string;
  /** Server-maintained or derived: shown, never written from a request body. */
  readOnly?: boolean;
  /** Derived by the server (a join, a computed value): no column of its own. */
  virtual?: boolean;
  /**
   * Stored, never answered (a password, a secret): no read returns, filters or sorts by it; a detail answers
   * `SECRET_MASK` in its place when one is stored (BladeX's clients require the value in their edit forms), and an
   * update that leaves it empty or sends the mask keeps the stored value. With `virtual` it is not stored either (a
   * password's confirmation, checked with `rules.sameAs`).
   */
  writeOnly?: boolean;
  /** Written on insert only: the edit form shows it as text, and an update that changes it is refused (`<label>不可修改`). */
  immutable?: boolean;
  /**
   * Options are the nodes of a tree this endpoint answers (BladeX tree nodes `{id, title, children}`), picked with
   * checkboxes (`widget: 'tree'`); the value is the checked ids, comma-joined.
   */
  treeOptions?: { endpoint: string };
}

/** Wire paths relative to `api`, overridable per resource (e.g. task: submit → mainTaskSubmit). */
export interface ResourceEndpoints {
  list: string;
  detail: string;
  submit: string;
  remove: string;
  /** Id/label pairs for pickers. */
  select: string;
  /** Tree resources: the whole tree. */
  tree: string;
  /** Tree resources: the children of `parentId`. */
  lazyList: string;
}

export type OperationPlacement = 'toolbar' | 'row' | 'both';

/**
 * One button of a screen and the call it makes, declared once: the seeded button (code `<permissionCode>_<alias>`),
 * the server's guard of its endpoint and whether the page shows it all come from here.
 */
export interface OperationSchema {
  /** `add`, `edit`, `delete`, `view`, or a custom one (`execute`, `enable`, `sync`, `grant`). */
  alias: string;
  label: LocalizedText;
  placement: OperationPlacement;
  /** Custom operations: the call, relative to `api`, and where the row's id goes. */
  method?: 'GET' | 'POST';
  path?: string;
  /** `query`: `?id=`, `body`: `{id}`; `ids` sends the selection as `ids=1,2`. */
  idIn?: 'query' | 'body' | 'ids';
  /** Asked before the call. */
  confirm?: LocalizedText;
  /** Antd icon name of the seeded button. */
  icon?: string;
  /**
   * The button's permission code where BladeX names it otherwise than `<permissionCode>_<alias>` (its seed has
   * `data_scope_setting`, `user_reset`), so that BladeX's own clients and a real BladeX database meet the same code.
   */
  code?: string;
  /**
   * Values the operation asks for in a dialog before the call, sent as query parameters beside the ids (BladeX's
   * tenant `setting`: accountNumber, expireTime). With one row chosen the dialog starts from its detail.
   */
  fields?: FieldSchema[];
  /**
   * A row button shows only on rows whose `field` has the value `equals` (restore only on recycled tenants), or
   * anything but `notEquals` (no delete on the administrator tenant).
   */
  rowWhen?: { field: string; equals?: string | number; notEquals?: string | number };
}

export interface SectionSchema {
  key: string;
  label: LocalizedText;
  hiddenOn?: FormMode[];
}

/** Rows of another table owned by the parent and saved with it in one transaction (tool chain, child tasks). */
export interface ChildRowsSchema {
  /** Name of the list (or object, when `single`) in the parent's detail and submit body. */
  name: string;
  table: string;
  /** Column of the child table holding the parent id. */
  parentKey: string;
  label: LocalizedText;
  section?: string;
  /** One row at most, sent as an object (a terminal's test object). */
  single?: boolean;
  hiddenOn?: FormMode[];
  fields: FieldSchema[];
}

/** A many-to-many relation edited by its own calls (project members). */
export interface LinkSchema {
  name: string;
  table: string;
  parentKey: string;
  /** Column of the link table holding the target id. */
  targetKey: string;
  target: string;
  label: LocalizedText;
  section?: string;
  hiddenOn?: FormMode[];
  /**
   * Full paths of the calls: list of links (`?parentKey=`), save (`{parentKey, targetIds}`), remove (`{ids}`), and
   * the targets' rows as the list answers them (POST `{targetIds}`), for the ones picked before the record is saved.
   */
  endpoints: { list: string; save: string; remove: string; details: string };
  /** Target fields shown in the members table. */
  columns: string[];
  /** A read-only table under each linked row (a member's child users): the row's list and the target fields it shows. */
  childRows?: { name: string; label: LocalizedText; columns: string[] };
}

export interface MenuSchema {
  /** Code of the menu group the screen sits in (`test`, `system`). */
  parent: string;
  icon: string;
  sort: number;
}

/** A dictionary the registry seeds (its Chinese labels, as BladeX stores them) and English mode shows in English. */
export interface ProductDict {
  code: string;
  name: string;
  biz: boolean;
  items: ProductDictItem[];
}

export interface ProductDictItem {
  key: string;
  label: LocalizedText;
  remark?: string;
}

/** A resource's own messages by language (full keys, e.g. `task.run.start`), merged into the app's by the registry. */
export interface ResourceMessages {
  zh: Record<string, string>;
  en: Record<string, string>;
}

export interface ResourceSchema {
  /** Refine resource name and translation namespace, e.g. `param`. */
  name: string;
  /** Title per language (menu and page title). */
  title: LocalizedText;
  /** The resource's own dictionaries (its folder's `dicts.ts`): the registry seeds them and shows them in English. */
  dictionaries?: readonly ProductDict[];
  /**
   * The resource's own messages (its folder's `messages.ts`) beyond what the schema declares: its screen's texts, and
   * a menu name other than the title. The menu name `menu.<permissionCode>` is the title unless they say otherwise.
   */
  messages?: ResourceMessages;
  /** Base URL of the Blade controller, e.g. `/api/blade-system/param`. */
  api: string;
  endpoints?: Partial<ResourceEndpoints>;
  /** Database table, e.g. `blade_param`. */
  table: string;
  /**
   * `schema` (default): created and extended from the fields at start. `migration`: created by a SQL migration; at
   * start the server checks that every declared column exists.
   */
  tableOwner?: 'schema' | 'migration';
  /** Rows belong to a tenant and every query is scoped to the caller's tenant. */
  tenantScoped: boolean;
  /** Route path of the list page, as the menu gives it, e.g. `/system/param`. */
  route: string;
  /** Seeded menu entry, derived from the schema; absent when the entry is seeded by hand (or there is none). */
  menu?: MenuSchema;
  /**
   * The screen is reached through a menu entry (default true): the front end shows /403 when the role's menus lack
   * it. A screen without a menu (task records) opens by its route alone.
   */
  inMenu?: boolean;
  /** Prefix of the button permission codes (`<code>_<alias>`) and the menu code. */
  permissionCode: string;
  /** Rows are written by the server only: list and detail, no submit or remove. */
  readOnly?: boolean;
  operations: OperationSchema[];
  /**
   * A `treePath` field whose tree stands beside the list: picking a node lists the rows under it. Or a field whose
   * `ref` targets a tree resource: picking a node sends `<field>=<id>` and the list endpoint decides what is under it.
   */
  treeFilter?: string;
  /** Row selection of the list (default multiple; spec: terminals single). */
  selection?: 'single' | 'multiple';
  /** Add/edit/view container; `tabs` shows the sections as tabs (the code generator's model, template, generate). */
  form: { mode: 'drawer' | 'modal'; width?: string | number; tabs?: boolean };
  sections?: SectionSchema[];
  /** Default order of the list, by column name. */
  defaultSort?: { column: string; order: 'asc' | 'desc' };
  /**
   * A tree resource: rows have a parent; removing a node with children is refused. `lazyList`: the list page shows
   * the tree itself, the roots first and each node's children loaded when it is expanded (`lazy-list?parentId=`),
   * with a row button adding a child.
   */
  tree?: { parentField: string; labelField: string; lazyList?: boolean };
  children?: ChildRowsSchema[];
  links?: LinkSchema[];
  /**
   * Tables outside the registry that point here; removing a row still in use is refused with `message`. Registered
   * resources that ref this one are found without listing them.
   */
  usedBy?: { table: string; column: string; message: string; pathColumn?: boolean }[];
  fields: FieldSchema[];
  /**
   * Only the administrator tenant (`000000`) may read or write these rows (tenants, clients, tenant packages): every
   * other tenant is refused with 403, whatever its role holds.
   */
  adminTenantOnly?: boolean;
  /**
   * Values the server makes on insert and answers once, in the submit's `data` (a generated secret, an initial
   * password): the form shows them in a dialog with copy buttons. No read answers them later.
   */
  revealOnCreate?: { name: string; label: LocalizedText }[];
  /**
   * Messages of the screen's add, edit and delete: `success` replaces 新增成功/更新成功/删除成功; `quietFailure` shows
   * no message on failure (only the console logs it).
   */
  notifications?: { success?: LocalizedText; quietFailure?: boolean };
}

export const DEFAULT_ENDPOINTS: ResourceEndpoints = {
  list: 'list',
  detail: 'detail',
  submit: 'submit',
  remove: 'remove',
  select: 'select',
  tree: 'tree',
  lazyList: 'lazy-list',
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

/**
 * The columns a list of `schema` may be ordered by, each with an index led by it: the id, the creation time (the
 * order every BladeX client falls back to), the schema's default order and the fields declared `sortable`.
 */
export function sortableColumnsOf(schema: ResourceSchema): string[] {
  const declared = schema.fields.filter((field) => field.sortable && !field.virtual).map(columnOf);
  return [...new Set(['id', 'create_time', ...(schema.defaultSort ? [schema.defaultSort.column] : []), ...declared])];
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

/** The operation of `alias`, when the schema declares it. */
export function operationOf(schema: ResourceSchema, alias: string): OperationSchema | undefined {
  return schema.operations.find((operation) => operation.alias === alias);
}

/** What a detail answers for a stored write-only value, and what a submit sends to keep it. */
export const SECRET_MASK = '******';

/**
 * The stored secrets a detail answers as `SECRET_MASK` (an edit form holds them); a secret no edit or view form
 * shows (a user's password) is left out of every answer.
 */
export function maskedSecretFields(schema: ResourceSchema): FieldSchema[] {
  return schema.fields.filter(isMaskedSecret);
}

export function isMaskedSecret(field: FieldSchema): boolean {
  return Boolean(field.writeOnly) && !field.virtual && !(field.hiddenOn?.includes('edit') && field.hiddenOn.includes('view'));
}

/** The permission code of a button: `<permissionCode>_<alias>`, dashes in the alias written `_`. */
export function buttonCode(permissionCode: string, alias: string): string {
  return `${permissionCode}_${alias.replace(/-/g, '_')}`;
}

/** The permission code of a resource's operation: its declared `code`, else `<permissionCode>_<alias>`. */
export function operationCode(schema: ResourceSchema, alias: string): string {
  return operationOf(schema, alias)?.code ?? buttonCode(schema.permissionCode, alias);
}
