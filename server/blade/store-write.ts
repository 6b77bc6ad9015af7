import { columnOf, SECRET_MASK, type FieldSchema, type ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { StoreHooks, WriteContext } from './hooks';
import { ADMIN_TENANT, type BladeUser } from './context';
import { BATCH_SIZE, multiRowInsert } from './batch';
import { BladeError, badRequest, MSG } from './errors';
import { isIdText, nextId } from './ids';
import { writeLinksOfBody } from './link-rows';
import { assertIdentifier, BASE_ALIAS, uniqueIndexName } from './model';
import { SqlParams } from './query';
import { readScope } from './scope';
import { formatDateTime } from './serializer';
import type { StoreCore } from './store-core';
import type { ResourceStore, Row, RowCheck } from './store-types';
import { checkRowRules, parseFieldValue, parseIdValue } from './validate';
import { refLookup } from './store-refs';

/** The first dept of the caller: audit `create_dept` holds one id, the token may carry several. */
export function primaryDept(user: BladeUser): string | null {
  const first = user.deptId.split(',')[0];
  return isIdText(first) ? first : null;
}

/** Where other tables point at rows of a resource: removing a row still in use is refused with `message`. */
export interface Usage {
  table: string;
  column: string;
  message: string;
  pathColumn?: boolean;
  /** The using table holds rows of several tenants scoped by `tenant_id` (default); false for shared tables. */
  tenantScoped?: boolean;
}

/** What the write part needs of the registry: the resources refs point at, and where others use this one. */
export interface WriteLinks {
  schemaOf(name: string): ResourceSchema | undefined;
  usages: Usage[];
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

function requireObject(body: unknown): Row {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest(`${MSG.paramInvalid}: 请求体必须是 JSON 对象`);
  }
  return body as Row;
}

/** The audit `status` (blade-contract §1) is writable like any int field unless the schema declares its own. */
const STATUS_FIELD: FieldSchema = { name: 'status', type: 'int', label: { zh: '状态', en: 'Status' } };

/** Writable fields of a field list: declared, stored (or write-only) and not read-only, and the audit status. */
const writableOf = (fields: readonly FieldSchema[]) => [
  ...fields.filter((field) => !field.readOnly && (!field.virtual || field.writeOnly)),
  ...(fields.some((field) => field.name === 'status') ? [] : [STATUS_FIELD]),
];

/** Stored fields of a schema (the audit status included), once each: what a write may set. */
const storedOf = (fields: readonly FieldSchema[]) =>
  [...fields.filter((field) => !field.virtual), STATUS_FIELD].filter(
    (field, index, all) => all.findIndex((other) => other.name === field.name) === index,
  );

/** Body values of the writable fields (parsed), keyed by field name; absent keys stay absent. */
function parseValues(fields: readonly FieldSchema[], body: Row, isInsert: boolean): Row {
  const values: Row = {};
  for (const field of writableOf(fields)) {
    let value = Object.hasOwn(body, field.name) ? parseFieldValue(field, body[field.name]) : undefined;
    // A write-only value left empty on update keeps what is stored (the form never shows it), and so does the mask a
    // detail answered in its place; on insert the mask is no value at all (a copied row's secret is not copied).
    if (field.writeOnly && !isInsert && value === null) value = undefined;
    if (field.writeOnly && value === SECRET_MASK) value = undefined;
    // A default fills an absent key; a value sent empty is the user's choice (a required field refuses it).
    if (isInsert && value === undefined && field.defaultValue !== undefined) value = parseFieldValue(field, field.defaultValue);
    if (value !== undefined) values[field.name] = value;
  }
  // Server-maintained fields start from their default (a new task has not run: run status 0).
  if (isInsert) {
    for (const field of fields) {
      if (field.readOnly && !field.virtual && field.defaultValue !== undefined) values[field.name] = parseFieldValue(field, field.defaultValue);
    }
  }
  return values;
}

/** Runs each piece of work once per key, handing every caller the same answer (a batch's `once`). */
function onceEach() {
  const started = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    let answer = started.get(key);
    if (!answer) {
      answer = work();
      started.set(key, answer);
    }
    return answer as Promise<T>;
  };
}

