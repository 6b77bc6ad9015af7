import type { FieldType } from '../../resources/types';
import { badRequest, MSG } from './errors';
import { isIdText } from './ids';
import type { ColumnModel } from './model';

/** Collects bound parameters and hands out their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Query parameters that are never filters (blade-contract §2). */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth']);

const SUFFIXES = [
  'equal',
  'notequal',
  'like',
  'likeleft',
  'likeright',
  'notlike',
  'gt',
  'ge',
  'lt',
  'le',
  'dategt',
  'datege',
  'dateequal',
  'datelt',
  'datele',
  'null',
  'notnull',
] as const;
type Suffix = (typeof SUFFIXES)[number] | 'default';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

function isRealDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A date or datetime from a client, normalised to `yyyy-MM-dd[ HH:mm:ss]`, or undefined when malformed. */
export function parseDateText(text: string): { value: string; dateOnly: boolean } | undefined {
  if (DATE_ONLY.test(text) && isRealDate(text)) return { value: text, dateOnly: true };
  if (DATE_TIME.test(text) && isRealDate(text)) {
    const [hh, mm, ss = '00'] = text.slice(11).split(':');
    if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
    return { value: `${text.slice(0, 10)} ${hh}:${mm}:${ss}`, dateOnly: false };
  }
  return undefined;
}

/**
 * Converts one text value to the column's type, or undefined when it does not fit.
 * Ranges match the SQL column types so a bad value is a 400 here, never a database error.
 */
export function parseTypedText(type: FieldType, text: string): unknown {
  switch (type) {
    case 'id':
      return isIdText(text) ? text : undefined;
    case 'int': {
      const n = Number(text);
      return /^-?\d{1,10}$/.test(text) && n >= -2147483648 && n <= 2147483647 ? n : undefined;
    }
    case 'number': {
      const n = Number(text);
      return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
    }
    case 'date':
    case 'datetime':
      return parseDateText(text)?.value;
    default:
      return text;
  }
}

const typeError = (key: string) => badRequest(`${MSG.paramType}: ${key}`);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function splitKey(key: string): { name: string; suffix: Suffix } {
  const at = key.lastIndexOf('_');
  if (at > 0) {
    const suffix = key.slice(at + 1);
    if ((SUFFIXES as readonly string[]).includes(suffix)) return { name: key.slice(0, at), suffix: suffix as Suffix };
  }
  return { name: key, suffix: 'default' };
}

const COMPARISONS: Partial<Record<Suffix, string>> = {
  equal: '=',
  notequal: '<>',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
  dategt: '>',
  datege: '>=',
  datelt: '<',
  datele: '<=',
};

/** A resource's columns by wire name, built once per column list (every list request asks). */
const columnsByName = new WeakMap<ColumnModel[], Map<string, ColumnModel>>();
function byNameOf(columns: ColumnModel[]): Map<string, ColumnModel> {
  let byName = columnsByName.get(columns);
  if (!byName) columnsByName.set(columns, (byName = new Map(columns.map((column) => [column.name, column]))));
  return byName;
}

/**
 * BladeX `Condition.getQueryWrapper`: every query parameter `<field>[_suffix]=value` of a known field becomes a
 * predicate with a bound value. Unknown fields are ignored (as BladeX ignores unknown properties); a value that
 * does not fit the field's type is a 400 naming the parameter.
 */
export function buildFilters(query: Record<string, string>, columns: ColumnModel[], params: SqlParams): string[] {
  const byName = byNameOf(columns);
  const predicates: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (RESERVED.has(key) || key.endsWith('_ignore') || value === '') continue;
    // PostgreSQL text cannot hold NUL.
    if (value.includes('\u0000')) throw typeError(key);
    const { name, suffix } = splitKey(key);
    const column = byName.get(name);
    if (!column) continue;
    const col = column.sql;
    const isText = column.type === 'string' || column.type === 'text';
    const asText = isText ? col : `CAST(${col} AS text)`;
    switch (suffix) {
      case 'null':
        predicates.push(`${col} IS NULL`);
        break;
      case 'notnull':
        predicates.push(`${col} IS NOT NULL`);
        break;
      case 'like':
        predicates.push(`${asText} LIKE ${params.add(`%${escapeLike(value)}%`)}`);
        break;
      case 'notlike':
        predicates.push(`${asText} NOT LIKE ${params.add(`%${escapeLike(value)}%`)}`);
        break;
      case 'likeleft':
        predicates.push(`${asText} LIKE ${params.add(`%${escapeLike(value)}`)}`);
        break;
      case 'likeright':
        predicates.push(`${asText} LIKE ${params.add(`${escapeLike(value)}%`)}`);
        break;
      case 'dategt':
      case 'datege':
      case 'datelt':
      case 'datele': {
        const date = parseDateText(value);
        if (!date) throw typeError(key);
        predicates.push(`${col} ${COMPARISONS[suffix]} ${params.add(date.value)}::timestamp`);
        break;
      }
      case 'dateequal': {
        const date = parseDateText(value);
        if (!date) throw typeError(key);
        const at = params.add(date.value);
        predicates.push(
          date.dateOnly
            ? `${col} >= ${at}::timestamp AND ${col} < ${at}::timestamp + interval '1 day'`
            : `${col} = ${at}::timestamp`,
        );
        break;
      }
      case 'default':
        // Free text searches by substring; numbers, ids and dates by equality (a substring of an id means nothing).
        if (isText && column.field?.search !== 'equal') {
          predicates.push(`${col} LIKE ${params.add(`%${escapeLike(value)}%`)}`);
          break;
        }
        predicates.push(comparison(col, '=', column, key, value, params));
        break;
      default:
        predicates.push(comparison(col, COMPARISONS[suffix]!, column, key, value, params));
    }
  }
  return predicates;
}

