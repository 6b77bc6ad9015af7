import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateResource, withRegistryLine, type GeneratedResource, type GenerationConfig, type GenerationModel } from '../../resources/code/generator';
import { sharedDictionaries } from '../../resources/dictionaries';
import { apiLogSchema } from '../../resources/apilog/schema';
import { operationLogSchema } from '../../resources/operationlog/schema';
import { usualLogSchema } from '../../resources/usuallog/schema';
import { paramSchema } from '../../resources/param/schema';
import { jobServerSchema } from '../../resources/jobserver/schema';
import { jobInfoSchema } from '../../resources/jobinfo/schema';
import { userSchema } from '../../resources/user/schema';
import { createRegistry } from '../../resources/registry';
import type { ResourceSchema } from '../../resources/types';
import { defaultPrototype, embeddedCatalogue } from '../../resources/model/catalogue';
import { startServer, type RunningServer } from '../../server/app';
import { openDb } from '../../server/db/open';
import { runContract } from '../contract-kit/kit';
import { call, md5 } from './client';
import { freshDataDir } from './data-dir';

/**
 * CI's proof that 代码生成's output is a working resource folder, for each template: generated from sample tables of
 * a database's catalogue, unzipped into a temporary copy of `resources/` (the repository is not touched), typechecked
 * and linted there, its migration applied to an empty database, then served by a server whose registry holds it, and
 * checked by the contract kit's registry checks (menus, list, detail, add, edit, remove of every resource).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'Generated-admin1';
const run = promisify(execFile);

const SAMPLE_TABLES = `
  CREATE TABLE demo_gadget (id bigint PRIMARY KEY, gadget_code varchar(32) NOT NULL, gadget_name varchar(64), weight integer, bought_on date,
    sex integer, remark text, tenant_id varchar(12), create_time timestamp, is_deleted integer);
  COMMENT ON COLUMN demo_gadget.gadget_code IS '编号';
  COMMENT ON COLUMN demo_gadget.gadget_name IS '名称';
  COMMENT ON COLUMN demo_gadget.sex IS '性别';
  CREATE TABLE demo_order (id bigint PRIMARY KEY, order_no varchar(32) NOT NULL, amount numeric, ordered_at timestamp);
  CREATE TABLE demo_order_line (id bigint PRIMARY KEY, order_id bigint NOT NULL, product varchar(64) NOT NULL, quantity integer);
  CREATE TABLE demo_category (id bigint PRIMARY KEY, parent_id bigint, category_name varchar(64) NOT NULL, sort integer);
`;

let sourceDir: string;
let servedDir: string;
let workDir: string;
let server: RunningServer | undefined;
const generated: GeneratedResource[] = [];

async function modelOf(catalogueDb: Awaited<ReturnType<typeof openDb>>, table: string, code: string): Promise<GenerationModel> {
  const columns = (await embeddedCatalogue(catalogueDb).columns(table)).map(defaultPrototype);
  // What 模型配置 would set: a dictionary and a search on the gadget's columns.
  for (const column of columns) {
    if (column.jdbcName === 'sex') Object.assign(column, { componentType: 'select', dictCode: 'sex', isQuery: 1, queryType: 'equal' });
    if (column.jdbcName === 'gadget_name' || column.jdbcName === 'order_no') Object.assign(column, { isQuery: 1, queryType: 'like' });
  }
  return { modelTable: table, modelClass: code.charAt(0).toUpperCase() + code.slice(1), modelName: `${code}模型`, modelCode: code, columns };
}

beforeAll(async () => {
  sourceDir = freshDataDir('blade-generated-source-');
  const catalogueDb = await openDb({ dataDir: sourceDir });
  await catalogueDb.exec(SAMPLE_TABLES);
  const base = { tablePrefix: 'demo_', pkName: 'id', serviceName: 'blade-demo', author: 'BladeX', parentMenu: { code: 'test', path: '/test' } };
  const configs: GenerationConfig[] = [
    { ...base, codeName: '小工具', tableName: 'demo_gadget', templateType: 'crud', model: await modelOf(catalogueDb, 'demo_gadget', 'gadget') },
    {
      ...base,
      codeName: '订单',
      tableName: 'demo_order',
      templateType: 'sub',
      model: await modelOf(catalogueDb, 'demo_order', 'order'),
      subModel: await modelOf(catalogueDb, 'demo_order_line', 'orderLine'),
      subFkId: 'order_id',
    },
    {
      ...base,
      codeName: '分类',
      tableName: 'demo_category',
      templateType: 'tree',
      model: await modelOf(catalogueDb, 'demo_category', 'category'),
      treePid: 'parent_id',
      treeName: 'category_name',
    },
  ];
  await catalogueDb.close();
  configs.forEach((config, index) => generated.push(generateResource(config, 900 + index)));

  // A temporary copy of the registry's folder: the product's types beside the generated folders.
  workDir = mkdtempSync(join(tmpdir(), 'blade-generated-tree-'));
  mkdirSync(join(workDir, 'resources'));
  for (const file of ['types.ts', 'operations.ts']) symlinkSync(join(ROOT, 'resources', file), join(workDir, 'resources', file));
  for (const resource of generated) {
    for (const file of resource.files) {
      mkdirSync(dirname(join(workDir, file.path)), { recursive: true });
      writeFileSync(join(workDir, file.path), file.content);
    }
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  for (const dir of [sourceDir, servedDir, workDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

it('generates one folder, one migration and one registry line per template', () => {
  expect(generated.map((resource) => resource.files.map((file) => file.path))).toEqual([
    ['resources/gadget/schema.ts', 'server/db/migrations/900_gadget.sql'],
    ['resources/order/schema.ts', 'server/db/migrations/901_order.sql'],
    ['resources/category/schema.ts', 'server/db/migrations/902_category.sql'],
  ]);
  expect(generated.map((resource) => resource.registry.importLine)).toEqual([
    "import { gadgetSchema } from './gadget/schema';",
    "import { orderSchema } from './order/schema';",
    "import { categorySchema } from './category/schema';",
  ]);
  // Its registry line: the import among the imports, the entry at the end of the list.
  const registrySource = readFileSync(join(ROOT, 'resources/schemas.ts'), 'utf8');
  const registered = withRegistryLine(registrySource, generated[0].registry);
  expect(registered).toMatch(/\nimport \{ gadgetSchema \} from '\.\/gadget\/schema';\n[\s\S]*export const resourceSchemas[\s\S]*\n  gadgetSchema,\n\];/);
  expect(withRegistryLine(registered, generated[0].registry)).toBe(registered);
});

it('typechecks and lints the generated folders', async () => {
  writeFileSync(
    join(workDir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true, types: [] }, include: ['resources/*/schema.ts'] }),
  );
  await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(workDir, 'tsconfig.json')], { cwd: workDir });
  await run(join(ROOT, 'node_modules/.bin/oxlint'), ['--deny-warnings', ...generated.map((resource) => join(workDir, 'resources', resource.name))], { cwd: ROOT });
}, 120_000);

