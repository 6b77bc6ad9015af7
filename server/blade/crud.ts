import type { Registry } from '../../resources/registry';
import { columnOf, type FieldSchema, type ResourceSchema } from '../../resources/types';
import { choiceOutside, ruleMessages } from '../../resources/validation';
import type { Db } from '../db/types';
import type { StoreHooks, WriteContext } from './hooks';
import { ADMIN_TENANT, type BladeUser } from './context';
import { badRequest, MSG } from './errors';
import { isIdText, nextId } from './ids';
import { assertIdentifier, BASE_ALIAS, childSchemaOf, uniqueIndexName } from './model';
import { anchoredPage } from './keyset';
import { buildFilters, orderSql, pageOf, parseOrder, parseOrderTerms, parsePaging, SqlParams } from './query';
import { readModelOf, selectListOf, type ReadModel } from './read-model';
import { writeLinksOfBody } from './link-rows';
import { readScope } from './scope';
import { formatDateTime, serializeRow } from './serializer';
import { checkRowRules, parseFieldValue, parseIdValue } from './validate';

/** The first dept of the caller: audit `create_dept` holds one id, the token may carry several. */
export function primaryDept(user: BladeUser): string | null {
  const first = user.deptId.split(',')[0];
  return isIdText(first) ? first : null;
}

type Row = Record<string, unknown>;
/** What a submit hands back besides the id: the values its hooks reveal once. */
export interface SubmitSink {
  revealed?: Record<string, string>;
}
type Page = ReturnType<typeof pageOf<Row>>;

