import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin } from '../server/client';
import { OTHER_TENANT, TESTER } from '../server/fixtures';
import { readerCodesOf } from '../../server/blade/mount';
import { resourceSchemas } from '../../resources/schemas';
import { operationCode, SECRET_MASK } from '../../resources/types';
import { creatable, declares, keyField, operationsOf, schemas, validBody, writableFields } from './registry';
import { bodyFor, createRow, detailOf, isServerFailure } from './support';

let admin: string;
let otherAdmin: string;
let tester: string;
let testerCodes: Set<string>;

beforeAll(async () => {
  admin = await loginAdmin();
  otherAdmin = (await login(OTHER_TENANT)).access_token;
  tester = (await login(TESTER)).access_token;
  const buttons: { code: string; children?: { code: string }[] }[] = (await call('/api/blade-system/menu/buttons', { token: tester })).body.data;
  const routes: { code: string; children?: unknown[] }[] = (await call('/api/blade-system/menu/routes', { token: tester })).body.data;
  const walk = (nodes: { code: string; children?: unknown[] }[]): string[] =>
    nodes.flatMap((node) => [node.code, ...walk((node.children ?? []) as { code: string; children?: unknown[] }[])]);
  testerCodes = new Set([...walk(buttons), ...walk(routes)]);
});

