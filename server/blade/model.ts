import { columnOf, type ChildRowsSchema, type FieldSchema, type FieldType, type ResourceSchema } from '../../resources/types';

/**
 * One column of a resource as queries see it: its wire name, its name for sorting (`descs=create_time`), its SQL
 * expression (qualified with the table alias, or a join or subquery for derived values) and its type.
 */
export interface ColumnModel {
  name: string;
  column: string;
  type: FieldType;
  field?: FieldSchema;
  /** Expression in SELECT, WHERE and ORDER BY. */
  sql: string;
  /** Stored in the resource's own table (writable unless read-only); false for joined and computed values. */
  stored: boolean;
}

/** Alias of a resource's own table in every generic query. */
export const BASE_ALIAS = 't';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Table and column names come from schemas; refuse anything that is not a plain identifier before it reaches SQL. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return name;
}

const stored = (name: string, column: string, type: FieldType, field?: FieldSchema, alias = BASE_ALIAS): ColumnModel => ({
  name,
  column,
  type,
  field,
  sql: `${alias}.${assertIdentifier(column)}`,
  stored: true,
});

/** The audit columns every stored entity has (blade-contract §1), with their types. */
export const AUDIT_COLUMNS: readonly (readonly [string, string, FieldType])[] = [
  ['id', 'id', 'id'],
  ['tenantId', 'tenant_id', 'string'],
  ['createUser', 'create_user', 'id'],
  ['createDept', 'create_dept', 'id'],
  ['createTime', 'create_time', 'datetime'],
  ['updateUser', 'update_user', 'id'],
  ['updateTime', 'update_time', 'datetime'],
  ['status', 'status', 'int'],
  ['isDeleted', 'is_deleted', 'int'],
];

const AUDIT_NAMES = new Set(AUDIT_COLUMNS.map(([name]) => name));

/** The stored columns of a field list: audit columns (a declared field of the same name, e.g. `status`, refines it), then the fields. */
export function storedColumnsOf(fields: readonly FieldSchema[], alias = BASE_ALIAS): ColumnModel[] {
  const declared = new Map(fields.map((field) => [field.name, field]));
  const audit = AUDIT_COLUMNS.map(([name, column, type]) => {
    const field = declared.get(name);
    return stored(name, column, field?.type ?? type, field, alias);
  });
  const own = fields
    .filter((field) => !AUDIT_NAMES.has(field.name) && !field.virtual && !field.writeOnly)
    .map((field) => stored(field.name, columnOf(field), field.type, field, alias));
  return [...audit, ...own];
}

const modelCache = new WeakMap<ResourceSchema, ColumnModel[]>();

/** The stored columns of a resource's own table. */
export function columnsOf(schema: ResourceSchema): ColumnModel[] {
  let model = modelCache.get(schema);
  if (!model) {
    model = storedColumnsOf(schema.fields);
    modelCache.set(schema, model);
  }
  return model;
}

/** The pseudo-schema of a child table: the parent key and a sort column before the declared fields. */
export function childSchemaOf(parent: ResourceSchema, child: ChildRowsSchema): ResourceSchema {
  const parentField: FieldSchema = {
    name: child.parentKey.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
    column: child.parentKey,
    type: 'id',
    label: { zh: '上级', en: 'Parent' },
    readOnly: true,
  };
  const sortField: FieldSchema = { name: 'sort', type: 'int', label: { zh: '排序', en: 'Sort' }, readOnly: true };
  return {
    name: `${parent.name}.${child.name}`,
    title: child.label,
    api: parent.api,
    table: child.table,
    tenantScoped: parent.tenantScoped,
    route: parent.route,
    permissionCode: parent.permissionCode,
    operations: [],
    form: parent.form,
    fields: [parentField, sortField, ...child.fields],
  };
}

export const uniqueIndexName = (table: string, column: string) => `${table}_${column}_unique`;
