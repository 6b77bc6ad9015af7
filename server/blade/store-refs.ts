import { columnOf, type FieldSchema, type ResourceSchema } from '../../resources/types';
import { choiceOutside, ruleMessages } from '../../resources/validation';
import type { Db } from '../db/types';
import type { BladeUser } from './context';
import { badRequest } from './errors';
import { isIdText } from './ids';
import { assertIdentifier } from './model';
import { SqlParams } from './query';
import { readScope } from './scope';
import type { Row } from './store-types';

/**
 * What a write reads besides its own row: the dictionary items its coded values must be, the referenced rows (which
 * must exist in the caller's scope, and whose fields `fill` copies) and the nodes of tree paths. One lookup serves a
 * row or a batch of rows: `prefetch` reads what a batch names with one query per field, and whatever was not
 * prefetched (a single submit, or a value a hook or a fill set afterwards) is read on demand, so a row of a batch is
 * resolved and refused exactly as the same row submitted alone.
 */

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** The resources refs point at, by name. */
export type SchemaOf = (name: string) => ResourceSchema | undefined;

const idArray = (params: SqlParams, ids: Iterable<string>) => `string_to_array(${params.add([...ids].join(','))}, ',')::bigint[]`;

export function refLookup(tx: Db, db: Db, user: BladeUser, schema: ResourceSchema, schemaOf: SchemaOf) {
  // Outside a transaction (an import's check) dictionary items come from the read cache; inside, the current ones.
  const read = <T>(sql: string, values: unknown[]) => (tx === db ? db.cachedQuery<T>(sql, values) : tx.query<T>(sql, values));
  const dictKeys = new Map<string, Promise<Set<string>>>();
  /** Per referenced table: id → the row, or null when it is not there (deleted, another tenant's, out of scope). */
  const refRows = new Map<string, Map<string, Row | null>>();
  /** Per tree table: id → parent id ('0' for a root), or null when the node is not there. */
  const treeNodes = new Map<string, Map<string, string | null>>();

  function dictKeysOf(dict: NonNullable<FieldSchema['dict']>) {
    const key = `${dict.biz ? 'biz' : 'system'}:${dict.code}`;
    let keys = dictKeys.get(key);
    if (!keys) {
      const params = new SqlParams();
      const where = [`code = ${params.add(dict.code)}`, 'parent_id > 0', ...readScope(user, params, { tenantScoped: dict.biz === true }).predicates];
      keys = read<{ dict_key: string }>(`SELECT dict_key FROM ${dict.biz ? 'blade_dict_biz' : 'blade_dict'} WHERE ${where.join(' AND ')}`, params.values)
        .then((items) => new Set(items.map((item) => item.dict_key)));
      dictKeys.set(key, keys);
    }
    return keys;
  }

  /** Reads the rows of `ids` not known yet (one query), so later look-ups of them are answered from memory. */
  async function loadRefRows(target: ResourceSchema, ids: Iterable<string>) {
    const known = refRows.get(target.table) ?? new Map<string, Row | null>();
    refRows.set(target.table, known);
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length === 0) return known;
    const params = new SqlParams();
    const where = [`id = ANY(${idArray(params, missing)})`, ...readScope(user, params, { tenantScoped: target.tenantScoped }).predicates];
    const rows = await tx.query(`SELECT * FROM ${assertIdentifier(target.table)} WHERE ${where.join(' AND ')}`, params.values);
    for (const id of missing) known.set(id, null);
    for (const row of rows) known.set(String(row.id), row);
    return known;
  }

  async function loadTreeNodes(tree: ResourceSchema, ids: Iterable<string>) {
    const known = treeNodes.get(tree.table) ?? new Map<string, string | null>();
    treeNodes.set(tree.table, known);
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length === 0) return known;
    const params = new SqlParams();
    const where = [`id = ANY(${idArray(params, missing)})`, ...readScope(user, params, { tenantScoped: tree.tenantScoped }).predicates];
    const parentColumn = columnOf(tree.fields.find((candidate) => candidate.name === tree.tree!.parentField)!);
    const rows = await tx.query<{ id: string; parent: string | null }>(
      `SELECT id::text AS id, ${parentColumn}::text AS parent FROM ${assertIdentifier(tree.table)} WHERE ${where.join(' AND ')}`,
      params.values,
    );
    for (const id of missing) known.set(id, null);
    for (const row of rows) known.set(row.id, row.parent ?? '0');
    return known;
  }

  const isTreeRoot = (field: FieldSchema, value: unknown) =>
    schema.tree?.parentField === field.name && field.ref?.resource === schema.name && value === '0';
  const pathIds = (value: unknown) => String(value).split(',');
  /** The ids a multiple ref holds: trimmed, without blanks or repeats. */
  const listedIds = (value: unknown) => [...new Set(String(value).split(',').map((id) => id.trim()).filter((id) => id !== ''))];

  return {
    /** Reads, one query per field, what the rows name: their refs and tree paths (dictionaries once each). */
    async prefetch(fields: readonly FieldSchema[], rows: readonly Row[]) {
      for (const field of fields) {
        const values = rows.map((row) => row[field.name]).filter((value) => !isEmpty(value));
        if (values.length === 0) continue;
        if (field.dict) await dictKeysOf(field.dict);
        if (field.ref?.multiple && field.ref.join !== false) {
          const ids = values.flatMap(listedIds).filter(isIdText);
          if (ids.length > 0) await loadRefRows(schemaOf(field.ref.resource)!, ids);
        } else if (field.ref && field.ref.join !== false) {
          const ids = values.filter((value) => !isTreeRoot(field, value)).map(String).filter(isIdText);
          if (ids.length > 0) await loadRefRows(schemaOf(field.ref.resource)!, ids);
        }
        if (field.treePath) {
          const ids = values.flatMap(pathIds).filter(isIdText);
          if (ids.length > 0) await loadTreeNodes(schemaOf(field.treePath.resource)!, ids);
        }
      }
    },

    /** Refuses the first value of `values` that is not there (400 naming the field); copies the fields refs fill. */
    async resolve(fields: readonly FieldSchema[], values: Row) {
      for (const field of fields) {
        const value = values[field.name];
        if (isEmpty(value)) continue;
        if (field.dict) {
          const outside = choiceOutside(field, value, await dictKeysOf(field.dict));
          if (outside !== undefined) throw badRequest(ruleMessages.choice(field, outside));
        }
        if (field.ref?.multiple && field.ref.join !== false) {
          const ids = listedIds(value);
          const found = await loadRefRows(schemaOf(field.ref.resource)!, ids.filter(isIdText));
          const missing = ids.filter((id) => !found.get(id));
          if (missing.length > 0) throw badRequest(`${field.label.zh}不存在`);
          // Stored as picked, without blanks or repeats: what the read joins the labels of, in this order.
          values[field.name] = ids.length > 0 ? ids.join(',') : null;
          continue;
        }
        // `0` is the root of a tree, not a row.
        if (field.ref && field.ref.join !== false && !isTreeRoot(field, value)) {
          const target = schemaOf(field.ref.resource)!;
          const id = String(value);
          const row = isIdText(id) ? (await loadRefRows(target, [id])).get(id) : null;
          if (!row) throw badRequest(`${field.label.zh}不存在`);
          for (const [mine, theirs] of Object.entries(field.ref.fill ?? {})) {
            const source = target.fields.find((candidate) => candidate.name === theirs);
            if (source && !source.virtual) values[mine] = row[columnOf(source)] ?? null;
          }
        }
        if (field.treePath) {
          const ids = pathIds(value);
          if (!ids.every(isIdText)) throw badRequest(`${field.label.zh}格式不正确`);
          const parentOf = await loadTreeNodes(schemaOf(field.treePath.resource)!, ids);
          const chain = ids.every((id, index) => {
            const parent = parentOf.get(id);
            return parent !== null && parent !== undefined && (index === 0 || parent === ids[index - 1]);
          });
          if (!chain) throw badRequest(`${field.label.zh}不存在`);
        }
      }
    },
  };
}

export type RefLookup = ReturnType<typeof refLookup>;
