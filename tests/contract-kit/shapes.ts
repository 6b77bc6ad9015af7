import type { FieldSchema, FieldType, ResourceSchema } from '../../resources/types';

/**
 * What our providers read from each answer, as checks that name every difference: a field missing, a field of another
 * type, an envelope whose code or message is not BladeX's.
 */

type Json = Record<string, unknown>;

/** The JSON kinds a field may be answered as; null is always accepted (BladeX answers absent values as null). */
export type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object';

export interface FieldExpectation {
  name: string;
  kinds: Kind[];
  /** Missing from the answer is a difference (else only a present value's type is checked). */
  required?: boolean;
  /** Left out where it has no value (a leaf's `children`): never reported missing, even from every row. */
  optional?: boolean;
}

const kindOf = (value: unknown): Kind | 'null' =>
  value === null || value === undefined ? 'null' : Array.isArray(value) ? 'array' : (typeof value as Kind);

/** Our wire types: ids and dates are strings (Long ids serialised as strings), numbers are numbers. */
const KINDS: Record<FieldType, Kind[]> = {
  string: ['string'],
  text: ['string'],
  id: ['string'],
  date: ['string'],
  datetime: ['string'],
  int: ['number'],
  number: ['number'],
};

/**
 * The fields of a resource's rows our list, detail and forms read: write-only ones are never answered, and a derived
 * field the list does not show is read from the detail only.
 */
export function rowExpectations(schema: ResourceSchema, read: 'list' | 'detail'): FieldExpectation[] {
  const declared = schema.fields
    .filter((field: FieldSchema) => !field.writeOnly && !(read === 'list' && field.virtual && field.list === false))
    .map((field) => ({ name: field.name, kinds: KINDS[field.type] }));
  return [{ name: 'id', kinds: ['string'], required: true }, ...declared];
}

/** Differences of one row: required fields absent, present fields of another kind. */
export function rowDifferences(row: unknown, expectations: readonly FieldExpectation[], where: string): string[] {
  if (kindOf(row) !== 'object') return [`${where} is ${kindOf(row)}, not an object`];
  const record = row as Json;
  const differences: string[] = [];
  for (const expectation of expectations) {
    const kind = kindOf(record[expectation.name]);
    if (!(expectation.name in record)) {
      if (expectation.required) differences.push(`${where}.${expectation.name} is missing`);
    } else if (kind !== 'null' && !expectation.kinds.includes(kind)) {
      differences.push(`${where}.${expectation.name} is ${kind}, expected ${expectation.kinds.join(' or ')}`);
    }
  }
  return differences;
}

/**
 * Differences of several rows: a field present in none of them is missing (a single row may leave out a null), and
 * every present value is type-checked.
 */
export function rowsDifferences(rows: readonly unknown[], expectations: readonly FieldExpectation[], where: string): string[] {
  const differences = new Set<string>();
  for (const [index, row] of rows.entries()) {
    for (const difference of rowDifferences(row, expectations.map((e) => ({ ...e, required: false })), `${where}[${index}]`)) {
      differences.add(difference.replace(`${where}[${index}]`, `${where}[]`));
    }
  }
  const objects = rows.filter((row) => kindOf(row) === 'object') as Json[];
  if (objects.length) {
    for (const expectation of expectations) {
      if (!expectation.optional && !objects.some((row) => expectation.name in row)) differences.add(`${where}[].${expectation.name} is missing`);
    }
  }
  return [...differences];
}

export interface Envelope {
  code: number;
  success: boolean;
  data: unknown;
  msg: string;
}

/** The Blade envelope (`code`, `success`, `data`, `msg`) and code 200, or what differs from it. */
export function envelopeDifferences(body: unknown): string[] {
  if (kindOf(body) !== 'object') return [`the answer is ${kindOf(body)}, not a Blade envelope`];
  const envelope = body as Json;
  const differences: string[] = [];
  if (typeof envelope.code !== 'number') differences.push(`code is ${kindOf(envelope.code)}, expected number`);
  else if (envelope.code !== 200) differences.push(`code ${envelope.code} instead of 200 (msg: ${String(envelope.msg ?? '')})`);
  if (typeof envelope.success !== 'boolean') differences.push(`success is ${kindOf(envelope.success)}, expected boolean`);
  else if (envelope.code === 200 && envelope.success !== true) differences.push('success is false with code 200');
  if (typeof envelope.msg !== 'string') differences.push(`msg is ${kindOf(envelope.msg)}, expected string`);
  if (!('data' in envelope)) differences.push('data is missing');
  return differences;
}

/** The OAuth token answer (raw, snake_case): what the session keeps. */
export const TOKEN_FIELDS: FieldExpectation[] = [
  { name: 'access_token', kinds: ['string'], required: true },
  { name: 'refresh_token', kinds: ['string'], required: true },
  { name: 'tenant_id', kinds: ['string'], required: true },
  { name: 'user_id', kinds: ['string'], required: true },
  { name: 'token_type', kinds: ['string'] },
  { name: 'expires_in', kinds: ['number'] },
  { name: 'account', kinds: ['string'] },
  { name: 'user_name', kinds: ['string'] },
  { name: 'real_name', kinds: ['string'] },
  { name: 'role_id', kinds: ['string'] },
  { name: 'dept_id', kinds: ['string'] },
  { name: 'role_name', kinds: ['string'] },
  { name: 'avatar', kinds: ['string'] },
];

/** A menu of `menu/routes` and a button node of `menu/buttons` (providers/access.ts MenuItem). */
export const MENU_FIELDS: FieldExpectation[] = [
  { name: 'id', kinds: ['string'], required: true },
  { name: 'parentId', kinds: ['string'] },
  { name: 'code', kinds: ['string'], required: true },
  { name: 'name', kinds: ['string'], required: true },
  { name: 'path', kinds: ['string'] },
  { name: 'source', kinds: ['string'] },
  { name: 'sort', kinds: ['number'] },
  { name: 'children', kinds: ['array'], optional: true },
];

/** A top menu of `menu/top-menu` (providers/access.ts TopMenu). */
export const TOP_MENU_FIELDS: FieldExpectation[] = [
  { name: 'id', kinds: ['string'], required: true },
  { name: 'code', kinds: ['string'], required: true },
  { name: 'name', kinds: ['string'], required: true },
  { name: 'source', kinds: ['string'] },
  { name: 'path', kinds: ['string'], optional: true },
  { name: 'sort', kinds: ['number'] },
];

export const BUTTON_FIELDS: FieldExpectation[] = [
  { name: 'code', kinds: ['string'], required: true },
  { name: 'children', kinds: ['array'], optional: true },
];

/** A dictionary item of `dict/dictionary` and `dict-biz/dictionary` (the selects' options). */
export const DICT_ITEM_FIELDS: FieldExpectation[] = [
  { name: 'dictKey', kinds: ['string'], required: true },
  { name: 'dictValue', kinds: ['string'], required: true },
];

/** A node of a `tree` answer (the tree pickers). */
export const TREE_NODE_FIELDS: FieldExpectation[] = [
  { name: 'id', kinds: ['string'], required: true },
  { name: 'title', kinds: ['string'], required: true },
  { name: 'children', kinds: ['array'], optional: true },
];

/** Every node of a tree, depth first. */
export function flatten(nodes: readonly unknown[]): unknown[] {
  return nodes.flatMap((node) => {
    const children = kindOf(node) === 'object' ? (node as Json).children : undefined;
    return [node, ...(Array.isArray(children) ? flatten(children) : [])];
  });
}
