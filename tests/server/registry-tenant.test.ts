import { beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import type { ResourceSchema } from '../../resources/types';
import { OTHER_TENANT } from './fixtures';
import { expectRefused } from './registry-expect';
import {
  fieldSites,
  isWritable,
  keyFieldOf,
  listUrl,
  openSessions,
  uniqueText,
  withValue,
  type ResourceFactory,
} from './resource-bodies';
import { call } from './client';

/** Rows of one tenant are invisible and untouchable for the other, both ways, for every tenant-scoped resource. */
const writable = resourceSchemas.filter((schema) => isWritable(schema) && schema.tenantScoped);

let admin: ResourceFactory;
let other: ResourceFactory;
beforeAll(async () => {
  ({ admin, other } = await openSessions());
});

/** `stranger` neither sees nor changes nor removes the row `owner` created. */
async function expectIsolated(schema: ResourceSchema, owner: ResourceFactory, stranger: ResourceFactory) {
  const key = keyFieldOf(schema);
  const { id, body } = await owner.create(schema);
  const stored = (await owner.detail(schema, id)).body.data;

  expect(await stranger.find(schema, key, body[key.name]), 'listed for the other tenant').toEqual([]);
  const all = await call(`${listUrl(schema)}?size=1000`, { token: stranger.token });
  expect(all.body.data.records.map((row: { id: string }) => row.id)).not.toContain(id);
  for (const row of all.body.data.records) expect(row.tenantId).toBe(stranger.session.tenantId);

  const detail = await stranger.detail(schema, id);
  expectRefused(detail, '数据不存在', 'detail of the other tenant');
  expect(detail.text).not.toContain(String(body[key.name]));

  const hijack = await stranger.submit(schema, { id, [key.name]: uniqueText('h').slice(0, key.maxLength ?? 255) });
  expect(hijack.body, hijack.text).toEqual({ code: 400, success: false, data: {}, msg: '操作失败' });
  expect(hijack.status).toBe(400);

  const removed = await stranger.remove(schema, id);
  expect(removed.body, removed.text).toEqual({ code: 400, success: false, data: {}, msg: '操作失败' });

  const intact = await owner.detail(schema, id);
  expect(intact.body.data, 'the row after the other tenant tried').toEqual(stored);
  expect((await owner.remove(schema, id)).body.code).toBe(200);
}

describe.each(writable.map((schema) => [schema.name, schema] as const))('%s: tenant isolation', (_, schema) => {
  it("tenant 000000's rows are invisible and untouchable for the second tenant", () => expectIsolated(schema, admin, other));
  it("the second tenant's rows are invisible and untouchable for tenant 000000", () => expectIsolated(schema, other, admin));

  it("refuses a ref (or tree path) to another tenant's row with '<label>不存在'", async () => {
    const body = await admin.body(schema);
    for (const site of fieldSites(schema)) {
      const { field } = site;
      const isTreeParent = schema.tree?.parentField === field.name;
      let foreign: string | undefined;
      if (field.ref && field.ref.join !== false) {
        foreign = String((isTreeParent ? await other.freshRow(field.ref.resource) : await other.sharedRow(field.ref.resource)).id);
      } else if (field.treePath) {
        foreign = await other.sharedTreePath(field.treePath.resource);
      }
      if (foreign === undefined) continue;
      const answer = await admin.submit(schema, withValue(body, site, foreign));
      expectRefused(answer, `${field.label.zh}不存在`, `${schema.name}.${field.name}=${foreign} (tenant ${OTHER_TENANT.tenantId})`);
    }
  });
});

describe('read-only resources: tenant isolation', () => {
  it("no read-only resource answers a row of the second tenant to tenant 000000", async () => {
    let checked = 0;
    for (const schema of resourceSchemas.filter((candidate) => candidate.readOnly && candidate.tenantScoped)) {
      const theirs = await call(`${listUrl(schema)}?size=5`, { token: other.token });
      for (const row of theirs.body.data.records) {
        expect(row.tenantId).toBe(OTHER_TENANT.tenantId);
        expectRefused(await admin.detail(schema, row.id), '数据不存在', `${schema.name} ${row.id}`);
        const mine = await call(`${listUrl(schema)}?size=1000`, { token: admin.token });
        expect(mine.body.data.records.map((record: { id: string }) => record.id)).not.toContain(row.id);
        checked += 1;
      }
    }
    // The fixtures give the second tenant task records: at least those were tried.
    expect(checked).toBeGreaterThan(0);
  });
});
