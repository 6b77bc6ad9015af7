import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry, resourceSchemas } from '../../resources/schemas';
import { columnOf, maskedSecretFields, SECRET_MASK, type FieldSchema, type ResourceSchema } from '../../resources/types';
import { startServer, type RunningServer } from '../../server/app';
import { call, requestToken } from './client';
import { freshDataDir } from './data-dir';
import { ADMIN_PASSWORD } from './fixtures';
import { detailUrl, isWritable, ResourceFactory, uniqueText } from './resource-bodies';

/**
 * Stored secrets (a client's secret, a datasource's password, any write-only stored field): a detail answers a fixed
 * mask where one is stored, never the value, and a submit that sends the mask back (Saber's edit forms require the
 * field, ours show it) keeps the stored secret. A server of the file's own, so the stored values can be compared.
 */
const secretsOf = (schema: ResourceSchema) => maskedSecretFields(schema);
const withSecrets = resourceSchemas.filter((schema) => isWritable(schema) && secretsOf(schema).length > 0);

let dataDir: string;
let server: RunningServer;
let admin: ResourceFactory;

beforeAll(async () => {
  dataDir = freshDataDir('blade-secret-masks-');
  server = await startServer(
    { port: 0, dataDir, databaseUrl: process.env.TEST_DATABASE_URL || undefined, adminPassword: ADMIN_PASSWORD, captcha: false },
    { resources: registry },
  );
  const token = await requestToken({ account: 'admin', password: ADMIN_PASSWORD }, { base: server.url });
  expect(token.body?.access_token, token.text).toBeDefined();
  admin = new ResourceFactory({ token: token.body.access_token, tenantId: '000000', base: server.url });
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const storedSecrets = async (schema: ResourceSchema, id: string) => {
  const columns = secretsOf(schema).map((field: FieldSchema) => `${columnOf(field)}::text AS "${field.name}"`);
  const [row] = await server.db.query<Record<string, string | null>>(`SELECT ${columns.join(', ')} FROM ${schema.table} WHERE id = $1`, [id]);
  return row;
};

it('covers the resources with secrets known today', () => {
  expect(withSecrets.map((schema) => schema.name)).toEqual(expect.arrayContaining(['client', 'datasource']));
});

describe.each(withSecrets.map((schema) => [schema.name, schema] as const))('%s: stored secrets', (_, schema) => {
  it('a detail answers the mask, never the value; sending the mask back keeps the stored secret', async () => {
    const secrets = Object.fromEntries(secretsOf(schema).map((field) => [field.name, `S3cret-${uniqueText()}`]));
    // A confirmation (a user's second password) repeats what it confirms.
    const confirmations = Object.fromEntries(
      schema.fields.filter((field) => field.rules?.sameAs && secrets[field.rules.sameAs.field]).map((field) => [field.name, secrets[field.rules!.sameAs!.field]]),
    );
    const { id } = await admin.create(schema, { ...secrets, ...confirmations });
    const before = await storedSecrets(schema, id);

    const detail = await admin.detail(schema, id);
    expect(detail.body.code, detail.text).toBe(200);
    for (const [name, value] of Object.entries(secrets)) {
      expect(detail.body.data[name], `${schema.name}.${name}`).toBe(SECRET_MASK);
      expect(detail.text, `${schema.name}.${name} never answered`).not.toContain(value);
      expect(before[name], `${schema.name}.${name} is stored`).not.toBeNull();
    }

    // What Saber's edit form sends: the detail as it was answered, mask included.
    const saved = await admin.submit(schema, detail.body.data);
    expect(saved.body, saved.text).toMatchObject({ code: 200, success: true });
    expect(await storedSecrets(schema, id)).toEqual(before);
    const again = await call(detailUrl(schema, id), { token: admin.token, base: server.url });
    for (const name of Object.keys(secrets)) expect(again.body.data[name], `${schema.name}.${name}`).toBe(SECRET_MASK);
  });
});

describe('a row without a stored secret', () => {
  it('answers no mask, so the form asks for one', async () => {
    const datasource = resourceSchemas.find((schema) => schema.name === 'datasource')!;
    const { id } = await admin.create(datasource, { password: '' });
    const detail = await admin.detail(datasource, id);
    expect(detail.body.data.password ?? null).toBeNull();
  });
});

describe("a client's secret", () => {
  it('still signs in after an edit that sent the mask back', async () => {
    const client = resourceSchemas.find((schema) => schema.name === 'client')!;
    const clientId = `mask${uniqueText()}`.slice(0, 20);
    const { id } = await admin.create(client, { clientId, clientSecret: 'Mask-secret-1', authorizedGrantTypes: 'refresh_token,password', scope: 'all' });
    const detail = await admin.detail(client, id);
    expect((await admin.submit(client, detail.body.data)).body.code).toBe(200);
    const basic = `Basic ${Buffer.from(`${clientId}:Mask-secret-1`).toString('base64')}`;
    const token = await requestToken({ account: 'admin', password: ADMIN_PASSWORD }, { base: server.url, headers: { Authorization: basic } });
    expect(token.body?.access_token, token.text).toBeDefined();
  });
});
