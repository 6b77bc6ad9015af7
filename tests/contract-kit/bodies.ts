import { endpointsOf, operationOf, type FieldSchema, type ResourceSchema } from '../../resources/types';
import type { Gateway } from './gateway';

/**
 * Request bodies the kit submits, derived from the registry alone: every writable field a form shows (or that is
 * required) gets a valid value, every string it makes starts with the run's prefix so the rows are recognisable on a
 * shared gateway. Referenced rows are existing rows of the account's tenant (the kit never creates rows it was not
 * asked to check).
 */

type Row = Record<string, unknown>;

/** The kit cannot make a body for this resource on this gateway (nothing to point a reference at). */
export class CannotBuild extends Error {}

/** Fields a request body may carry: stored and not server-maintained. */
export const writableFields = (fields: readonly FieldSchema[]) =>
  fields.filter((field) => !field.readOnly && (!field.virtual || field.writeOnly));

/** Declared with add, edit and delete, and not read-only: the generic write path is open. */
export const isWritable = (schema: ResourceSchema) =>
  !schema.readOnly && ['add', 'edit', 'delete'].every((alias) => operationOf(schema, alias));

/** The unique (else the first required, else the first) string field: what a list filter finds a row by. */
export function keyFieldOf(schema: ResourceSchema): FieldSchema | undefined {
  const strings = writableFields(schema.fields).filter((field) => field.type === 'string' && !field.ref && !field.treePath && !field.writeOnly);
  return strings.find((field) => field.unique) ?? strings.find((field) => field.required) ?? strings[0];
}

const day = (offset: number) => new Date(Date.UTC(2024, 2, 1 + offset)).toISOString().slice(0, 10);

/** How a body maker makes a string no other value of its run has: `hint` starts it, at most `max` characters. */
export type MakeText = (hint: string, max: number) => string;

/**
 * A valid value of a field whose type alone decides it (not a ref, dictionary, option, example or tree option):
 * strings follow the field's format rules, numbers and dates count with the field's position.
 */
export function scalarValue(field: FieldSchema, index: number, makeText: MakeText, phoneDigits: () => string): unknown {
  const rules = field.rules ?? {};
  switch (field.type) {
    case 'string':
    case 'text': {
      const max = field.maxLength ?? 255;
      if (rules.ip) return '10.1.2.3';
      if (rules.email) return `${makeText('m', max - 12)}@example.com`.toLowerCase();
      if (rules.phone) return `139${phoneDigits().slice(-8)}`;
      if (rules.prefix) return `${rules.prefix[0]}${makeText('u', max - rules.prefix[0].length)}`;
      return makeText(field.type === 'text' ? 'text ' : 'r', max);
    }
    case 'int':
      return 3 + index;
    case 'number':
      return 1.5 + index;
    case 'date':
      return day(index);
    case 'datetime':
      return `${day(index)} 10:20:30`;
    case 'id':
      return undefined;
  }
}

/** Sets the values that rules tie to another field's value (not before, same as, required when) in `values`. */
export function applyCrossFieldRules(fields: readonly FieldSchema[], values: Record<string, unknown>): void {
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const field of writableFields(fields)) {
    // "Not before" another date: a day after it.
    const other = field.rules?.notBefore ? byName.get(field.rules.notBefore) : undefined;
    if (other && typeof values[other.name] === 'string') {
      const [date, time] = String(values[other.name]).split(' ');
      const later = new Date(`${date}T00:00:00Z`);
      later.setUTCDate(later.getUTCDate() + 1);
      values[field.name] = [later.toISOString().slice(0, 10), time].filter(Boolean).join(' ');
    }
    // A confirmation repeats the value it confirms.
    const same = field.rules?.sameAs;
    if (same && values[same.field] !== undefined) values[field.name] = values[same.field];
    // Required only when another field has a value: give the other field that value, so the rule applies.
    const when = field.rules?.requiredWhen;
    if (when && values[field.name] !== undefined) values[when.field] = when.equals;
  }
}

const listOf = (body: unknown): Row[] => {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (Array.isArray(data)) return data as Row[];
  const records = (data as { records?: unknown } | undefined)?.records;
  return Array.isArray(records) ? (records as Row[]) : [];
};

