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

export const schemaNamed = (name: string) => schemas.find((schema) => schema.name === name);

/** Whether the schema declares the operation (`add`, `edit`, `delete`...). */
export const declares = (schema: ResourceSchema, alias: string) =>
  (schema.operations ?? []).some((operation) => operation.alias === alias);

/** The CRUD paths a schema mounts: a read-only one has no submit or remove. */
export function operationsOf(schema: ResourceSchema): Operations {
  const endpoints = endpointsOf(schema);
  return {
    list: `${schema.api}/${endpoints.list}`,
    detail: `${schema.api}/${endpoints.detail}`,
    submit: schema.readOnly ? undefined : `${schema.api}/${endpoints.submit}`,
    remove: schema.readOnly ? undefined : `${schema.api}/${endpoints.remove}`,
  };
}

/** Whether rows can be created through the API at all. */
export const creatable = (schema: ResourceSchema) => !schema.readOnly && declares(schema, 'add');

/**
 * Fields a client may write: not read-only or derived (a write-only confirmation is written), and shown in the form
 * or required (a screen may edit a required field with its own part).
 */
export const writableFields = (schema: ResourceSchema): FieldSchema[] =>
  (schema.fields ?? []).filter(
    (field) => !field.readOnly && (!field.virtual || field.writeOnly) && (field.form !== false || field.required !== undefined),
  );

/** Fields whose value is another row (a ref, or a path in a tree resource). */
export const pointerFields = (schema: ResourceSchema) =>
  writableFields(schema).filter((field) => field.ref || field.treePath);

export const textFields = (schema: ResourceSchema) =>
  writableFields(schema).filter(
    (field) =>
      (field.type === 'string' || field.type === 'text') &&
      !field.ref &&
      !field.treePath &&
      // A field with fixed options is a choice, not free text.
      !field.options &&
      // A dictionary field holds one of its dictionary's keys (the write path checks them).
      !field.dict &&
      !field.rules?.ip &&
      !field.rules?.phone &&
      !field.rules?.email &&
      // Values from a fixed set or of a fixed shape: not free text.
      !field.rules?.code &&
      !field.rules?.prefix &&
      !field.treeOptions &&
      // A value the server checks against what it knows (a built-in processor's name), given by its example.
      field.example === undefined &&
      // Stored, never answered: nothing to find a row by or to render.
      !field.writeOnly,
  );

/** A value the field accepts; `tag` makes text unique. */
export function validValue(field: FieldSchema, tag: string): unknown {
  if (field.ref || field.treePath) return undefined;
  if (field.rules?.ip) return '10.0.0.1';
  if (field.rules?.phone) return '13800000000';
  if (field.rules?.email) return 'security@example.com';
  if (field.rules?.prefix) return `${field.rules.prefix[0]}${tag}`.slice(0, field.maxLength ?? 255);
  if (field.rules?.code) return tag.replace(/[^A-Za-z0-9._-]/g, '').slice(0, field.maxLength ?? 255);
  if (field.options?.length && (field.type === 'string' || field.type === 'text')) return String(field.options[0].value);
  if (field.example !== undefined) return field.example;
  // A dictionary field takes one of its keys (the server refuses others): its default, else key 1 below.
  if (field.dict && field.defaultValue !== undefined) return field.defaultValue;
  switch (field.type) {
    case 'string':
    case 'text':
      // A field with fixed options takes one of them (the server may check it, e.g. a data scope's column).
      return field.options?.[0]?.value ?? `${tag}`.slice(0, field.maxLength ?? 255);
    case 'int':
      return field.options?.[0]?.value ?? (typeof field.defaultValue === 'number' ? field.defaultValue : 1);
    case 'number':
      return 1;
    case 'date':
      return '2024-01-02';
    case 'datetime':
      return '2024-01-02 03:04:05';
    default:
      return undefined;
  }
}

/** A body the schema accepts for an insert, but for the pointer fields (see `bodyFor`): every writable field filled. */
export function validBody(schema: ResourceSchema, tag: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of writableFields(schema)) {
    const value = validValue(field, `${tag}-${field.name}`);
    if (value !== undefined) body[field.name] = value;
  }
  // A confirmation repeats the value it confirms.
  for (const field of writableFields(schema)) {
    const same = field.rules?.sameAs;
    if (same && body[same.field] !== undefined) body[field.name] = body[same.field];
  }
  return body;
}

/** The text field a row can be found by (filter `<name>_equal`). */
export const keyField = (schema: ResourceSchema) => textFields(schema).find((field) => field.type === 'string') ?? textFields(schema)[0];
