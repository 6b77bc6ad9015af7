import { resourceSchemas } from '../../resources/schemas';
import { endpointsOf, type FieldSchema, type ResourceSchema } from '../../resources/types';

/**
 * The resource registry as the security suite reads it: only what a schema declares is exercised, so a resource
 * that lands tomorrow is covered without touching these tests (and a schema without, say, a submit is skipped).
 */
export const schemas: ResourceSchema[] = resourceSchemas;

export interface Operations {
  list?: string;
  detail?: string;
  submit?: string;
  remove?: string;
}

/** The CRUD paths of a schema; an action the schema turns off has no path. */
export function operationsOf(schema: ResourceSchema): Operations {
  const endpoints = endpointsOf(schema);
  const actions = (schema as { actions?: Partial<Record<'add' | 'edit' | 'delete' | 'view', boolean>> }).actions ?? {};
  const writable = actions.add !== false || actions.edit !== false;
  return {
    list: `${schema.api}/${endpoints.list}`,
    detail: `${schema.api}/${endpoints.detail}`,
    submit: writable ? `${schema.api}/${endpoints.submit}` : undefined,
    remove: actions.delete === false ? undefined : `${schema.api}/${endpoints.remove}`,
  };
}

/** Fields a client may write (not read-only, not hidden from the form); ids only when required. */
export const writableFields = (schema: ResourceSchema): FieldSchema[] =>
  (schema.fields ?? []).filter(
    (field) => !field.readOnly && field.form !== false && (field.type !== 'id' || field.required !== undefined),
  );

export const textFields = (schema: ResourceSchema) =>
  writableFields(schema).filter((field) => field.type === 'string' || field.type === 'text');

/** A value the field accepts; `tag` makes text unique. */
export function validValue(field: FieldSchema, tag: string): unknown {
  switch (field.type) {
    case 'string':
    case 'text':
      return `${tag}`.slice(0, field.maxLength ?? 255);
    case 'int':
      return field.options?.[0]?.value ?? (typeof field.defaultValue === 'number' ? field.defaultValue : 1);
    case 'number':
      return 1;
    case 'date':
      return '2024-01-02';
    case 'datetime':
      return '2024-01-02 03:04:05';
    case 'id':
      // Any id-like text; a schema whose refs are checked would need the referenced row (not yet the case).
      return '1';
    default:
      return undefined;
  }
}

/** A body the schema accepts for an insert: every writable field filled. */
export function validBody(schema: ResourceSchema, tag: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of writableFields(schema)) {
    const value = validValue(field, `${tag}-${field.name}`);
    if (value !== undefined) body[field.name] = value;
  }
  return body;
}

/** The text field a row can be found by (filter `<name>_equal`). */
export const keyField = (schema: ResourceSchema) => textFields(schema).find((field) => field.type === 'string') ?? textFields(schema)[0];
