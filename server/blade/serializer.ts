import type { FieldType } from '../../resources/types';
import type { ColumnModel } from './model';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-MM-dd HH:mm:ss` in the server's local time: the form BladeX stores and answers. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const toCamel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * One value on the wire (blade-contract §1): ids as strings, null strings/dates `""`, null numbers `-1`.
 * The database adapters already give bigints as strings and dates/timestamps as their text.
 */
export function serializeValue(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) {
    return type === 'int' || type === 'number' ? -1 : '';
  }
  switch (type) {
    case 'id':
      return String(value);
    case 'int':
    case 'number':
      return Number(value);
    case 'date':
      return value instanceof Date ? formatDate(value) : String(value).slice(0, 10);
    case 'datetime':
      return value instanceof Date ? formatDateTime(value) : String(value).slice(0, 19);
    default:
      return String(value);
  }
}

export function serializeRow(row: Record<string, unknown>, columns: ColumnModel[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) out[column.name] = serializeValue(column.type, row[column.column]);
  return out;
}

/** For hand-written queries: camelCase names from the columns listed with their types. */
export function serializeColumns(row: Record<string, unknown>, types: Record<string, FieldType>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, type] of Object.entries(types)) out[toCamel(column)] = serializeValue(type, row[column]);
  return out;
}