it('serves the generated resources from their migrations and passes the registry checks', async () => {
  const schemas: ResourceSchema[] = [];
  for (const resource of generated) {
    const module = (await import(pathToFileURL(join(workDir, 'resources', resource.name, 'schema.ts')).href)) as Record<string, ResourceSchema>;
    schemas.push(module[resource.schemaConst]);
  }
  expect(schemas.find((schema) => schema.name === 'order')?.children?.[0]).toMatchObject({ table: 'demo_order_line', parentKey: 'order_id' });
  expect(schemas.find((schema) => schema.name === 'category')?.tree).toEqual({ parentField: 'parentId', labelField: 'categoryName' });

  // The migrations on an empty database: the server then checks every declared column against them.
  servedDir = freshDataDir('blade-generated-served-');
  const db = await openDb({ dataDir: servedDir });
  for (const resource of generated) await db.exec(resource.files.find((file) => file.path.endsWith('.sql'))!.content);
  await db.close();

  // Beside them the tables the machinery itself writes (its logs, the scheduler's jobs and the users those alert).
  const registry = createRegistry([paramSchema, operationLogSchema, apiLogSchema, usualLogSchema, jobServerSchema, jobInfoSchema, userSchema, ...schemas], { dictionaries: sharedDictionaries });
  server = await startServer({ port: 0, dataDir: servedDir, adminPassword: PASSWORD, captcha: false, scheduler: false }, { resources: registry });
  const contract = await runContract({ gateway: server.url, tenantId: '000000', account: 'admin', password: PASSWORD, registry, write: true });
  const generatedChecks = contract.checks.filter((check) => ['gadget', 'order', 'category'].includes(check.group));
  for (const name of ['gadget', 'order', 'category']) {
    const ok = generatedChecks.filter((check) => check.group === name && check.outcome === 'ok').map((check) => check.name);
    expect(ok, name).toEqual(expect.arrayContaining(['list', 'submit', 'update', 'detail (updated)', 'remove', 'removed row gone']));
  }
  const failed = contract.checks.filter((check) => check.outcome === 'differs' || check.outcome === 'missing');
  expect(failed.map((check) => `${check.group} ${check.name}: ${check.details.join('; ')}`)).toEqual([]);
  // Each shows in the menu under the parent its config names.
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(PASSWORD), grant_type: 'password', scope: 'all', type: 'account' });
  const token = (await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { 'Tenant-Id': '000000' }, base: server.url })).body.access_token;
  type Node = { code: string; name: string; path: string; children?: Node[] };
  const test = ((await call('/api/blade-system/menu/routes', { token, base: server.url })).body.data as Node[]).find((menu) => menu.code === 'test');
  expect(test?.children?.map((menu) => [menu.code, menu.name, menu.path])).toEqual(
    expect.arrayContaining([
      ['gadget', '小工具', '/test/gadget'],
      ['order', '订单', '/test/order'],
      ['category', '分类', '/test/category'],
    ]),
  );
}, 300_000);
