import { beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas, schemaByName } from '../../resources/schemas';
import type { LinkSchema, ResourceSchema } from '../../resources/types';
import { usagesOf } from '../../server/blade/crud';
import { call, login } from './client';
import { TESTER } from './fixtures';
import { expectRefused } from './registry-expect';
import { fieldSites, isWritable, keyFieldOf, openSessions, withValue, type FieldSite, type ResourceFactory } from './resource-bodies';

/**
 * Relations between resources: a row another resource points at (a ref, also from child rows) cannot be removed;
 * link tables (project members) list, add and remove their targets within the tenant, guarded by the edit button.
 */

let admin: ResourceFactory;
let other: ResourceFactory;
beforeAll(async () => {
  ({ admin, other } = await openSessions());
});

/** Every ref (top level or in child rows) from a writable resource to another removable one. */
const refCases = resourceSchemas.filter(isWritable).flatMap((owner) =>
  fieldSites(owner)
    .filter(({ field }) => field.ref && field.ref.join !== false && field.ref.resource !== owner.name)
    .map((site) => ({ owner, site, target: schemaByName(site.field.ref!.resource)! }))
    .filter(({ target }) => isWritable(target)),
);
const caseName = (owner: ResourceSchema, site: FieldSite, target: ResourceSchema) =>
  `${owner.name}.${site.child ? `${site.child.name}.` : ''}${site.field.name} → ${target.name}`;

it('there are refs between writable resources to test, and usagesOf finds each of them', () => {
  expect(refCases.length).toBeGreaterThan(0);
  for (const { owner, site, target } of refCases) {
    const table = site.child?.table ?? owner.table;
    expect(usagesOf(target, resourceSchemas), caseName(owner, site, target)).toContainEqual(
      expect.objectContaining({ table, column: site.field.column ?? site.field.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) }),
    );
  }
});

describe.each(refCases.map(({ owner, site, target }) => [caseName(owner, site, target), owner, site, target] as const))(
  '%s',
  (_, owner, site, target) => {
    it('joins the target label, and refuses to remove the target while it is referenced', async () => {
      const targetRow = await admin.freshRow(target.name);
      const body = withValue(await admin.body(owner), site, targetRow.id);
      const user = await admin.createFrom(owner, body);

      const detail = (await admin.detail(owner, user.id)).body.data;
      const holder = site.child ? (site.child.single ? detail[site.child.name] : detail[site.child.name][0]) : detail;
      expect(holder[site.field.name]).toBe(String(targetRow.id));
      expect(holder[site.field.ref!.as], `${site.field.ref!.as} joined`).toBe(targetRow[site.field.ref!.label]);

      const message = `该数据正被「${owner.title.zh}」使用，不能删除`;
      expectRefused(await admin.remove(target, targetRow.id), message, `remove ${target.name} used by ${owner.name}`);
      expect((await admin.detail(target, targetRow.id)).body.code, 'still there').toBe(200);

      expect((await admin.remove(owner, user.id)).body.code).toBe(200);
      expect((await admin.remove(target, targetRow.id)).body, 'removable once unused').toMatchObject({ code: 200, success: true });
    });
  },
);

/** The body keys of a link's calls, as the server derives them from the link's columns. */
const linkKeys = (link: LinkSchema) => ({
  parent: link.parentKey.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
  targets: `${link.targetKey.replace(/_id$/, '')}Ids`,
  target: `${link.targetKey.replace(/_id$/, '')}Id`,
});

const linkCases = resourceSchemas.flatMap((schema) => (schema.links ?? []).map((link) => [`${schema.name}.${link.name}`, schema, link] as const));

