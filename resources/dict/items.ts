import { STANDARD_ALIASES } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * The items of one dictionary as a screen sees them: the same resource (same calls, buttons and labels), with the
 * item's own fields in the form: its key, its parent (a tree of the dictionaries and their items), its code shown
 * but not edited: an item takes its dictionary's code (the server copies it from the parent, as a ref's fill). `route` is where its forms open.
 */
export function itemsSchemaOf(schema: ResourceSchema, route: string): ResourceSchema {
  return {
    ...schema,
    route,
    operations: schema.operations.filter((operation) => STANDARD_ALIASES.has(operation.alias)),
    fields: schema.fields.map((field) => {
      switch (field.name) {
        case 'code':
          return { ...field, readOnly: true, search: undefined };
        case 'dictValue':
          return { ...field, search: undefined };
        case 'dictKey':
          return { ...field, form: true, list: true, defaultValue: undefined, width: 120 };
        case 'parentId':
          return { ...field, widget: 'tree' as const, form: true, ref: { resource: schema.name, label: 'dictValue', as: 'parentName', join: false, fill: { code: 'code' } } };
        default:
          return field;
      }
    }),
  };
}