/** The write part of a resource store: submit, patch, validate and remove, and their batch forms, each in one transaction with its hooks. */
export function createStoreWrite(
  core: StoreCore,
  behaviour: StoreHooks,
  links: WriteLinks,
): Pick<ResourceStore, 'submit' | 'patch' | 'patchMany' | 'insertMany' | 'validate' | 'validateMany' | 'remove'> {
  const { db, schema, table, byName, children, readRows } = core;
  const uniqueFields = schema.fields.filter((field) => field.unique);
  const { usages } = links;

  /** Uniqueness is kept by the per-tenant partial unique index (race-free); its violation names the field. */
  function translateUniqueViolation(error: unknown): never {
    const failure = (error ?? {}) as { code?: string; constraint?: string; message?: string };
    if (failure.code === '23505') {
      const clash = uniqueFields.find((field) =>
        `${failure.constraint ?? failure.message}`.includes(uniqueIndexName(table, columnOf(field))),
      );
      if (clash) throw badRequest(clash.unique!);
    }
    throw error;
  }

  /** Refs, dictionary values and tree paths of one row's values resolved (fills copied), or the first refused. */
  const resolveRefs = (tx: Db, user: BladeUser, fields: readonly FieldSchema[], values: Row) =>
    refLookup(tx, db, user, schema, links.schemaOf).resolve(fields, values);

  /** The columns of a new row: its id, tenant and audit fields, then every field of `fields` that has a value. */
  function insertedRow(user: BladeUser, fields: readonly FieldSchema[], values: Row, id: string, now: string) {
    const row = new Map<string, unknown>([
      ['id', id],
      // Rows shared by every tenant (menus, regions) belong to the platform tenant, whoever writes them.
      ['tenant_id', schema.tenantScoped ? user.tenantId : ADMIN_TENANT],
      ['create_user', isIdText(user.userId) ? user.userId : null],
      ['create_dept', primaryDept(user)],
      ['create_time', now],
      ['update_user', isIdText(user.userId) ? user.userId : null],
      ['update_time', now],
      ['is_deleted', 0],
    ]);
    for (const field of fields) if (Object.hasOwn(values, field.name)) row.set(columnOf(field), values[field.name]);
    return row;
  }

  async function insertRow(tx: Db, user: BladeUser, tableName: string, fields: readonly FieldSchema[], values: Row, id = nextId()) {
    const row = insertedRow(user, fields, values, id, formatDateTime(new Date()));
    const params = new SqlParams();
    const placeholders = [...row.values()].map((value) => params.add(value));
    await tx.query(`INSERT INTO ${tableName} (${[...row.keys()].join(', ')}) VALUES (${placeholders.join(', ')})`, params.values);
    return id;
  }

  /** The stored fields that have a value now, with the audit fields of the caller; scoped like the read before it. */
  async function updateRows(tx: Db, user: BladeUser, rowIds: readonly string[], values: Row) {
    const writable = storedOf(schema.fields).filter((field) => Object.hasOwn(values, field.name));
    const params = new SqlParams();
    const sets = writable.map((field) => `${columnOf(field)} = ${params.add(values[field.name])}`);
    sets.push(`update_user = ${params.add(isIdText(user.userId) ? user.userId : null)}`, `update_time = ${params.add(formatDateTime(new Date()))}`);
    const where = [
      rowIds.length === 1 ? `id = ${params.add(rowIds[0])}` : `id = ANY(string_to_array(${params.add(rowIds.join(','))}, ',')::bigint[])`,
      ...readScope(user, params, { tenantScoped: schema.tenantScoped }).predicates,
    ];
    await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}`, params.values);
  }

  /** The stored row about to be updated, locked, through the caller's scope (undefined when it is not theirs). */
  async function lockedRow(tx: Db, user: BladeUser, id: string) {
    const params = new SqlParams();
    const [before] = await readRows(user, [`${BASE_ALIAS}.id = ${params.add(id)}`], params, 'FOR UPDATE OF t', tx);
    return before;
  }

  /** Fields written on insert only: resending the stored value is fine, changing it is not. */
  function keepImmutable(values: Row, before: Row) {
    for (const field of schema.fields.filter((candidate) => candidate.immutable && Object.hasOwn(values, candidate.name))) {
      if (String(values[field.name] ?? '') !== String(before[field.name] ?? '')) throw badRequest(`${field.label.zh}不可修改`);
      delete values[field.name];
    }
  }

  async function writeChildren(tx: Db, user: BladeUser, parentId: string, body: Row) {
    for (const { spec, childSchema } of children) {
      if (!Object.hasOwn(body, spec.name)) continue;
      const sent = body[spec.name];
      const list = sent === null || sent === undefined || sent === '' ? [] : spec.single && !Array.isArray(sent) ? [sent] : sent;
      if (!Array.isArray(list)) throw badRequest(`${MSG.paramInvalid}: ${spec.name}`);
      if (spec.single && list.length > 1) throw badRequest(`${spec.label.zh}只能有一条`);
      if (list.length > 500) throw badRequest(`${spec.label.zh}不能超过500条`);
      const childTable = assertIdentifier(spec.table);
      const params = new SqlParams();
      await tx.query(
        `UPDATE ${childTable} SET is_deleted = 1, update_time = ${params.add(formatDateTime(new Date()))}
         WHERE ${assertIdentifier(spec.parentKey)} = ${params.add(parentId)} AND tenant_id = ${params.add(user.tenantId)} AND is_deleted = 0`,
        params.values,
      );
      for (const [index, item] of list.entries()) {
        const values = parseValues(spec.fields, requireObject(item), true);
        await resolveRefs(tx, user, spec.fields, values);
        checkRowRules(spec.fields, values, new Set(Object.keys(values)), true);
        values[childSchema.fields[0].name] = parentId;
        values.sort = index + 1;
        await insertRow(tx, user, childTable, childSchema.fields, values);
      }
    }
  }

  async function assertRemovable(tx: Db, user: BladeUser, ids: string[]) {
    const idArray = (params: SqlParams) => `string_to_array(${params.add(ids.join(','))}, ',')::bigint[]`;
    if (schema.tree) {
      const parent = byName.get(schema.tree.parentField)!;
      const params = new SqlParams();
      const where = [`${parent.column} = ANY(${idArray(params)})`, `NOT (id = ANY(${idArray(params)}))`, ...readScope(user, params, { tenantScoped: schema.tenantScoped }).predicates];
      const [child] = await tx.query(`SELECT 1 FROM ${table} WHERE ${where.join(' AND ')} LIMIT 1`, params.values);
      if (child) throw badRequest('请先删除子节点');
    }
    for (const use of usages) {
      const params = new SqlParams();
      const column = assertIdentifier(use.column);
      const match = use.pathColumn
        ? `string_to_array(${column}, ',') && string_to_array(${params.add(ids.join(','))}, ',')`
        : `${column} = ANY(${idArray(params)})`;
      const where = [match, ...(use.tenantScoped === false ? [] : [`tenant_id = ${params.add(user.tenantId)}`]), 'is_deleted = 0'];
      const [used] = await tx.query(`SELECT 1 FROM ${assertIdentifier(use.table)} WHERE ${where.join(' AND ')} LIMIT 1`, params.values);
      if (used) throw badRequest(use.message);
    }
  }

  /** Submit's insert for many rows at once (see `ResourceStore.insertMany`): one batch of at most BATCH_SIZE rows. */
  async function insertBatch(tx: Db, user: BladeUser, bodies: readonly unknown[]) {
    const rows = bodies.map((raw) => {
      const body = requireObject(raw);
      return { body, values: parseValues(schema.fields, body, true), id: nextId() };
    });
    // What the rows name is read first, one query per field; each row then goes the way submit takes it.
    const lookup = refLookup(tx, db, user, schema, links.schemaOf);
    await lookup.prefetch(schema.fields, rows.map((row) => row.values));
    const once = onceEach();
    const contexts: WriteContext[] = [];
    for (const [index, { body, values, id }] of rows.entries()) {
      const batch = { index, size: rows.length, once };
      const context: WriteContext = { tx, user, schema, registry: core.registry, id, isInsert: true, isPatch: false, values, body, revealed: {}, batch };
      await behaviour.beforeWrite?.(context);
      await lookup.resolve(schema.fields, values);
      checkRowRules(schema.fields, values, new Set(Object.keys(values)), true);
      contexts.push(context);
    }
    const now = formatDateTime(new Date());
    const stored = storedOf(schema.fields);
    const insert = multiRowInsert(table, contexts.map((context) => insertedRow(user, stored, context.values, context.id, now)));
    await tx.query(insert.sql, insert.values);
    for (const context of contexts) {
      await writeChildren(tx, user, context.id, context.body);
      await writeLinksOfBody(tx, core.registry, user, schema, context.id, context.body);
      await behaviour.afterWrite?.(context);
    }
    return contexts.map((context) => context.id);
  }

  /** Each body checked as `validate` checks one; the refs, dictionaries and unique values of all read together. */
  async function validateMany(reader: Db, user: BladeUser, bodies: readonly unknown[]): Promise<RowCheck[]> {
    const refused = (error: unknown): RowCheck => {
      if (error instanceof BladeError) return { error };
      throw error;
    };
    const checks = bodies.map((body): RowCheck => {
      try {
        return { values: parseValues(schema.fields, requireObject(body), true) };
      } catch (error) {
        return refused(error);
      }
    });
    const lookup = refLookup(reader, db, user, schema, links.schemaOf);
    await lookup.prefetch(schema.fields, checks.flatMap((check) => (check.values ? [check.values] : [])));
    for (const [index, check] of checks.entries()) {
      if (!check.values) continue;
      try {
        await lookup.resolve(schema.fields, check.values);
        checkRowRules(schema.fields, check.values, new Set(Object.keys(check.values)), true);
      } catch (error) {
        checks[index] = refused(error);
      }
    }
    for (const field of uniqueFields) {
      const valueOf = (check: RowCheck) => (check.values && !isEmpty(check.values[field.name]) ? String(check.values[field.name]) : undefined);
      const wanted = [...new Set(checks.flatMap((check) => valueOf(check) ?? []))];
      if (wanted.length === 0) continue;
      const params = new SqlParams();
      const column = columnOf(field);
      // A semi-join of the batch's values: `= ANY(values)` as a filter compared every row of the tenant with every
      // value where the table's statistics are stale (inside an import's transaction), ~200 ms a batch of 500.
      const where = [`${column}::text = wanted.value`, ...readScope(user, params, { tenantScoped: schema.tenantScoped }).predicates];
      const taken = await reader.query<{ value: string }>(
        `SELECT wanted.value FROM jsonb_array_elements_text(${params.add(JSON.stringify(wanted))}::jsonb) AS wanted(value)
         WHERE EXISTS (SELECT 1 FROM ${table} WHERE ${where.join(' AND ')})`,
        params.values,
      );
      const takenValues = new Set(taken.map((row) => row.value));
      for (const [index, check] of checks.entries()) {
        const value = valueOf(check);
        if (value !== undefined && takenValues.has(value)) checks[index] = { error: badRequest(field.unique!) };
      }
    }
    return checks;
  }

  /** What a patch may set: the stored fields by name (server-maintained ones included). */
  const patchable = new Map(storedOf(schema.fields).map((field) => [field.name, field]));

  /** A patch's changes parsed field by field; a name that is no stored field is a 400 naming it. */
  function patchValues(changes: Row): Row {
    const values: Row = {};
    for (const [name, raw] of Object.entries(changes)) {
      const field = patchable.get(name);
      if (!field) throw badRequest(`${MSG.paramInvalid}: ${name} 不是「${schema.title.zh}」的字段`);
      if (raw !== undefined) values[name] = parseFieldValue(field, raw);
    }
    return values;
  }

  return {
    async submit(user, rawBody, sink) {
      const body = behaviour.submitBody ? await behaviour.submitBody({ db, user, body: requireObject(rawBody) }) : requireObject(rawBody);
      const id = parseIdValue(body.id);
      const isInsert = id === undefined;
      const values = parseValues(schema.fields, body, isInsert);
      try {
        return await db.transaction(async (tx) => {
          let before: Row | undefined;
          if (!isInsert) {
            before = await lockedRow(tx, user, id);
            if (!before) return undefined;
            keepImmutable(values, before);
          }
          const rowId = id ?? nextId();
          const context: WriteContext = { tx, user, schema, registry: core.registry, id: rowId, isInsert, isPatch: false, values, before, body, revealed: {} };
          await behaviour.beforeWrite?.(context);
          await resolveRefs(tx, user, schema.fields, values);
          checkRowRules(schema.fields, { ...before, ...values }, new Set(Object.keys(values)), isInsert);
          if (schema.tree && !isInsert && values[schema.tree.parentField] === rowId) throw badRequest('上级不能是自己');
          // Body values, defaults, fills and what hooks set: every stored field that has a value now.
          if (isInsert) {
            const writable = storedOf(schema.fields).filter((field) => Object.hasOwn(values, field.name));
            await insertRow(tx, user, table, writable, values, rowId);
          } else {
            await updateRows(tx, user, [rowId], values);
          }
          await writeChildren(tx, user, rowId, body);
          await writeLinksOfBody(tx, core.registry, user, schema, rowId, body);
          await behaviour.afterWrite?.(context);
          if (sink) sink.revealed = context.revealed;
          return rowId;
        });
      } catch (error) {
        translateUniqueViolation(error);
      }
    },

    async patch({ user, tx: outer }, rawId, rawChanges) {
      const id = parseIdValue(rawId);
      if (id === undefined) throw badRequest(`${MSG.missingParam}: id`);
      const changes = requireObject(rawChanges);
      const values = patchValues(changes);
      try {
        await (outer ?? db).transaction(async (tx) => {
          const before = await lockedRow(tx, user, id);
          if (!before) throw badRequest('数据不存在');
          keepImmutable(values, before);
          const context: WriteContext = { tx, user, schema, registry: core.registry, id, isInsert: false, isPatch: true, values, before, body: changes, revealed: {} };
          await behaviour.beforeWrite?.(context);
          await resolveRefs(tx, user, schema.fields, values);
          checkRowRules(schema.fields, { ...before, ...values }, new Set(Object.keys(values)), false);
          if (schema.tree && values[schema.tree.parentField] === id) throw badRequest('上级不能是自己');
          await updateRows(tx, user, [id], values);
          await behaviour.afterWrite?.(context);
        });
      } catch (error) {
        translateUniqueViolation(error);
      }
    },

    async insertMany({ user, tx: outer }, bodies) {
      if (bodies.length === 0) return [];
      try {
        return await (outer ?? db).transaction(async (tx) => {
          const ids: string[] = [];
          for (let start = 0; start < bodies.length; start += BATCH_SIZE) ids.push(...(await insertBatch(tx, user, bodies.slice(start, start + BATCH_SIZE))));
          return ids;
        });
      } catch (error) {
        translateUniqueViolation(error);
      }
    },

    async patchMany({ user, tx: outer }, rawIds, rawChanges) {
      const ids = [...new Set(rawIds)];
      if (ids.length === 0) throw badRequest(`${MSG.missingParam}: ids`);
      if (!ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ids`);
      if (ids.length > BATCH_SIZE) throw badRequest(`${MSG.paramInvalid}: ids 不能超过${BATCH_SIZE}个`);
      const changes = requireObject(rawChanges);
      const parsed = patchValues(changes);
      try {
        return await (outer ?? db).transaction(async (tx) => {
          const params = new SqlParams();
          const rows = await readRows(user, [`${BASE_ALIAS}.id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[])`], params, 'FOR UPDATE OF t', tx);
          const lookup = refLookup(tx, db, user, schema, links.schemaOf);
          await lookup.prefetch(schema.fields, [parsed]);
          const once = onceEach();
          const contexts: WriteContext[] = [];
          // Rows the hooks leave with the same values are updated by one statement.
          const updates = new Map<string, { values: Row; ids: string[] }>();
          for (const [index, before] of rows.entries()) {
            const id = String(before.id);
            const values = { ...parsed };
            keepImmutable(values, before);
            const batch = { index, size: rows.length, once };
            const context: WriteContext = { tx, user, schema, registry: core.registry, id, isInsert: false, isPatch: true, values, before, body: changes, revealed: {}, batch };
            await behaviour.beforeWrite?.(context);
            await lookup.resolve(schema.fields, values);
            checkRowRules(schema.fields, { ...before, ...values }, new Set(Object.keys(values)), false);
            if (schema.tree && values[schema.tree.parentField] === id) throw badRequest('上级不能是自己');
            contexts.push(context);
            const key = JSON.stringify(values);
            const update = updates.get(key) ?? { values, ids: [] };
            update.ids.push(id);
            updates.set(key, update);
          }
          for (const update of updates.values()) await updateRows(tx, user, update.ids, update.values);
          for (const context of contexts) await behaviour.afterWrite?.(context);
          return rows.length;
        });
      } catch (error) {
        translateUniqueViolation(error);
      }
    },

    validateMany: ({ user, tx }, bodies) => validateMany(tx ?? db, user, bodies),

    async validate(user, rawBody) {
      const [check] = await validateMany(db, user, [rawBody]);
      if (check.error) throw check.error;
      return check.values;
    },

    async remove(user, ids) {
      if (ids.length === 0) throw badRequest(`${MSG.missingParam}: ids`);
      if (!ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ids`);
      if (ids.length > 1000) throw badRequest(`${MSG.paramInvalid}: ids 不能超过1000个`);
      return db.transaction(async (tx) => {
        await assertRemovable(tx, user, ids);
        await behaviour.beforeRemove?.({ tx, user, schema, registry: core.registry, ids });
        const params = new SqlParams();
        const now = formatDateTime(new Date());
        const sets = `is_deleted = 1, update_user = ${params.add(isIdText(user.userId) ? user.userId : null)}, update_time = ${params.add(now)}`;
        const where = [
          `id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[])`,
          ...readScope(user, params, { tenantScoped: schema.tenantScoped, resource: schema.permissionCode }).predicates,
        ];
        const removed = await tx.query<{ id: string }>(`UPDATE ${table} SET ${sets} WHERE ${where.join(' AND ')} RETURNING id::text AS id`, params.values);
        for (const { spec } of children) {
          if (removed.length === 0) break;
          const childParams = new SqlParams();
          await tx.query(
            `UPDATE ${assertIdentifier(spec.table)} SET is_deleted = 1 WHERE ${assertIdentifier(spec.parentKey)} = ANY(string_to_array(${childParams.add(removed.map((row) => row.id).join(','))}, ',')::bigint[]) AND tenant_id = ${childParams.add(user.tenantId)}`,
            childParams.values,
          );
        }
        return removed.length;
      });
    },
  };
}