export class BodyMaker {
  private sequence = 0;
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(
    private readonly gateway: Gateway,
    private readonly schemas: readonly ResourceSchema[],
    /** Every string the kit writes starts with it, e.g. `CK_m3x9abc`. */
    readonly prefix: string,
  ) {}

  /**
   * A string no other of this run's values has, starting with the prefix; where a column is shorter, with its first
   * two letters, the sequence number, then as much of the rest as fits.
   */
  text(max = 255): string {
    const sequence = (this.sequence++).toString(36);
    const value = `${this.prefix}_${sequence}`;
    return value.length <= max ? value : `${this.prefix.slice(0, 2)}${sequence}${this.prefix.slice(2).replace(/^_/, '')}`.slice(0, max);
  }

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.cache.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      this.cache.set(key, value);
    }
    return value;
  }

  private dictKey(field: FieldSchema): Promise<string> {
    const { code, biz } = field.dict!;
    return this.once(`dict:${biz}:${code}`, async () => {
      const answer = await this.gateway.call(`/api/blade-system/${biz ? 'dict-biz' : 'dict'}/dictionary?code=${encodeURIComponent(code)}`);
      const [item] = listOf(answer.body);
      if (!item) throw new CannotBuild(`dictionary ${code} has no items`);
      return String(item.dictKey);
    });
  }

  /** The id of an existing row of `resource`. */
  private existingId(resource: string): Promise<string> {
    return this.once(`row:${resource}`, async () => {
      const target = this.schemas.find((schema) => schema.name === resource);
      if (!target) throw new CannotBuild(`unknown resource ${resource}`);
      const answer = await this.gateway.call(`${target.api}/${endpointsOf(target).list}?current=1&size=1`);
      const [row] = listOf(answer.body);
      if (!row?.id) throw new CannotBuild(`no ${resource} row to point at`);
      return String(row.id);
    });
  }

  /** The ids from the first root of a tree answer down to a leaf. */
  private treeIds(endpoint: string): Promise<string[]> {
    return this.once(`tree:${endpoint}`, async () => {
      const answer = await this.gateway.call(endpoint);
      let node = listOf(answer.body)[0];
      if (!node) throw new CannotBuild(`${endpoint} answered no tree`);
      const ids = [String(node.id)];
      while (Array.isArray(node.children) && node.children.length) {
        node = node.children[0] as Row;
        ids.push(String(node.id));
      }
      return ids;
    });
  }

  private async plainValue(field: FieldSchema, index: number): Promise<unknown> {
    if (field.dict) {
      const key = await this.dictKey(field);
      return field.type === 'int' || field.type === 'number' ? Number(key) : key;
    }
    if (field.options?.length) return field.options[0].value;
    if (field.example !== undefined) return field.example;
    if (field.treeOptions) return (await this.treeIds(field.treeOptions.endpoint)).at(-1);
    return scalarValue(field, index, (_hint, max) => this.text(max), () => String(Date.now() + this.sequence++));
  }

  /**
   * A valid body for a new row of `schema`: its required fields and the field it is found by, child lists with one
   * row each. Optional fields stay out: the fewer values, the fewer rows of the gateway the body depends on.
   */
  async body(schema: ResourceSchema): Promise<Row> {
    const body = await this.values(schema, schema.fields);
    for (const child of schema.children ?? []) {
      const row = await this.values(schema, child.fields);
      body[child.name] = child.single ? row : [row];
    }
    return body;
  }

  private async values(schema: ResourceSchema, fields: readonly FieldSchema[]): Promise<Row> {
    const values: Row = {};
    const key = keyFieldOf(schema);
    for (const [index, field] of writableFields(fields).entries()) {
      if (!field.required && field !== key) continue;
      let value: unknown;
      if (field.ref) {
        const isTreeParent = schema.tree?.parentField === field.name && field.ref.resource === schema.name;
        value = isTreeParent ? '0' : await this.existingId(field.ref.resource);
      } else if (field.treePath) {
        const target = this.schemas.find((candidate) => candidate.name === field.treePath!.resource);
        if (!target) throw new CannotBuild(`unknown resource ${field.treePath.resource}`);
        value = (await this.treeIds(`${target.api}/${endpointsOf(target).tree}`)).join(',');
      } else {
        value = await this.plainValue(field, index);
      }
      if (value !== undefined) values[field.name] = value;
    }
    applyCrossFieldRules(fields, values);
    return values;
  }
}