const stamp = () => `sec${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

describe.each(schemas.map((schema) => [schema.name, schema] as const))('resource %s', (_name, schema) => {
  const operations = operationsOf(schema);

  describe.runIf(schema.tenantScoped)('tenant isolation, both ways', () => {
    for (const [ownerName, readerName] of [
      ['000000', '100001'],
      ['100001', '000000'],
    ] as const) {
      it(`tenant ${readerName} can neither see nor change a row of tenant ${ownerName}`, async () => {
        const owner = ownerName === '000000' ? admin : otherAdmin;
        const reader = ownerName === '000000' ? otherAdmin : admin;
        // A schema without a submit or a text key cannot be seeded through the API: nothing to cross.
        if (!creatable(schema) || !keyField(schema)) return;
        const id = (await createRow(schema, owner, stamp()))!;
        expect(id, 'the owner could create a row').toBeTruthy();
        const listed = await call(`${operations.list}?size=200`, { token: reader });
        expect((listed.body.data?.records ?? []).map((row: { id: string }) => row.id)).not.toContain(id);
        const read = await detailOf(schema, reader, id);
        expect(read.body?.data?.id).not.toBe(id);

        if (operations.submit && declares(schema, 'edit')) {
          const key = keyField(schema)!;
          const before = (await detailOf(schema, owner, id)).body.data?.[key.name];
          await call(operations.submit, { token: reader, json: { ...(await bodyFor(schema, reader, stamp())), id } });
          const after = await detailOf(schema, owner, id);
          expect(after.body.data?.id).toBe(id);
          expect(after.body.data?.[key.name]).toBe(before);
        }
        if (operations.remove) {
          const removed = await call(`${operations.remove}?ids=${id}`, { method: 'POST', token: reader });
          expect(removed.body.success).not.toBe(true);
          expect((await detailOf(schema, owner, id)).body.data?.id).toBe(id);
        }
      });
    }
  });

  it('refuses with 403 every operation the role lacks, and only those', async () => {
    // Readers: the screen's own code or the screen of any resource that picks its rows (the server's own rule).
    const mayOpen = readerCodesOf(schema, resourceSchemas).some(
      (reader) => testerCodes.has(reader) || [...testerCodes].some((held) => held.startsWith(`${reader}_`)),
    );
    const holds = (alias: string) => declares(schema, alias) && testerCodes.has(operationCode(schema, alias));
    const expectations: [string, Promise<{ status: number }>, boolean][] = [
      ['list', call(`${operations.list}`, { token: tester }), mayOpen],
      ['detail', call(`${operations.detail}?id=1`, { token: tester }), mayOpen],
    ];
    if (operations.submit) {
      expectations.push(['add', call(operations.submit, { token: tester, json: { ...validBody(schema, stamp()) } }), holds('add')]);
      expectations.push(['edit', call(operations.submit, { token: tester, json: { ...validBody(schema, stamp()), id: '1' } }), holds('edit')]);
    }
    if (operations.remove) {
      expectations.push(['remove', call(`${operations.remove}?ids=1`, { method: 'POST', token: tester }), holds('delete')]);
    }
    for (const [operation, answer, allowed] of expectations) {
      const { status } = await answer;
      if (allowed) expect(status, operation).not.toBe(403);
      else expect(status, operation).toBe(403);
    }
  });

  it('treats injection in filter keys, suffixes, sort keys, ids and body fields as data, never as SQL', async () => {
    const injections = ["' OR '1'='1", "1; DROP TABLE blade_user; --", "\\' UNION SELECT password FROM blade_user --", '%', '\u0000'];
    const field = keyField(schema);
    const queries = [
      ...injections.map((value) => `${field?.name ?? 'id'}=${encodeURIComponent(value)}`),
      ...injections.map((value) => `${encodeURIComponent(`${field?.name ?? 'id'}${value}`)}=x`),
      `${field?.name ?? 'id'}_nosuchsuffix=1`,
      `${field?.name ?? 'id'}_equal'--=1`,
      ...injections.map((value) => `descs=${encodeURIComponent(value)}`),
      ...injections.map((value) => `ascs=${encodeURIComponent(`create_time,${value}`)}`),
      'current=-1&size=99999999',
      "current=1'&size=abc",
    ];
    for (const query of queries) {
      const answer = await call(`${operations.list}?${query}`, { token: admin });
      expect(isServerFailure(answer), query).toBe(false);
      expect(answer.text, query).not.toMatch(/\$2[aby]\$/);
    }
    for (const value of injections) {
      const detail = await detailOf(schema, admin, value);
      expect(isServerFailure(detail), value).toBe(false);
      if (operations.remove) {
        const removed = await call(`${operations.remove}?ids=${encodeURIComponent(value)}`, { method: 'POST', token: admin });
        expect(isServerFailure(removed), value).toBe(false);
      }
    }
    const full = creatable(schema) ? await bodyFor(schema, admin, stamp()) : undefined;
    if (operations.submit && field && full) {
      const tag = stamp();
      const body = { ...full, [field.name]: `${tag}'); DROP TABLE blade_user; --`.slice(0, field.maxLength ?? 255) };
      const saved = await call(operations.submit, { token: admin, json: body });
      expect(isServerFailure(saved)).toBe(false);
      const found = await call(`${operations.list}?${new URLSearchParams({ [`${field.name}_equal`]: String(body[field.name]) })}`, { token: admin });
      if (saved.body.success) expect(found.body.data.records[0]?.[field.name]).toBe(body[field.name]);
    }
    expect((await call('/api/blade-system/param/list', { token: admin })).body.code).toBe(200);
  });

  it.runIf(operations.submit)('answers oversized, malformed, wrong-type and wrong-content-type bodies, never with a 500', async () => {
    const submit = operations.submit!;
    const bodies: [string, Parameters<typeof call>[1]][] = [
      ['not JSON', { token: admin, body: '{"a":' }],
      ['empty', { token: admin, body: '' }],
      ['array', { token: admin, body: '[1,2,3]' }],
      ['number', { token: admin, body: '42' }],
      ['null', { token: admin, body: 'null' }],
      ['deep nesting', { token: admin, body: `${'['.repeat(5000)}${']'.repeat(5000)}` }],
      ['text/plain', { token: admin, body: JSON.stringify(validBody(schema, stamp())), headers: { 'Content-Type': 'text/plain' } }],
      ['form', { token: admin, body: 'a=1&b=2', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }],
      ['oversized', { token: admin, body: JSON.stringify({ big: 'x'.repeat(3 * 1024 * 1024) }) }],
    ];
    for (const field of writableFields(schema)) {
      for (const wrong of [{ nested: true }, [1, 2], 'not-a-number-Ω', 1e308, -1, true, 'x'.repeat((field.maxLength ?? 255) + 1)]) {
        bodies.push([`${field.name}=${JSON.stringify(wrong).slice(0, 20)}`, { token: admin, json: { ...validBody(schema, stamp()), [field.name]: wrong } }]);
      }
    }
    for (const [label, options] of bodies) {
      const answer = await call(submit, options);
      expect(isServerFailure(answer), label).toBe(false);
      expect(answer.body?.code, label).toBeTypeOf('number');
    }
    expect((await call('/api/blade-auth/oauth/captcha')).status).toBe(200);
  });

  it('never answers a password hash, key or secret', async () => {
    const listed = await call(`${operations.list}?size=200`, { token: admin });
    const id = listed.body.data?.records?.[0]?.id;
    const texts = [listed.text, id ? (await detailOf(schema, admin, id)).text : ''];
    for (const text of texts) {
      expect(text).not.toMatch(/\$2[aby]\$\d\d\$/);
      // A stored secret is answered as the mask (or null) only: its name may appear with nothing else.
      const unmasked = text.replaceAll(new RegExp(`"\\w+":(null|"${SECRET_MASK.replace(/\*/g, '\\*')}")`, 'g'), '');
      expect(unmasked).not.toMatch(/client_?secret|jwt_sign_key|private_?key/i);
    }
  });
});
