import { endpointsOf, type FieldSchema, type ResourceSchema } from '../../resources/types';
import { uniqueIndexName } from '../db/resource-tables';
import type { Db } from '../db/types';
import type { BladeApp, BladeUser } from './context';
import { R, send } from './envelope';
import { badRequest, MSG } from './errors';
import { isIdText, nextId } from './ids';
import { assertIdentifier, columnsOf, type ColumnModel } from './model';
import { buildFilters, pageOf, parseDateText, parseOrder, parsePaging, SqlParams } from './query';
import { formatDateTime, serializeRow } from './serializer';
import { liveRowsOf } from './tenant';

/** The first dept of the caller: audit `create_dept` holds one id, the token may carry several. */
function primaryDept(user: BladeUser): string | null {
  const first = user.deptId.split(',')[0];
  return isIdText(first) ? first : null;
}
const labelOf = (column: ColumnModel) => column.field?.label.zh ?? column.name;

/** Request body value → stored value, or throws a 400 naming the field. `null` means "no value". */
export function coerceBodyValue(column: ColumnModel, raw: unknown): unknown {
  if (raw === null || raw === undefined || raw === '') return null;
  const invalid = () => badRequest(`${labelOf(column)}格式不正确`);
  switch (column.type) {
    case 'string':
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') throw invalid();
      const text = String(raw);
      if (text.includes('\u0000')) throw invalid();
      const max = column.field?.maxLength;
      if (max !== undefined && [...text].length > max) throw badRequest(`${labelOf(column)}长度不能超过${max}个字符`);
      return text;
    }
    case 'int': {
      const n = typeof raw === 'string' && /^-?\d{1,10}$/.test(raw.trim()) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < -2147483648 || n > 2147483647) throw invalid();
      return n;
    }
    case 'number': {
      const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid();
      return n;
    }
    case 'id': {
      if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return String(raw);
      if (typeof raw === 'string' && isIdText(raw)) return raw;
      throw invalid();
    }
    case 'date':
    case 'datetime': {
      const parsed = typeof raw === 'string' ? parseDateText(raw) : undefined;
      if (!parsed) throw invalid();
      if (column.type === 'date') return parsed.value.slice(0, 10);
      return parsed.dateOnly ? `${parsed.value} 00:00:00` : parsed.value;
    }
  }
}

export interface ResourceStore {
  schema: ResourceSchema;
  columns: ColumnModel[];
  list(user: BladeUser, query: Record<string, string>): Promise<ReturnType<typeof pageOf<Record<string, unknown>>>>;
  /** The row, or undefined when it does not exist, is deleted, or belongs to another tenant. */
  detail(user: BladeUser, id: string): Promise<Record<string, unknown> | undefined>;
  /** Insert (no id) or update (id); answers the row id, or undefined when the row to update is not the caller's. */
  submit(user: BladeUser, body: unknown): Promise<string | undefined>;
  /** Logical delete of the caller's rows among `ids`; answers how many were deleted. */
  remove(user: BladeUser, ids: string[]): Promise<number>;
}

