import type { Registry } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { BladeUser } from './context';
import { assertIdentifier, BASE_ALIAS, childSchemaOf } from './model';
import { SqlParams } from './query';
import { readModelOf, selectListOf } from './read-model';
import { readScope } from './scope';
import { serializeRow } from './serializer';
import type { Row } from './store-types';

/** What the read, write and tree parts of a resource store share: the table, its read model and the scoped read. */
export type StoreCore = ReturnType<typeof createStoreCore>;

export function createStoreCore(db: Db, registry: Registry, schema: ResourceSchema) {
  const table = assertIdentifier(schema.table);
  const model = readModelOf(registry, schema.name, schema.fields);
  const selectList = selectListOf(model);
  const byName = new Map(model.columns.map((column) => [column.name, column]));
  const children = (schema.children ?? []).map((spec) => {
    const childSchema = childSchemaOf(schema, spec);
    const childModel = readModelOf(registry, childSchema.name, childSchema.fields, 'c');
    return { spec, childSchema, childModel };
  });
  // The rows the caller may see: tenant, logical delete and the data scope of the caller's roles on this resource.
  const scopeOf = (user: BladeUser, params: SqlParams, alias = BASE_ALIAS) =>
    readScope(user, params, { tenantScoped: schema.tenantScoped, alias, resource: schema.permissionCode });
  const from = `${table} ${BASE_ALIAS} ${model.joins}`;

  async function readRows(user: BladeUser, predicates: string[], params: SqlParams, tail = '', tx: Db = db) {
    const where = [...scopeOf(user, params).predicates, ...predicates].join(' AND ');
    const sql = `SELECT ${selectList} FROM ${from} WHERE ${where} ${tail}`;
    // Inside a write transaction the read must see (and lock) the current row, never a cached copy.
    const rows = tx === db ? await db.cachedQuery(sql, params.values) : await tx.query(sql, params.values);
    return rows.map((row) => serializeRow(row, model.columns));
  }

  async function childRowsOf(user: BladeUser, parentId: string): Promise<Row> {
    const out: Row = {};
    for (const { spec, childModel } of children) {
      const params = new SqlParams();
      const where = [
        `c.${assertIdentifier(spec.parentKey)} = ${params.add(parentId)}`,
        ...readScope(user, params, { tenantScoped: schema.tenantScoped, alias: 'c' }).predicates,
      ];
      const rows = await db.cachedQuery(
        `SELECT ${selectListOf(childModel)} FROM ${assertIdentifier(spec.table)} c ${childModel.joins}
         WHERE ${where.join(' AND ')} ORDER BY c.sort, c.id`,
        params.values,
      );
      const serialized = rows.map((row) => serializeRow(row, childModel.columns));
      out[spec.name] = spec.single ? (serialized[0] ?? {}) : serialized;
    }
    return out;
  }

  return { db, registry, schema, table, model, selectList, byName, children, scopeOf, from, readRows, childRowsOf };
}