describe.each(linkCases)('%s: link table', (_, schema, link) => {
  const target = schemaByName(link.target)!;
  const keys = linkKeys(link);

  async function targets(factory: ResourceFactory, count: number) {
    if (isWritable(target)) return Promise.all(Array.from({ length: count }, () => factory.freshRow(target.name)));
    return factory.existingRows(target, count);
  }
  const listLinks = async (token: string, parentId: string) => call(`${link.endpoints.list}?${keys.parent}=${parentId}`, { token });

  it('saves two targets, lists them with their labels, removes one', async () => {
    const parent = await admin.create(schema);
    const [a, b] = await targets(admin, 2);
    const saved = await call(link.endpoints.save, { token: admin.token, json: { [keys.parent]: parent.id, [keys.targets]: [a.id, b.id] } });
    expect(saved.body, saved.text).toMatchObject({ code: 200, success: true });
    // Saving an existing pair again adds nothing.
    await call(link.endpoints.save, { token: admin.token, json: { [keys.parent]: parent.id, [keys.targets]: [a.id] } });

    const listed = await listLinks(admin.token, parent.id);
    expect(listed.body.code, listed.text).toBe(200);
    const records = listed.body.data as Record<string, any>[];
    expect(records.map((row) => row[keys.target]).sort()).toEqual([a.id, b.id].sort());
    for (const row of records) {
      const source = row[keys.target] === a.id ? a : b;
      for (const column of link.columns) expect(row, `${link.name} column ${column}`).toHaveProperty(column);
      for (const column of link.columns.filter((name) => Object.hasOwn(source, name))) expect(row[column], column).toEqual(source[column]);
      expect(row.linkId).toMatch(/^\d+$/);
    }

    const linkOfA = records.find((row) => row[keys.target] === a.id)!.linkId;
    const removed = await call(link.endpoints.remove, { token: admin.token, json: { ids: [linkOfA] } });
    expect(removed.body, removed.text).toMatchObject({ code: 200, success: true });
    expect((await listLinks(admin.token, parent.id)).body.data.map((row: Record<string, string>) => row[keys.target])).toEqual([b.id]);
  });

  it('saves a new record with the targets picked before its first save, shown as the list shows them', async () => {
    const [a, b] = await targets(admin, 2);
    const details = await call(link.endpoints.details, { token: admin.token, json: { [keys.targets]: [a.id, b.id] } });
    expect(details.body, details.text).toMatchObject({ code: 200, success: true });
    for (const row of details.body.data) for (const column of link.columns) expect(row, `${link.endpoints.details} ${column}`).toHaveProperty(column);
    const parent = await admin.create(schema, { [link.name]: [{ [keys.target]: a.id }, { [keys.target]: b.id }] });
    const listed = (await listLinks(admin.token, parent.id)).body.data as Record<string, any>[];
    expect(listed.map((row) => row[keys.target]).sort()).toEqual([a.id, b.id].sort());

    // The record is not saved when a picked target is not the caller's.
    const [theirs] = await targets(other, 1);
    const body = await admin.body(schema, { [link.name]: [{ [keys.target]: theirs.id }] });
    expectRefused(await admin.submit(schema, body), `${target.title.zh}不存在`, 'target of the other tenant on create');
    const key = keyFieldOf(schema);
    expect(await admin.find(schema, key, body[key.name]), 'nothing saved').toHaveLength(0);
  });

  it("refuses a target or a parent of another tenant, and the other tenant cannot read or remove the links", async () => {
    const parent = await admin.create(schema);
    const [mine] = await targets(admin, 1);
    const [theirs] = await targets(other, 1);
    const foreignTarget = await call(link.endpoints.save, { token: admin.token, json: { [keys.parent]: parent.id, [keys.targets]: [theirs.id] } });
    expectRefused(foreignTarget, `${target.title.zh}不存在`, 'target of the other tenant');

    await call(link.endpoints.save, { token: admin.token, json: { [keys.parent]: parent.id, [keys.targets]: [mine.id] } });
    const foreignParent = await call(link.endpoints.save, { token: other.token, json: { [keys.parent]: parent.id, [keys.targets]: [theirs.id] } });
    expectRefused(foreignParent, '数据不存在', 'parent of the other tenant');
    expect((await listLinks(other.token, parent.id)).body.data).toEqual([]);

    const [link0] = (await listLinks(admin.token, parent.id)).body.data;
    const removed = await call(link.endpoints.remove, { token: other.token, json: { ids: [link0.linkId] } });
    expect(removed.body).toMatchObject({ code: 400, success: false });
    expect((await listLinks(admin.token, parent.id)).body.data).toHaveLength(1);
  });

  it(`needs the ${schema.permissionCode}_edit button to change links`, async () => {
    const parent = await admin.create(schema);
    const [a] = await targets(admin, 1);
    // The tester with only its notice-reader role: no screen of this resource at all.
    const narrowed = await narrowTester('notice_reader');
    const save = await call(link.endpoints.save, { token: narrowed, json: { [keys.parent]: parent.id, [keys.targets]: [a.id] } });
    expect({ status: save.status, msg: save.body?.msg }).toEqual({ status: 403, msg: '请求被拒绝' });
    const remove = await call(link.endpoints.remove, { token: narrowed, json: { ids: ['1'] } });
    expect(remove.status).toBe(403);
    expect((await listLinks(narrowed, parent.id)).status).toBe(403);
    // With both roles it holds the edit button (the `user` role grants add, edit and view).
    const full = (await login(TESTER)).access_token;
    expect((await call(link.endpoints.save, { token: full, json: { [keys.parent]: parent.id, [keys.targets]: [a.id] } })).body.code).toBe(200);
  });
});

/** A token of the tester switched to one of its roles (refresh grant with `Role-Id`), as the role switch does. */
async function narrowTester(roleAlias: string): Promise<string> {
  const session = await login(TESTER);
  const roles = (await call(`/api/blade-system/role/select?userId=${session.user_id}`, { token: session.access_token })).body.data;
  const role = roles.find((candidate: { roleAlias: string }) => candidate.roleAlias === roleAlias);
  const query = new URLSearchParams({ tenantId: '000000', scope: 'all', grant_type: 'refresh_token', refresh_token: session.refresh_token });
  const switched = await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { 'Tenant-Id': '000000', 'Role-Id': role.id } });
  if (!switched.body?.access_token) throw new Error(`role switch failed: ${switched.text}`);
  return switched.body.access_token;
}
