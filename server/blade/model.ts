import { columnOf, type FieldSchema, type FieldType, type ResourceSchema } from '../../resources/types';

/** One stored column of a resource: its wire name, SQL column, type, and the schema field when declared. */
export interface ColumnModel {
  name: string;
  column: string;
  type: FieldType;
  field?: FieldSchema;
}

/** The audit columns every stored entity has (blade-contract §1), with their types. */
export const AUDIT_COLUMNS: ColumnModel[] = [
  { name: 'id', column: 'id', type: 'id' },
  { name: 'tenantId', column: 'tenant_id', type: 'string' },
  { name: 'createUser', column: 'create_user', type: 'id' },
  { name: 'createDept', column: 'create_dept', type: 'id' },
  { name: 'createTime', column: 'create_time', type: 'datetime' },
  { name: 'updateUser', column: 'update_user', type: 'id' },
  { name: 'updateTime', column: 'update_time', type: 'datetime' },
  { name: 'status', column: 'status', type: 'int' },
  { name: 'isDeleted', column: 'is_deleted', type: 'int' },
];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Table and column names come from schemas; refuse anything that is not a plain identifier before it reaches SQL. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return name;
}

const modelCache = new WeakMap<ResourceSchema, ColumnModel[]>();

/** Audit columns followed by the schema's fields; a declared field of the same name (e.g. `status`) replaces the audit one. */
export function columnsOf(schema: ResourceSchema): ColumnModel[] {
  const cached = modelCache.get(schema);
  if (cached) return cached;
  const declared = new Map(schema.fields.map((field) => [field.name, field]));
  const audit = AUDIT_COLUMNS.map((audit) => {
    const field = declared.get(audit.name);
    return field ? { ...audit, type: field.type, field } : audit;
  });
  const own = schema.fields
    .filter((field) => !AUDIT_COLUMNS.some((audit) => audit.name === field.name))
    .map((field) => ({ name: field.name, column: assertIdentifier(columnOf(field)), type: field.type, field }));
  const model = [...audit, ...own];
  modelCache.set(schema, model);
  return model;
}
