import { expect } from 'vitest';
import { schemaByName } from '../../resources/schemas';
import {
  endpointsOf,
  type ChildRowsSchema,
  type FieldSchema,
  type ResourceSchema,
} from '../../resources/types';
import { applyCrossFieldRules, isWritable, scalarValue, writableFields } from '../contract-kit/bodies';
import { call, login, loginAdmin, type Answer } from './client';
import { OTHER_TENANT, TESTER } from './fixtures';

/**
 * Valid request bodies for any registered resource, derived from its schema alone: what the registry suites
 * (`registry-*.test.ts`) submit. Referenced rows (refs, tree paths, child-row refs) are created or picked through the
 * API first, in the session's tenant, so a body is valid for the session that asked for it.
 */

type Row = Record<string, any>;

/** A logged-in caller: its token and tenant. */
export interface Session {
  token: string;
  tenantId: string;
  /** The server's address when it is not the shared test server (a file's own server). */
  base?: string;
}

const runTag = Date.now().toString(36).slice(-5);
let sequence = 0;
/** A string no other call of this run gets (short: some columns hold 64 characters). */
export const uniqueText = (prefix = 'r') => `${prefix}${runTag}${(sequence++).toString(36)}`;

const url = (schema: ResourceSchema, endpoint: keyof ReturnType<typeof endpointsOf>) =>
  `${schema.api}/${endpointsOf(schema)[endpoint]}`;

// What may be written is the contract kit's rule too: one definition for both.
export { isWritable, writableFields } from '../contract-kit/bodies';

/** The unique (else the first required, else the first) string field: what a list filter finds a row by. */
export function keyFieldOf(schema: ResourceSchema): FieldSchema {
  const strings = writableFields(schema.fields).filter((field) => field.type === 'string' && !field.ref && !field.treePath && !field.writeOnly);
  const key = strings.find((field) => field.unique) ?? strings.find((field) => field.required) ?? strings[0];
  if (!key) throw new Error(`${schema.name}: no string field to find rows by`);
  return key;
}

/** Where a field sits: in the resource's own body, or in the first row of one of its child lists. */
export interface FieldSite {
  field: FieldSchema;
  child?: ChildRowsSchema;
}

/** Every writable field of a schema, its child-row fields included. */
export function fieldSites(schema: ResourceSchema): FieldSite[] {
  return [
    ...writableFields(schema.fields).map((field) => ({ field })),
    ...(schema.children ?? []).flatMap((child) => writableFields(child.fields).map((field) => ({ field, child }))),
  ];
}

/** A copy of `body` with the field at `site` set to `value` (`undefined` removes the key). */
export function withValue(body: Row, site: FieldSite, value: unknown): Row {
  const copy: Row = structuredClone(body);
  let target: Row = copy;
  if (site.child) {
    const rows = copy[site.child.name];
    target = site.child.single ? rows : rows[0];
  }
  if (value === undefined) delete target[site.field.name];
  else target[site.field.name] = value;
  return copy;
}

export const valueAt = (body: Row, site: FieldSite) =>
  site.child ? (site.child.single ? body[site.child.name] : body[site.child.name][0])[site.field.name] : body[site.field.name];

export const submitUrl = (schema: ResourceSchema) => url(schema, 'submit');
export const listUrl = (schema: ResourceSchema) => url(schema, 'list');
export const detailUrl = (schema: ResourceSchema, id: string) => `${url(schema, 'detail')}?id=${id}`;
export const removeUrl = (schema: ResourceSchema, ids: string) => `${url(schema, 'remove')}?ids=${ids}`;


/** Bodies, rows and dictionary keys for one session; referenced rows are made once and reused. */
export class ResourceFactory {
  private readonly dicts = new Map<string, Promise<Row[]>>();
  private readonly shared = new Map<string, Promise<Row>>();

  constructor(readonly session: Session) {}

  get token() {
    return this.session.token;
  }

  submit(schema: ResourceSchema, json: unknown): Promise<Answer> {
    return call(submitUrl(schema), { token: this.token, json, base: this.session.base });
  }

  remove(schema: ResourceSchema, ids: string): Promise<Answer> {
    return call(removeUrl(schema, ids), { token: this.token, method: 'POST', base: this.session.base });
  }

  detail(schema: ResourceSchema, id: string): Promise<Answer> {
    return call(detailUrl(schema, id), { token: this.token, base: this.session.base });
  }

  /** The list rows whose `field` equals `value`. */
  async find(schema: ResourceSchema, field: FieldSchema, value: unknown): Promise<Row[]> {
    const answer = await call(`${listUrl(schema)}?${field.name}_equal=${encodeURIComponent(String(value))}&size=100`, {
      token: this.token,
      base: this.session.base,
    });
    expect(answer.body?.code, `${schema.name} list: ${answer.text}`).toBe(200);
    return answer.body.data.records;
  }

  /** Items of a system (or, with `biz`, tenant) dictionary, root excluded. */
  dictItems(code: string, biz = false): Promise<Row[]> {
    const key = `${biz ? 'biz' : 'sys'}:${code}`;
    let items = this.dicts.get(key);
    if (!items) {
      items = call(`/api/blade-system/${biz ? 'dict-biz' : 'dict'}/dictionary?code=${code}`, { token: this.token, base: this.session.base }).then((answer) => {
        const list = answer.body?.data as Row[] | undefined;
        if (!list?.length) throw new Error(`dictionary ${code} has no items: ${answer.text}`);
        return list;
      });
      this.dicts.set(key, items);
    }
    return items;
  }