/** Generic BladeX CRUD over the table of a resource schema, tenant-scoped when the schema says so. */
export function createResourceStore(db: Db, schema: ResourceSchema): ResourceStore {
  const table = assertIdentifier(schema.table);
  const columns = columnsOf(schema);
  const selectList = columns.map((column) => column.column).join(', ');
  const writable = columns.filter(
    (column) => (column.field && !column.field.readOnly) || (!column.field && column.name === 'status'),
  );
  const uniqueFields = writable.filter((column) => column.field?.unique);

  const scope = (user: BladeUser, params: SqlParams) => liveRowsOf(user, params, schema.tenantScoped);

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
      const clash = uniqueFields.find((column) =>
        `${failure.constraint ?? failure.message}`.includes(uniqueIndexName(table, column.column)),
      );
      if (clash) throw badRequest(clash.field!.unique!);
    }
    throw error;
  }

  function readBody(body: unknown, isInsert: boolean): Map<ColumnModel, unknown> {
    const input = body as Record<string, unknown>;
    const values = new Map<ColumnModel, unknown>();
    for (const column of writable) {
      const present = Object.hasOwn(input, column.name);
      const field: FieldSchema | undefined = column.field;
      let value = present ? coerceBodyValue(column, input[column.name]) : undefined;
      if (isInsert && value == null && field?.defaultValue !== undefined) {
        value = coerceBodyValue(column, field.defaultValue);
      }
      // On update an absent key keeps the stored value; a key sent empty clears it, which a required field refuses.
      if (field?.required && (value === null || (isInsert && value === undefined))) throw badRequest(field.required);
      if (value !== undefined) values.set(column, value);
    }
    return values;
  }

  return {
    schema,
    columns,
    async list(user, query) {
      const params = new SqlParams();
      const filters = buildFilters(query, columns, params);
      const where = [...scope(user, params), ...filters].join(' AND ');
      const order = parseOrder(query, columns, schema.defaultSort);
      const paging = parsePaging(query);
      const rows = await db.cachedQuery(
        `SELECT ${selectList} FROM ${table} WHERE ${where} ORDER BY ${order} LIMIT ${paging.size} OFFSET ${paging.offset}`,
        params.values,
      );
      let total: number;
      if (paging.offset === 0 && rows.length < paging.size) total = rows.length;
      else if (filters.length === 0) total = await countLive(user);
      else {
        const [row] = await db.cachedQuery<{ n: string }>(
          `SELECT count(*) AS n FROM ${table} WHERE ${where}`,
          params.values,
        );
        total = Number(row.n);
      }
      return pageOf(
        rows.map((row) => serializeRow(row, columns)),
        total,
        paging,
      );
    },

    async detail(user, id) {
      if (!isIdText(id)) throw badRequest(`${MSG.paramType}: id`);
      const params = new SqlParams();
      const where = [`id = ${params.add(id)}`, ...scope(user, params)].join(' AND ');
      const [row] = await db.cachedQuery(`SELECT ${selectList} FROM ${table} WHERE ${where}`, params.values);
      return row ? serializeRow(row, columns) : undefined;
    },

    async submit(user, body) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badRequest(`${MSG.paramInvalid}: 请求体必须是 JSON 对象`);
      }
      const rawId = (body as Record<string, unknown>).id;
      const id = rawId === undefined || rawId === null || rawId === '' ? undefined : coerceBodyValue(columns[0], rawId);
      const values = readBody(body, id === undefined);
      const now = formatDateTime(new Date());
      const params = new SqlParams();
      try {
        if (id === undefined) {
          const newId = nextId();
          const row = new Map<string, unknown>([
            ['id', newId],
            ['tenant_id', user.tenantId],
            ['create_user', user.userId],
            ['create_dept', primaryDept(user)],
            ['create_time', now],
            ['update_user', user.userId],
            ['update_time', now],
            ['is_deleted', 0],
          ]);
          for (const [column, value] of values) row.set(column.column, value);
          const names = [...row.keys()];
          const placeholders = [...row.values()].map((value) => params.add(value));
          await db.query(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${placeholders.join(', ')})`, params.values);
          return newId;
        }
        const sets = [...values].map(([column, value]) => `${column.column} = ${params.add(value)}`);
        sets.push(`update_user = ${params.add(user.userId)}`, `update_time = ${params.add(now)}`);
        const where = [`id = ${params.add(id)}`, ...scope(user, params)].join(' AND ');
        const updated = await db.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${where} RETURNING id`, params.values);
        return updated.length > 0 ? (id as string) : undefined;
      } catch (error) {
        translateUniqueViolation(error);
      }
    },

    async remove(user, ids) {
      if (ids.length === 0) throw badRequest(`${MSG.missingParam}: ids`);
      if (!ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ids`);
      const params = new SqlParams();
      const sets = `is_deleted = 1, update_user = ${params.add(user.userId)}, update_time = ${params.add(formatDateTime(new Date()))}`;
      const where = [`id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[])`, ...scope(user, params)];
      const removed = await db.query(`UPDATE ${table} SET ${sets} WHERE ${where.join(' AND ')} RETURNING id`, params.values);
      return removed.length;
    },
  };
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

/** Mounts `list`, `detail`, `submit`, `remove` of a schema at its `api` base with its endpoint names. */
export function mountResource(app: BladeApp, store: ResourceStore): void {
  const { api } = store.schema;
  const endpoints = endpointsOf(store.schema);
  app.get(`${api}/${endpoints.list}`, async (c) => send(c, R.data(await store.list(c.get('user'), c.req.query()))));
  app.get(`${api}/${endpoints.detail}`, async (c) => {
    const id = c.req.query('id');
    if (!id) throw badRequest(`${MSG.missingParam}: id`);
    const row = await store.detail(c.get('user'), id);
    if (!row) throw badRequest('数据不存在');
    return send(c, R.data(row));
  });
  app.post(`${api}/${endpoints.submit}`, async (c) => {
    const saved = await store.submit(c.get('user'), await jsonBody(c.req.raw));
    return send(c, R.status(saved !== undefined));
  });
  app.post(`${api}/${endpoints.remove}`, async (c) => {
    const removed = await store.remove(c.get('user'), idList(c.req.query('ids')));
    return send(c, R.status(removed > 0));
  });
}
