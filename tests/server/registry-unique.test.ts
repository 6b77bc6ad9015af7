import { beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import { expectRefused } from './registry-expect';
import { isWritable, openSessions, writableFields, type ResourceFactory } from './resource-bodies';

/** Fields declared `unique`: unique per tenant among live rows, with the field's own message. */
const cases = resourceSchemas
  .filter(isWritable)
  .flatMap((schema) => writableFields(schema.fields).filter((field) => field.unique).map((field) => [`${schema.name}.${field.name}`, schema, field] as const));

let admin: ResourceFactory;
let other: ResourceFactory;
beforeAll(async () => {
  ({ admin, other } = await openSessions());
});

it('there are unique fields to test', () => {
  expect(cases.length).toBeGreaterThan(0);
});

describe.each(cases)('%s: unique', (_, schema, field) => {
  it('refuses a second live row with the same value in the tenant, accepts it in the other tenant and after removal', async () => {
    const first = await admin.create(schema);
    const value = first.body[field.name];
    const duplicate = await admin.submit(schema, await admin.body(schema, { [field.name]: value }));
    expectRefused(duplicate, field.unique!, `second ${field.name}=${value}`);

    // Saving the row itself with its own value is no clash.
    expect((await admin.submit(schema, { id: first.id, [field.name]: value })).body.code).toBe(200);
    // Nor is changing another row to a free value, but changing it to the taken one is (a field written on insert
    // only refuses any change).
    const second = await admin.create(schema);
    const onto = await admin.submit(schema, { id: second.id, [field.name]: value });
    expectRefused(onto, field.immutable ? `${field.label.zh}不可修改` : field.unique!, 'update onto a taken value');

    // Per tenant: the other tenant may use the value. Rows shared by every tenant (menus, regions, tenants, clients)
    // are unique overall, and only tenant 000000 writes them.
    // (Other tenants cannot even ask for the options of an administrator-tenant screen: nothing to try there.)
    if (!schema.adminTenantOnly) {
      const elsewhere = await other.submit(schema, await other.body(schema, { [field.name]: value }));
      if (schema.tenantScoped) expect(elsewhere.body, elsewhere.text).toMatchObject({ code: 200, success: true });
      else expect(elsewhere.body?.success, elsewhere.text).toBe(false);
    }

    expect((await admin.remove(schema, first.id)).body.code).toBe(200);
    const again = await admin.submit(schema, await admin.body(schema, { [field.name]: value }));
    expect(again.body, `the value is free again after removal: ${again.text}`).toMatchObject({ code: 200, success: true });
  });
});