  /** The id of the first leaf of the tree a `treeOptions` field picks from. */
  async treeOptionValue(endpoint: string): Promise<string> {
    const answer = await call(endpoint, { token: this.token, base: this.session.base });
    let node: Row | undefined = (answer.body?.data as Row[] | undefined)?.[0];
    if (!node) throw new Error(`${endpoint} answered no tree: ${answer.text}`);
    while (node.children?.length) node = node.children[0] as Row;
    return String(node.id);
  }

  /** A valid value of a plain field (no ref, no tree path). */
  async plainValue(field: FieldSchema, index: number): Promise<unknown> {
    if (field.dict) {
      const [item] = await this.dictItems(field.dict.code, field.dict.biz);
      return field.type === 'int' || field.type === 'number' ? Number(item.dictKey) : String(item.dictKey);
    }
    if (field.options?.length) return field.options[0].value;
    if (field.example !== undefined) return field.example;
    if (field.treeOptions) return this.treeOptionValue(field.treeOptions.endpoint);
    return scalarValue(field, index, (hint, max) => uniqueText(hint).slice(0, max), () => String(Date.now() + sequence++));
  }

  /**
   * A valid body for inserting a row of `schema`: every writable field that a form shows (or that is required) gets a
   * value, refs point at rows of the session's tenant, child lists get one row each. `overrides` replace values.
   */
  async body(schema: ResourceSchema, overrides: Row = {}): Promise<Row> {
    const body = await this.fieldValues(schema, schema.fields);
    for (const child of schema.children ?? []) {
      const row = await this.fieldValues(schema, child.fields);
      body[child.name] = child.single ? row : [row];
    }
    return { ...body, ...overrides };
  }

  private async fieldValues(schema: ResourceSchema, fields: readonly FieldSchema[]): Promise<Row> {
    const values: Row = {};
    for (const [index, field] of writableFields(fields).entries()) {
      if (field.form === false && !field.required) continue;
      let value: unknown;
      if (field.ref) {
        const isTreeParent = schema.tree?.parentField === field.name && field.ref.resource === schema.name;
        value = isTreeParent ? '0' : (await this.sharedRow(field.ref.resource)).id;
      } else if (field.treePath) {
        value = await this.sharedTreePath(field.treePath.resource);
      } else {
        value = await this.plainValue(field, index);
      }
      if (value !== undefined) values[field.name] = value;
    }
    applyCrossFieldRules(fields, values);
    return values;
  }

  /** Submits a valid body (with `overrides`) and answers the new row's id, the body sent and the stored row. */
  async create(schema: ResourceSchema, overrides: Row = {}): Promise<{ id: string; body: Row; row: Row }> {
    return this.createFrom(schema, await this.body(schema, overrides));
  }

  /** Submits `body` as a new row and answers its id and the stored row (found by its key field). */
  async createFrom(schema: ResourceSchema, body: Row): Promise<{ id: string; body: Row; row: Row }> {
    const answer = await this.submit(schema, body);
    expect(answer.body, `create ${schema.name}: ${answer.text}`).toMatchObject({ code: 200, success: true });
    const key = keyFieldOf(schema);
    const rows = await this.find(schema, key, body[key.name]);
    expect(rows, `${schema.name} row with ${key.name}=${body[key.name]}`).toHaveLength(1);
    // As BladeX does: the saved entity is answered (Saber reads `data.id` of the row it has just added).
    expect(answer.body.data, `create ${schema.name} answers the saved row`).toMatchObject({ id: String(rows[0].id) });
    return { id: String(rows[0].id), body, row: rows[0] };
  }

  /** A row of `resource` to point at: made through the API when the resource is writable, else the first listed. */
  sharedRow(resource: string): Promise<Row> {
    let row = this.shared.get(resource);
    if (!row) {
      row = this.freshRow(resource);
      this.shared.set(resource, row);
    }
    return row;
  }

  /** A row of `resource` nobody else points at (created), or an existing one when the resource cannot be written. */
  async freshRow(resource: string): Promise<Row> {
    const target = schemaByName(resource);
    if (!target) throw new Error(`unknown resource ${resource}`);
    if (isWritable(target)) return (await this.create(target)).row;
    const [first] = await this.existingRows(target, 1);
    return first;
  }

  /** The first `count` listed rows of a resource (users, logs: rows the API does not write). */
  async existingRows(schema: ResourceSchema, count: number): Promise<Row[]> {
    const answer = await call(`${listUrl(schema)}?size=${count}`, { token: this.token, base: this.session.base });
    const records = answer.body?.data?.records as Row[] | undefined;
    if (!records || records.length < count) throw new Error(`${schema.name}: fewer than ${count} rows: ${answer.text}`);
    return records;
  }

  /** One path per tree resource, reused by every body of this session. */
  sharedTreePath(resource: string): Promise<string> {
    const key = `path:${resource}`;
    let path = this.shared.get(key) as Promise<unknown> | undefined;
    if (!path) {
      path = this.treePath(resource);
      this.shared.set(key, path as Promise<Row>);
    }
    return path as Promise<string>;
  }

  /** A valid comma-joined path (root, child) in the tree resource `resource`, made for the caller. */
  async treePath(resource: string): Promise<string> {
    const tree = schemaByName(resource)!;
    const root = await this.create(tree);
    const child = await this.create(tree, { [tree.tree!.parentField]: root.id });
    return `${root.id},${child.id}`;
  }
}

/** Sessions of the registry suites: tenant 000000's administrator, the second tenant's, and the seeded tester. */
export async function openSessions() {
  const [admin, other, tester] = await Promise.all([loginAdmin(), login(OTHER_TENANT), login(TESTER)]);
  return {
    admin: new ResourceFactory({ token: admin, tenantId: '000000' }),
    other: new ResourceFactory({ token: other.access_token, tenantId: OTHER_TENANT.tenantId }),
    tester: { token: tester.access_token, tenantId: TESTER.tenantId },
  };
}
