import type { Registry } from '../../resources/registry';
import { columnOf, toColumn, type FieldSchema, type ResourceSchema } from '../../resources/types';
import { assertIdentifier, BASE_ALIAS, storedColumnsOf, type ColumnModel } from './model';

/**
 * What a read of a table answers: its stored columns, plus the labels of referenced rows (joined) and the readable
 * paths of tree-path fields (computed), under the names BladeX's view objects use (`projectName`, `createUserName`).
 */
export interface ReadModel {
  columns: ColumnModel[];
  /** `LEFT JOIN ...` clauses of the referenced tables. */
  joins: string;
}

function targetOf(registry: Registry, resource: string, owner: string): ResourceSchema {
  const target = registry.schemaByName(resource);
  if (!target) throw new Error(`${owner}: ref to unknown resource "${resource}"`);
  return target;
}

function labelColumnOf(target: ResourceSchema, name: string): string {
  const field = target.fields.find((candidate) => candidate.name === name);
  if (!field || field.virtual) throw new Error(`${target.name}: "${name}" is not a stored field`);
  return assertIdentifier(columnOf(field));
}

/** The declared virtual field answering `name`, for its label and search mode; else a plain string column. */
function derived(fields: readonly FieldSchema[], name: string, sql: string): ColumnModel {
  const field = fields.find((candidate) => candidate.name === name);
  return { name, column: toColumn(name), type: 'string', field, sql, stored: false };
}

export function readModelOf(registry: Registry, owner: string, fields: readonly FieldSchema[], alias = BASE_ALIAS): ReadModel {
  // Write-only fields (passwords, secrets) are stored but never read back.
  const columns = storedColumnsOf(fields, alias).filter((column) => !column.field?.writeOnly);
  const joins: string[] = [];
  const byName = new Map(columns.map((column) => [column.name, column]));
  fields.forEach((field, index) => {
    const source = byName.get(field.name);
    if (field.ref?.multiple && field.ref.join !== false && source) {
      const target = targetOf(registry, field.ref.resource, owner);
      const picked = `${alias}_m${index}`;
      const ids = `string_to_array(${source.sql}, ',')`;
      const sameTenant = target.tenantScoped ? ` AND ${picked}.tenant_id = ${alias}.tenant_id` : '';
      columns.push(
        derived(
          fields,
          field.ref.as,
          `(SELECT string_agg(${picked}.${labelColumnOf(target, field.ref.label)}, ',' ORDER BY array_position(${ids}, ${picked}.id::text))
            FROM ${assertIdentifier(target.table)} ${picked} WHERE ${picked}.id::text = ANY(${ids})${sameTenant} AND ${picked}.is_deleted = 0)`,
        ),
      );
    } else if (field.ref && field.ref.join !== false && source) {
      const target = targetOf(registry, field.ref.resource, owner);
      const joined = `${alias}_r${index}`;
      const sameTenant = target.tenantScoped ? ` AND ${joined}.tenant_id = ${alias}.tenant_id` : '';
      joins.push(
        `LEFT JOIN ${assertIdentifier(target.table)} ${joined} ON ${joined}.id = ${source.sql}${sameTenant} AND ${joined}.is_deleted = 0`,
      );
      columns.push(derived(fields, field.ref.as, `${joined}.${labelColumnOf(target, field.ref.label)}`));
    }
    if (field.dict?.as && source) {
      const code = field.dict.code;
      if (!/^[a-z0-9_]+$/.test(code)) throw new Error(`${owner}: dictionary code "${code}" is not a plain identifier`);
      const dict = `${alias}_d${index}`;
      const [dictTable, sameTenant] = field.dict.biz ? ['blade_dict_biz', ` AND ${dict}.tenant_id = ${alias}.tenant_id`] : ['blade_dict', ''];
      columns.push(
        derived(
          fields,
          field.dict.as,
          `(SELECT ${dict}.dict_value FROM ${dictTable} ${dict} WHERE ${dict}.code = '${code}' AND ${dict}.parent_id > 0
            AND ${dict}.dict_key = ${source.sql}::text AND ${dict}.is_deleted = 0${sameTenant} ORDER BY ${dict}.id LIMIT 1)`,
        ),
      );
    }
    if (field.treePath && source) {
      const tree = targetOf(registry, field.treePath.resource, owner);
      if (!tree.tree) throw new Error(`${owner}: treePath target "${tree.name}" is not a tree resource`);
      const node = `${alias}_p${index}`;
      const label = labelColumnOf(tree, tree.tree.labelField);
      const ids = `string_to_array(${source.sql}, ',')`;
      columns.push(
        derived(
          fields,
          field.treePath.as,
          `(SELECT string_agg(${node}.${label}, '/' ORDER BY array_position(${ids}, ${node}.id::text))
            FROM ${assertIdentifier(tree.table)} ${node} WHERE ${node}.id::text = ANY(${ids}) AND ${node}.is_deleted = 0)`,
        ),
      );
    }
  });
  return { columns, joins: joins.join('\n') };
}

export const selectListOf = (model: ReadModel) => model.columns.map((column) => `${column.sql} AS ${column.column}`).join(', ');
