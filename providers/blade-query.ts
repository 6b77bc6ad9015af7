import type { ConditionalFilter, CrudFilter, CrudSort, LogicalFilter, Pagination } from '@refinedev/core';
import dayjs from 'dayjs';
import { columnOf, toColumn, type ResourceSchema } from '../resources/types';
import { siteConfig } from './config';

/**
 * Refine's list parameters in Blade's query language (blade-contract §2, design.md §4): pure functions, no I/O.
 */

export type QueryValue = string | number | boolean;
export type BladeQuery = Record<string, QueryValue>;

const plainSuffixes: Partial<Record<LogicalFilter['operator'], string>> = {
  eq: '_equal',
  eqs: '_equal',
  ne: '_notequal',
  nes: '_notequal',
  // A key without suffix is Blade's LIKE %v%.
  contains: '',
  containss: '',
  ncontains: '_notlike',
  ncontainss: '_notlike',
  startswith: '_likeright',
  startswiths: '_likeright',
  endswith: '_likeleft',
  endswiths: '_likeleft',
  gt: '_gt',
  gte: '_ge',
  lt: '_lt',
  lte: '_le',
  null: '_null',
  nnull: '_notnull',
};

const dateSuffixes: Partial<Record<LogicalFilter['operator'], string>> = {
  eq: '_dateequal',
  gt: '_dategt',
  gte: '_datege',
  lt: '_datelt',
  lte: '_datele',
};

/** Spec §7: the create-time range is sent as `createTime_dategt` / `createTime_datelt`. */
const rangeOnlyDateFields = new Set(['createTime']);

const auditDateFields = new Set(['createTime', 'updateTime']);

export function isDateField(field: string, schema?: ResourceSchema): boolean {
  const declared = schema?.fields.find((candidate) => candidate.name === field);
  if (declared) return declared.type === 'date' || declared.type === 'datetime';
  return auditDateFields.has(field);
}

function isDateOnlyField(field: string, schema?: ResourceSchema): boolean {
  return schema?.fields.find((candidate) => candidate.name === field)?.type === 'date';
}

/** A filter value as Blade reads it; undefined for an empty value, which Blade would skip anyway. */
export function toQueryValue(value: unknown, dateOnly = false): QueryValue | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const dateFormat = dateOnly ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
  if (value instanceof Date) return dayjs(value).format(dateFormat);
  if (dayjs.isDayjs(value)) return value.format(dateFormat);
  if (Array.isArray(value)) {
    const parts = value.map((part) => toQueryValue(part, dateOnly)).filter((part) => part !== undefined);
    return parts.length > 0 ? parts.join(',') : undefined;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

function addFilter(query: BladeQuery, filter: LogicalFilter, schema?: ResourceSchema): void {
  const { field, operator } = filter;
  const dateField = isDateField(field, schema) || filter.value instanceof Date || dayjs.isDayjs(filter.value);
  const dateOnly = isDateOnlyField(field, schema);

  if (operator === 'null' || operator === 'nnull') {
    // Blade skips empty values, so the flag needs a non-empty one.
    query[`${field}${plainSuffixes[operator]}`] = 1;
    return;
  }
  if (operator === 'between') {
    const [from, to] = Array.isArray(filter.value) ? filter.value : [];
    const lower = toQueryValue(from, dateOnly);
    const upper = toQueryValue(to, dateOnly);
    if (lower !== undefined) query[`${field}${dateField ? '_dategt' : '_ge'}`] = lower;
    if (upper !== undefined) query[`${field}${dateField ? '_datelt' : '_le'}`] = upper;
    return;
  }
  const value = toQueryValue(filter.value, dateOnly);
  if (value === undefined) return;
  if (dateField && (operator === 'gte' || operator === 'lte') && rangeOnlyDateFields.has(field)) {
    query[`${field}${operator === 'gte' ? '_dategt' : '_datelt'}`] = value;
    return;
  }
  const suffix = (dateField && dateSuffixes[operator]) || plainSuffixes[operator];
  if (suffix === undefined) throw new Error(`Blade has no filter for operator "${operator}" (field "${field}")`);
  query[`${field}${suffix}`] = value;
}

function isConditional(filter: CrudFilter): filter is ConditionalFilter {
  return filter.operator === 'and' || filter.operator === 'or';
}

/** Refine filters → Blade Condition keys; `and` groups are flattened, `or` groups have no Blade equivalent. */
export function toBladeFilters(filters: CrudFilter[] = [], schema?: ResourceSchema): BladeQuery {
  const query: BladeQuery = {};
  const visit = (filter: CrudFilter): void => {
    if (!isConditional(filter)) {
      addFilter(query, filter, schema);
      return;
    }
    if (filter.operator === 'or') throw new Error('Blade has no filter for "or" groups');
    filter.value.forEach(visit);
  };
  filters.forEach(visit);
  return query;
}

function sortColumn(field: string, schema?: ResourceSchema): string {
  const declared = schema?.fields.find((candidate) => candidate.name === field);
  return declared ? columnOf(declared) : toColumn(field);
}

/** Refine sorters → `ascs` / `descs`: comma-joined snake_case column names. */
export function toBladeSorting(sorters: CrudSort[] = [], schema?: ResourceSchema): BladeQuery {
  const ascending: string[] = [];
  const descending: string[] = [];
  for (const sorter of sorters) {
    (sorter.order === 'asc' ? ascending : descending).push(sortColumn(sorter.field, schema));
  }
  const query: BladeQuery = {};
  if (ascending.length > 0) query.ascs = ascending.join(',');
  if (descending.length > 0) query.descs = descending.join(',');
  return query;
}

/** `current` / `size` for server-side paging; none when Refine pages on the client or not at all. */
export function toBladePaging(pagination?: Pagination): BladeQuery {
  const mode = pagination?.mode ?? 'server';
  if (mode !== 'server') return {};
  return {
    current: pagination?.currentPage ?? 1,
    size: pagination?.pageSize ?? siteConfig.defaultPageSize,
  };
}
