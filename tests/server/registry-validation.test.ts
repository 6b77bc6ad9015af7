import { beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import type { ResourceSchema } from '../../resources/types';
import { holdsSeveral, ruleMessages } from '../../resources/validation';
import { expectRefused } from './registry-expect';
import { call } from './client';
import { fieldSites, submitUrl, isWritable, openSessions, valueAt, withValue, type FieldSite, type ResourceFactory } from './resource-bodies';

/**
 * Every message of the validation vocabulary, answered by the server exactly as `resources/validation.ts` words it,
 * for every field of every writable resource (child-row fields included). Each case sends an otherwise valid body.
 */
const writable = resourceSchemas.filter(isWritable);

let admin: ResourceFactory;
const validBodies = new Map<string, Record<string, unknown>>();
beforeAll(async () => {
  admin = (await openSessions()).admin;
  for (const schema of writable) validBodies.set(schema.name, await admin.body(schema));
});

const where = (schema: ResourceSchema, site: FieldSite) =>
  `${schema.name}.${site.child ? `${site.child.name}.` : ''}${site.field.name}`;

/** Submits the valid body of `schema` with `value` at `site`; the server must refuse it with exactly `message`. */
async function expectMessage(schema: ResourceSchema, site: FieldSite, value: unknown, message: string) {
  const body = withValue(validBodies.get(schema.name)!, site, value);
  expectRefused(await admin.submit(schema, body), message, `${where(schema, site)}=${JSON.stringify(value)}`);
}

const sitesOf = (schema: ResourceSchema, keep: (site: FieldSite) => boolean) => fieldSites(schema).filter(keep);
const isText = (site: FieldSite) => site.field.type === 'string' || site.field.type === 'text';

describe.each(writable.map((schema) => [schema.name, schema] as const))('%s: validation messages', (_, schema) => {
  it('the valid body itself is accepted (the cases below differ from it in one field)', async () => {
    // Inserting it would make later unique values clash: check it against an update of a new row instead.
    const row = await admin.create(schema);
    // Fields written on insert only are left out of an update.
    const update = Object.fromEntries(
      Object.entries(validBodies.get(schema.name)!).filter(([name]) => !schema.fields.some((field) => field.name === name && field.immutable)),
    );
    const answer = await admin.submit(schema, { ...update, id: row.id });
    expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
    await admin.remove(schema, row.id);
  });

  it('answers the required message of each required field, when absent and when empty', async () => {
    const required = sitesOf(schema, (site) => site.field.required !== undefined);
    for (const site of required) {
      let body = validBodies.get(schema.name)!;
      const when = site.field.rules?.requiredWhen;
      if (when) body = withValue(body, { field: { ...site.field, name: when.field }, child: site.child }, when.equals);
      const message = ruleMessages.required(site.field);
      // An absent key takes the field's default; sent empty, it is refused all the same.
      for (const value of site.field.defaultValue === undefined ? [undefined, '', null] : ['', null]) {
        const answer = await admin.submit(schema, withValue(body, site, value));
        expectRefused(answer, message, `${where(schema, site)}=${JSON.stringify(value)}`);
      }
    }
  });

  it('refuses to clear a required field on update', async () => {
    // A write-only value left empty on update keeps the stored one (a password is not cleared by an edit).
    const required = sitesOf(schema, (site) => site.field.required !== undefined && !site.child && !site.field.writeOnly);
    if (required.length === 0) return;
    const { id } = await admin.create(schema);
    for (const site of required) {
      // A field required only when another has some value is cleared with that value sent beside it.
      const when = site.field.rules?.requiredWhen;
      const condition = when ? { [when.field]: when.equals } : {};
      expectRefused(await admin.submit(schema, { id, ...condition, [site.field.name]: '' }), ruleMessages.required(site.field), where(schema, site));
    }
    await admin.remove(schema, id);
  });

  it('answers the not-before, IP, not-blank and maximum-length messages', async () => {
    for (const site of fieldSites(schema)) {
      const { field } = site;
      const rules = field.rules ?? {};
      if (rules.notBefore) {
        const other = [...schema.fields, ...(site.child?.fields ?? [])].find((candidate) => candidate.name === rules.notBefore)!;
        const body = validBodies.get(schema.name)!;
        const otherSite = { field: other, child: site.child };
        const later = field.type === 'date' ? '2024-06-02' : '2024-06-02 10:00:00';
        const earlier = field.type === 'date' ? '2024-06-01' : '2024-06-01 10:00:00';
        const answer = await admin.submit(schema, withValue(withValue(body, otherSite, later), site, earlier));
        expectRefused(answer, ruleMessages.notBefore(field, other), `${where(schema, site)} before ${other.name}`);
      }
      if (rules.ip) {
        for (const bad of ['10.1.2', '256.1.1.1', 'localhost', '10.1.2.3; rm']) await expectMessage(schema, site, bad, ruleMessages.ip(field));
      }
      if (rules.notBlank) await expectMessage(schema, site, '   ', ruleMessages.notBlank(field));
      if (rules.code) for (const bad of ['a b', 'a:b', "x'--"]) await expectMessage(schema, site, bad, ruleMessages.code(field));
      if (rules.prefix) await expectMessage(schema, site, 'file:///etc/passwd', ruleMessages.prefix(field, rules.prefix));
      if (field.maxLength !== undefined && isText(site) && !field.ref && !field.treePath && !field.dict) {
        await expectMessage(schema, site, 'x'.repeat(field.maxLength + 1), ruleMessages.maxLength(field, field.maxLength));
      }
    }
  });

  it('refuses a value outside each dictionary or options field naming it, each of a comma list; empty stays allowed', async () => {
    const choices = sitesOf(schema, (site) => site.field.dict !== undefined || site.field.options !== undefined);
    for (const site of choices) {
      const { field } = site;
      const numeric = field.type === 'int' || field.type === 'number';
      const outside = numeric ? 987654 : 'zz_not_an_item';
      await expectMessage(schema, site, outside, ruleMessages.choice(field, String(outside)));
      if (holdsSeveral(field)) {
        const valid = valueAt(validBodies.get(schema.name)!, site);
        await expectMessage(schema, site, `${valid},${outside}`, ruleMessages.choice(field, String(outside)));
      }
    }
    // No item of a dictionary is refused as outside it (another rule may still ask for more: a custom data scope's
    // value), and a field that is not required may be left empty.
    const optional = choices.filter((site) => !site.child && !site.field.required && !site.field.rules?.requiredWhen);
    const dictionaries = choices.filter((site) => !site.child && site.field.dict);
    if (optional.length + dictionaries.length === 0) return;
    const { id } = await admin.create(schema);
    for (const site of dictionaries) {
      const { code, biz } = site.field.dict!;
      for (const item of await admin.dictItems(code, biz)) {
        const value = site.field.type === 'int' || site.field.type === 'number' ? Number(item.dictKey) : item.dictKey;
        const answer = await admin.submit(schema, { id, [site.field.name]: value });
        expect(answer.body?.msg, `${where(schema, site)}=${item.dictKey}: ${answer.text}`).not.toBe(ruleMessages.choice(site.field, String(value)));
        expect(answer.status, answer.text).not.toBe(500);
      }
    }
    for (const site of optional) {
      const answer = await admin.submit(schema, { id, [site.field.name]: '' });
      expect(answer.body, `${where(schema, site)} empty: ${answer.text}`).toMatchObject({ code: 200, success: true });
      // A number left empty comes back as -1 (Blade's null on the wire), and an edit sends that back unchanged.
      if (site.field.type === 'int' || site.field.type === 'number') {
        const again = await admin.submit(schema, { id, [site.field.name]: -1 });
        expect(again.body, `${where(schema, site)} -1: ${again.text}`).toMatchObject({ code: 200, success: true });
      }
    }
    await admin.remove(schema, id);
  });

  it('answers a value of the wrong type with 400 naming the field, never 500', async () => {
    const wrong: Record<string, unknown[]> = {
      string: [{ nested: true }, ['a']],
      text: [{ nested: true }],
      int: ['abc', 1.5, { n: 1 }, 99999999999],
      number: ['abc', { n: 1 }],
      id: ['abc', -1, { id: 1 }],
      date: ['2024-13-45', 20240101, { d: 1 }],
      datetime: ['yesterday', { d: 1 }],
    };
    for (const site of fieldSites(schema)) {
      for (const value of wrong[site.field.type]) {
        const answer = await admin.submit(schema, withValue(validBodies.get(schema.name)!, site, value));
        expectRefused(answer, ruleMessages.format(site.field), `${where(schema, site)}=${JSON.stringify(value)}`);
      }
    }
    for (const child of schema.children ?? []) {
      const answer = await admin.submit(schema, { ...validBodies.get(schema.name), [child.name]: child.single ? ['x'] : 'x' });
      expect(answer.status, `${child.name} of the wrong shape: ${answer.text}`).toBe(400);
    }
    for (const body of ['[]', '"text"', '{', 'null', '']) {
      const answer = await call(submitUrl(schema), { token: admin.token, body });
      expect({ status: answer.status, code: answer.body?.code }, `body ${JSON.stringify(body)}: ${answer.text}`).toEqual({ status: 400, code: 400 });
    }
  });
});