export interface ResourceStore {
  schema: ResourceSchema;
  model: ReadModel;
  list(user: BladeUser, query: Record<string, string>): Promise<Page>;
  /** The row with its child rows, or undefined when it does not exist, is deleted, or belongs to another tenant. */
  detail(user: BladeUser, id: string): Promise<Row | undefined>;
  /** Insert (no id) or update (id) in one transaction with the child rows; undefined when the row is not the caller's. */
  submit(user: BladeUser, body: unknown, sink?: SubmitSink): Promise<string | undefined>;
  /**
   * The checks an insert of `body` would pass through, without writing: parsing, refs (and their fills), row rules
   * and unique values; throws the 400 submit would. Hooks and child rows are not run. Answers the values to store.
   */
  validate(user: BladeUser, body: unknown): Promise<Row>;
  /** Logical delete of the caller's rows among `ids` (and their child rows); answers how many were deleted. */
  remove(user: BladeUser, ids: string[]): Promise<number>;
  /** The caller's rows among `ids` (at most 1000), in no particular order. */
  byIds(user: BladeUser, ids: string[]): Promise<Row[]>;
  /** Id and label pairs for pickers (at most 100). */
  select(user: BladeUser, query: Record<string, string>): Promise<Row[]>;
  /** Tree resources: every node, nested under `children`. */
  tree(user: BladeUser): Promise<Row[]>;
  /** Tree resources: the rows matching the filters, nested under their parents (BladeX's `list` of a tree). */
  treeList(user: BladeUser, query: Record<string, string>): Promise<Row[]>;
  /** Tree resources: the children of `parentId` with `hasChildren`. */
  lazyList(user: BladeUser, parentId: string): Promise<Row[]>;
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

/** Body values of the writable fields (parsed), keyed by field name; absent keys stay absent. */
function parseValues(fields: readonly FieldSchema[], body: Row, isInsert: boolean): Row {
  const values: Row = {};
  for (const field of writableOf(fields)) {
    let value = Object.hasOwn(body, field.name) ? parseFieldValue(field, body[field.name]) : undefined;
    // A write-only value left empty on update keeps what is stored (the form never shows it).
    if (field.writeOnly && !isInsert && value === null) value = undefined;
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

interface Usage {
  table: string;
  column: string;
  message: string;
  pathColumn?: boolean;
  /** The using table holds rows of several tenants scoped by `tenant_id` (default); false for shared tables. */
  tenantScoped?: boolean;
}

/** Where other resources point at rows of `schema` (ref and tree-path fields, child rows included). */
export function usagesOf(schema: ResourceSchema, schemas: readonly ResourceSchema[]): Usage[] {
  const usages: Usage[] = [...(schema.usedBy ?? [])];
  for (const other of schemas) {
    const message = `该数据正被「${other.title.zh}」使用，不能删除`;
    const tables = [
      { table: other.table, fields: other.fields, self: other === schema },
      ...(other.children ?? []).map((child) => ({ table: child.table, fields: child.fields, self: false })),
    ];
    for (const { table, fields, self } of tables) {
      for (const field of fields) {
        if (self || field.virtual) continue;
        // Shared tables (tenants) hold their users' rows without the tenant column scoping them.
        const shared = other.tenantScoped ? {} : { tenantScoped: false };
        if (field.ref?.resource === schema.name && field.ref.join !== false) usages.push({ table, column: columnOf(field), message, ...shared });
        if (field.treePath?.resource === schema.name) usages.push({ table, column: columnOf(field), message, pathColumn: true, ...shared });
      }
    }
  }
  return usages;
}

/** Generic BladeX CRUD over the table of a resource schema: the one write path and the one read path of a resource. */
export function createResourceStore(db: Db, registry: Registry, schema: ResourceSchema, behaviour: StoreHooks = {}): ResourceStore {
  const table = assertIdentifier(schema.table);
  const model = readModelOf(registry, schema.name, schema.fields);
  const selectList = selectListOf(model);
  const byName = new Map(model.columns.map((column) => [column.name, column]));
  const uniqueFields = schema.fields.filter((field) => field.unique);
  const usages = usagesOf(schema, registry.schemas);
  const children = (schema.children ?? []).map((spec) => {
    const childSchema = childSchemaOf(schema, spec);
    const childModel = readModelOf(registry, childSchema.name, childSchema.fields, 'c');
    return { spec, childSchema, childModel };
  });
  // The rows the caller may see: tenant, logical delete and the data scope of the caller's roles on this resource.
  const scopeOf = (user: BladeUser, params: SqlParams, alias = BASE_ALIAS) =>
    readScope(user, params, { tenantScoped: schema.tenantScoped, alias, resource: schema.permissionCode });
  const from = `${table} ${BASE_ALIAS} ${model.joins}`;

  async function countLive(user: BladeUser): Promise<number> {
    const [row] = schema.tenantScoped
      ? await db.cachedQuery<{ n: string }>(
          'SELECT live_rows AS n FROM blade_row_count WHERE table_name = $1 AND tenant_id = $2',
          [table, user.tenantId],
        )
      : await db.cachedQuery<{ n: string }>(
          'SELECT COALESCE(sum(live_rows), 0)::bigint AS n FROM blade_row_count WHERE table_name = $1',
          [table],
        );
    return Number(row?.n ?? 0);
  }

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

  async function readRows(user: BladeUser, predicates: string[], params: SqlParams, tail = '', tx: Db = db) {
    const where = [...scopeOf(user, params).predicates, ...predicates].join(' AND ');
    const sql = `SELECT ${selectList} FROM ${from} WHERE ${where} ${tail}`;
    // Inside a write transaction the read must see (and lock) the current row, never a cached copy.
    const rows = tx === db ? await db.cachedQuery(sql, params.values) : await tx.query(sql, params.values);
    return rows.map((row) => serializeRow(row, model.columns));
  }

  /**
   * Each value of a dictionary field is a live item of its dictionary: a system one, or the caller's tenant's business
   * one. Outside a transaction (an import's rows) the items are read once per generation of the read cache.
   */
  async function assertDictValue(tx: Db, user: BladeUser, field: FieldSchema, dict: NonNullable<FieldSchema['dict']>, value: unknown) {
    const { code, biz } = dict;
    const params = new SqlParams();
    const where = [`code = ${params.add(code)}`, 'parent_id > 0', ...readScope(user, params, { tenantScoped: biz === true }).predicates];
    const sql = `SELECT dict_key FROM ${biz ? 'blade_dict_biz' : 'blade_dict'} WHERE ${where.join(' AND ')}`;
    const items = tx === db ? await db.cachedQuery<{ dict_key: string }>(sql, params.values) : await tx.query<{ dict_key: string }>(sql, params.values);
    const outside = choiceOutside(field, value, new Set(items.map((item) => item.dict_key)));
    if (outside !== undefined) throw badRequest(ruleMessages.choice(field, outside));
  }

  /** Referenced rows must exist in the caller's scope; `fill` copies their fields (the client's copy is not trusted). */
  async function resolveRefs(tx: Db, user: BladeUser, fields: readonly FieldSchema[], values: Row) {
    for (const field of fields) {
      const value = values[field.name];
      if (isEmpty(value)) continue;
      if (field.dict) await assertDictValue(tx, user, field, field.dict, value);
      // `0` is the root of a tree, not a row.
      const isTreeRoot = schema.tree?.parentField === field.name && field.ref?.resource === schema.name && value === '0';
      if (field.ref && field.ref.join !== false && !isTreeRoot) {
        const target = registry.schemaByName(field.ref.resource)!;
        const params = new SqlParams();
        const where = [`id = ${params.add(value)}`, ...readScope(user, params, { tenantScoped: target.tenantScoped }).predicates];
        const [row] = await tx.query(`SELECT * FROM ${assertIdentifier(target.table)} WHERE ${where.join(' AND ')}`, params.values);
        if (!row) throw badRequest(`${field.label.zh}不存在`);
        for (const [mine, theirs] of Object.entries(field.ref.fill ?? {})) {
          const source = target.fields.find((candidate) => candidate.name === theirs);
          if (source && !source.virtual) values[mine] = row[columnOf(source)] ?? null;
        }
      }
      if (field.treePath) {
        const tree = registry.schemaByName(field.treePath.resource)!;
        const ids = String(value).split(',');
        if (!ids.every(isIdText)) throw badRequest(`${field.label.zh}格式不正确`);
        const params = new SqlParams();
        const where = [
          `id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[])`,
          ...readScope(user, params, { tenantScoped: tree.tenantScoped }).predicates,
        ];
        const parentColumn = columnOf(tree.fields.find((candidate) => candidate.name === tree.tree!.parentField)!);
        const rows = await tx.query<{ id: string; parent: string | null }>(
          `SELECT id::text AS id, ${parentColumn}::text AS parent FROM ${assertIdentifier(tree.table)} WHERE ${where.join(' AND ')}`,
          params.values,
        );
        const parentOf = new Map(rows.map((row) => [row.id, row.parent ?? '0']));
        const chain = ids.every((id, index) => parentOf.has(id) && (index === 0 ? true : parentOf.get(id) === ids[index - 1]));
        if (!chain) throw badRequest(`${field.label.zh}不存在`);
      }
    }
  }

  async function insertRow(tx: Db, user: BladeUser, tableName: string, fields: readonly FieldSchema[], values: Row, id = nextId()) {
    const now = formatDateTime(new Date());
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
    const params = new SqlParams();
    const placeholders = [...row.values()].map((value) => params.add(value));
    await tx.query(`INSERT INTO ${tableName} (${[...row.keys()].join(', ')}) VALUES (${placeholders.join(', ')})`, params.values);
    return id;
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

  const store: ResourceStore = {
    schema,
    model,
    async list(user, query) {
      const params = new SqlParams();
      const scope = scopeOf(user, params);
      const filters = [...buildFilters(query, model.columns, params), ...(behaviour.listScope?.(user, query, params) ?? [])];
      const where = [...scope.predicates, ...filters].join(' AND ');
      const terms = parseOrderTerms(query, model.columns, schema.defaultSort);
      const paging = parsePaging(query);
      // Deep pages of a whole list start from the nearest kept anchor instead of walking every row before them.
      const anchored =
        filters.length === 0 && scope.countsAllLiveRows
          ? await anchoredPage(db, table, where, params, terms, paging.offset)
          : undefined;
      const rows = await db.cachedQuery(
        `SELECT ${selectList} FROM ${from} WHERE ${anchored ? `${where} AND ${anchored.predicate}` : where}
         ORDER BY ${orderSql(terms)} LIMIT ${paging.size} OFFSET ${anchored?.offset ?? paging.offset}`,
        params.values,
      );
      let total: number;
      if (paging.offset === 0 && rows.length < paging.size) total = rows.length;
      else if (filters.length === 0 && scope.countsAllLiveRows) total = await countLive(user);
      else {
        const [row] = await db.cachedQuery<{ n: string }>(`SELECT count(*) AS n FROM ${from} WHERE ${where}`, params.values);
        total = Number(row.n);
      }
      return pageOf(
        rows.map((row) => serializeRow(row, model.columns)),
        total,
        paging,
      );
    },

    async detail(user, id) {
      if (!isIdText(id)) throw badRequest(`${MSG.paramType}: id`);
      const params = new SqlParams();
      const [row] = await readRows(user, [`${BASE_ALIAS}.id = ${params.add(id)}`], params);
      if (!row) return undefined;
      return children.length > 0 ? { ...row, ...(await childRowsOf(user, id)) } : row;
    },

    async submit(user, rawBody, sink) {
      const body = requireObject(rawBody);
      const id = parseIdValue(body.id);
      const isInsert = id === undefined;
      const values = parseValues(schema.fields, body, isInsert);
      try {
        return await db.transaction(async (tx) => {
          let before: Row | undefined;
          if (!isInsert) {
            const params = new SqlParams();
            [before] = await readRows(user, [`${BASE_ALIAS}.id = ${params.add(id)}`], params, 'FOR UPDATE OF t', tx);
            if (!before) return undefined;
          }
          // Fields written on insert only: resending the stored value is fine, changing it is not.
          if (before) {
            for (const field of schema.fields.filter((candidate) => candidate.immutable && Object.hasOwn(values, candidate.name))) {
              if (String(values[field.name] ?? '') !== String(before[field.name] ?? '')) throw badRequest(`${field.label.zh}不可修改`);
              delete values[field.name];
            }
          }
          const rowId = id ?? nextId();
          const context: WriteContext = { tx, user, schema, registry, id: rowId, isInsert, values, before, body, revealed: {} };
          await behaviour.beforeWrite?.(context);
          await resolveRefs(tx, user, schema.fields, values);
          checkRowRules(schema.fields, { ...before, ...values }, new Set(Object.keys(values)), isInsert);
          if (schema.tree && !isInsert && values[schema.tree.parentField] === rowId) throw badRequest('上级不能是自己');
          // Body values, defaults, fills and what hooks set: every stored field that has a value now.
          const writable = [...schema.fields.filter((field) => !field.virtual), STATUS_FIELD].filter(
            (field, index, all) => Object.hasOwn(values, field.name) && all.findIndex((other) => other.name === field.name) === index,
          );
          if (isInsert) {
            await insertRow(tx, user, table, writable, values, rowId);
          } else {
            const params = new SqlParams();
            const sets = writable.map((field) => `${columnOf(field)} = ${params.add(values[field.name])}`);
            sets.push(`update_user = ${params.add(isIdText(user.userId) ? user.userId : null)}`, `update_time = ${params.add(formatDateTime(new Date()))}`);
            const where = [`id = ${params.add(rowId)}`, ...readScope(user, params, { tenantScoped: schema.tenantScoped }).predicates];
            await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${where.join(' AND ')}`, params.values);
          }
          await writeChildren(tx, user, rowId, body);
          await writeLinksOfBody(tx, registry, user, schema, rowId, body);
          await behaviour.afterWrite?.(context);
          if (sink) sink.revealed = context.revealed;
          return rowId;
        });
      } catch (error) {
        translateUniqueViolation(error);
      }
    },

    async validate(user, rawBody) {
      const values = parseValues(schema.fields, requireObject(rawBody), true);
      await resolveRefs(db, user, schema.fields, values);
      checkRowRules(schema.fields, values, new Set(Object.keys(values)), true);
      for (const field of uniqueFields) {
        if (isEmpty(values[field.name])) continue;
        const params = new SqlParams();
        const where = [`${columnOf(field)} = ${params.add(values[field.name])}`, ...readScope(user, params, { tenantScoped: schema.tenantScoped }).predicates];
        const [clash] = await db.query(`SELECT 1 FROM ${table} WHERE ${where.join(' AND ')} LIMIT 1`, params.values);
        if (clash) throw badRequest(field.unique!);
      }
      return values;
    },

    async remove(user, ids) {
      if (ids.length === 0) throw badRequest(`${MSG.missingParam}: ids`);
      if (!ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ids`);
      if (ids.length > 1000) throw badRequest(`${MSG.paramInvalid}: ids 不能超过1000个`);
      return db.transaction(async (tx) => {
        await assertRemovable(tx, user, ids);
        await behaviour.beforeRemove?.({ tx, user, schema, registry, ids });
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

    async byIds(user, ids) {
      if (ids.length === 0) return [];
      if (ids.length > 1000 || !ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ids`);
      const params = new SqlParams();
      return readRows(user, [`${BASE_ALIAS}.id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[])`], params);
    },

    async select(user, query) {
      const params = new SqlParams();
      const filters = buildFilters(query, model.columns, params);
      const order = parseOrder({}, model.columns, schema.defaultSort);
      return readRows(user, filters, params, `ORDER BY ${order} LIMIT 100`);
    },

    async tree(user) {
      if (!schema.tree) throw badRequest(MSG.notFound);
      const params = new SqlParams();
      const order = parseOrder({}, model.columns, schema.defaultSort);
      const rows = await readRows(user, [], params, `ORDER BY ${order} LIMIT 5000`);
      return nest(rows, schema.tree.parentField, schema.tree.labelField);
    },

    async treeList(user, query) {
      if (!schema.tree) throw badRequest(MSG.notFound);
      const params = new SqlParams();
      const filters = [...buildFilters(query, model.columns, params), ...(behaviour.listScope?.(user, query, params) ?? [])];
      const order = parseOrder(query, model.columns, schema.defaultSort);
      const rows = await readRows(user, filters, params, `ORDER BY ${order} LIMIT 5000`);
      return markChildren(nest(rows, schema.tree.parentField, schema.tree.labelField));
    },

    async lazyList(user, parentId) {
      if (!schema.tree) throw badRequest(MSG.notFound);
      if (!isIdText(parentId)) throw badRequest(`${MSG.paramType}: parentId`);
      const parent = byName.get(schema.tree.parentField)!;
      const params = new SqlParams();
      const order = parseOrder({}, model.columns, schema.defaultSort);
      const rows = await readRows(user, [`${parent.sql} = ${params.add(parentId)}`], params, `ORDER BY ${order} LIMIT 1000`);
      if (rows.length === 0) return rows;
      const childParams = new SqlParams();
      const where = [
        `${parent.column} = ANY(string_to_array(${childParams.add(rows.map((row) => row.id).join(','))}, ',')::bigint[])`,
        ...readScope(user, childParams, { tenantScoped: schema.tenantScoped, resource: schema.permissionCode }).predicates,
      ];
      const withChildren = await db.cachedQuery<{ parent: string }>(
        `SELECT DISTINCT ${parent.column}::text AS parent FROM ${table} WHERE ${where.join(' AND ')}`,
        childParams.values,
      );
      const parents = new Set(withChildren.map((row) => row.parent));
      return rows.map((row) => ({ ...row, hasChildren: parents.has(String(row.id)) }));
    },
  };
  return store;
}

/** Rows → a tree of `children` (absent on leaves), with the `title`/`key`/`value` names tree widgets read. */
export function nest(rows: Row[], parentField: string, labelField: string): Row[] {
  const nodes = new Map(rows.map((row) => [String(row.id), { ...row, title: row[labelField], key: row.id, value: row.id } as Row]));
  const roots: Row[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(String(node[parentField]));
    if (parent && parent !== node) ((parent.children ??= []) as Row[]).push(node);
    else roots.push(node);
  }
  return roots;
}

/** `hasChildren` on every node of a nested tree, as BladeX's tree lists answer it. */
export function markChildren(nodes: Row[]): Row[] {
  return nodes.map((node) => {
    const children = node.children as Row[] | undefined;
    return { ...node, hasChildren: (children?.length ?? 0) > 0, ...(children ? { children: markChildren(children) } : {}) };
  });
}

/** Reads a JSON request body; malformed JSON is a 400, never a 500. */
export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') throw badRequest(`${MSG.paramInvalid}: 请求体为空`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${MSG.paramInvalid}: 请求体不是合法的 JSON`);
  }
}

/** `ids=1,2,3` from the query string (or a form body), split and trimmed. */
export function idList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}