function comparison(col: string, operator: string, column: ColumnModel, key: string, value: string, params: SqlParams) {
  const typed = parseTypedText(column.type, value);
  if (typed === undefined) throw typeError(key);
  const cast = column.type === 'date' || column.type === 'datetime' ? '::timestamp' : '';
  return `${col} ${operator} ${params.add(typed)}${cast}`;
}

export interface Paging {
  current: number;
  size: number;
  offset: number;
}

/** Largest page a client may ask for; larger requests get this many rows. */
export const MAX_PAGE_SIZE = 1000;

function positiveInt(query: Record<string, string>, key: string, fallback: number): number {
  const text = query[key];
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw typeError(key);
  return Number(text);
}

export function parsePaging(query: Record<string, string>): Paging {
  const current = positiveInt(query, 'current', 1);
  const size = Math.min(positiveInt(query, 'size', 10), MAX_PAGE_SIZE);
  return { current, size, offset: (current - 1) * size };
}

/** One ORDER BY term: a known column's SQL and its direction. */
export interface OrderTerm {
  sql: string;
  direction: 'ASC' | 'DESC';
}

interface OrderColumns {
  /** Every column's SQL by its column name. */
  known: Map<string, string>;
  /** Those a client may sort by. */
  orderable: Map<string, string>;
}
/** Built once per column list and sortable set (every list request asks). */
const orderColumns = new WeakMap<ColumnModel[], WeakMap<object, OrderColumns>>();
/** The key of "no sortable set given": every column sorts. */
const EVERY_COLUMN = {};
function orderColumnsOf(columns: ColumnModel[], sortable: ReadonlySet<string> | undefined): OrderColumns {
  let bySortable = orderColumns.get(columns);
  if (!bySortable) orderColumns.set(columns, (bySortable = new WeakMap()));
  let found = bySortable.get(sortable ?? EVERY_COLUMN);
  if (!found) {
    const known = new Map(columns.map((column) => [column.column, column.sql]));
    found = { known, orderable: sortable ? new Map([...known].filter(([column]) => sortable.has(column))) : known };
    bySortable.set(sortable ?? EVERY_COLUMN, found);
  }
  return found;
}

/**
 * `ascs` / `descs`: comma-separated column names of this table only. Anything else is rejected: these names go
 * into ORDER BY, where no parameter can be bound. With `sortable`, only those columns (each led an index) are
 * accepted: an order on any other reads the whole table for every page. The id closes the order so pages never
 * overlap.
 */
export function parseOrderTerms(
  query: Record<string, string>,
  columns: ColumnModel[],
  fallback?: { column: string; order: 'asc' | 'desc' },
  sortable?: ReadonlySet<string>,
): OrderTerm[] {
  const { known, orderable } = orderColumnsOf(columns, sortable);
  const terms: OrderTerm[] = [];
  for (const [key, direction] of [
    ['ascs', 'ASC'],
    ['descs', 'DESC'],
  ] as const) {
    const list = query[key];
    if (!list) continue;
    for (const name of list.split(',').map((part) => part.trim())) {
      if (name === '') continue;
      if (!orderable.has(name)) throw badRequest(`${MSG.paramInvalid}: ${key} 不支持按 ${name.slice(0, 64)} 排序`);
      terms.push({ sql: orderable.get(name)!, direction });
    }
  }
  if (terms.length === 0) {
    const base = fallback && known.has(fallback.column) ? fallback : { column: 'create_time', order: 'desc' as const };
    terms.push({ sql: known.get(base.column)!, direction: base.order === 'asc' ? 'ASC' : 'DESC' });
  }
  const id = known.get('id');
  if (id && !terms.some((term) => term.sql === id)) terms.push({ sql: id, direction: 'DESC' });
  return terms;
}

export const orderSql = (terms: OrderTerm[]) => terms.map((term) => `${term.sql} ${term.direction}`).join(', ');

export function parseOrder(
  query: Record<string, string>,
  columns: ColumnModel[],
  fallback?: { column: string; order: 'asc' | 'desc' },
  sortable?: ReadonlySet<string>,
): string {
  return orderSql(parseOrderTerms(query, columns, fallback, sortable));
}

/** The MyBatis-Plus page shape clients read (blade-contract §2). */
export function pageOf<T>(records: T[], total: number, paging: Paging) {
  return {
    records,
    total,
    size: paging.size,
    current: paging.current,
    pages: total === 0 ? 0 : Math.ceil(total / paging.size),
    orders: [],
    searchCount: true,
  };
}
