import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registry } from '../../resources/schemas';
import { startServer, type RunningServer } from '../../server/app';
import { SEED_IDS } from '../../server/db/seed';
import { call, md5 } from './client';
import { freshDataDir } from './data-dir';

/**
 * `gen-code-fast` on a development server (`npm run dev` hands the server its working tree): the folder, the
 * migration and the registry line are written into that tree. Here the tree is a temporary copy of the registry file.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PASSWORD = 'Dev-codegen-admin1';
const DEVELOP = '/api/blade-develop';
let dataDir: string;
let tree: string;
let server: RunningServer;
let admin: string;

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'blade-dev-tree-'));
  mkdirSync(join(tree, 'resources'));
  copyFileSync(join(ROOT, 'resources/schemas.ts'), join(tree, 'resources/schemas.ts'));
  dataDir = freshDataDir('blade-dev-codegen-');
  server = await startServer({ port: 0, dataDir, adminPassword: PASSWORD, captcha: false, scheduler: false, sourceTree: tree }, { resources: registry });
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(PASSWORD), grant_type: 'password', scope: 'all', type: 'account' });
  admin = (await call(`/api/blade-auth/oauth/token?${query}`, { method: 'POST', headers: { 'Tenant-Id': '000000' }, base: server.url })).body.access_token;
}, 180_000);

afterAll(async () => {
  await server?.close();
  for (const dir of [dataDir, tree]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, json?: unknown) => call(path, { method: 'POST', token: admin, json, base: server.url });
const get = (path: string) => call(path, { token: admin, base: server.url });

it('writes the generated folder, its migration and its registry line into the working tree', async () => {
  const model = await post(`${DEVELOP}/model/submit`, { datasourceId: SEED_IDS.embeddedDatasource, modelTable: 'blade_notice', modelClass: 'Bulletin', modelName: '公告', modelCode: 'bulletin' });
  expect(model.body.code, model.text).toBe(200);
  const tool = (await get('/api/blade-system/menu/list?code=tool')).body.data.find((menu: { code: string }) => menu.code === 'tool');
  const code = await post(`${DEVELOP}/code/submit`, {
    modelId: model.body.data.id, codeName: '公告示例', tableName: 'blade_notice', tablePrefix: 'blade_', pkName: 'id', templateType: 'crud', author: 'BladeX',
    menuId: tool.id, serviceName: 'blade-demo', packageName: 'demo', baseMode: 2, wrapMode: 2, feignMode: 1, codeStyle: 'saber', apiPath: '/a', webPath: '/w',
  });
  expect(code.body.code, code.text).toBe(200);

  const written = await post(`${DEVELOP}/code/gen-code-fast?ids=${code.body.data.id}`);
  expect(written.body, written.text).toMatchObject({ code: 200, data: [{ name: 'bulletin' }] });
  const [migration] = written.body.data[0].files.filter((path: string) => path.endsWith('.sql'));
  expect(migration).toMatch(/^server\/db\/migrations\/\d{3}_bulletin\.sql$/);
  expect(existsSync(join(tree, migration))).toBe(true);
  expect(readFileSync(join(tree, 'resources/bulletin/schema.ts'), 'utf8')).toContain("route: '/tool/bulletin'");
  const registryFile = readFileSync(join(tree, 'resources/schemas.ts'), 'utf8');
  expect(registryFile).toContain("import { bulletinSchema } from './bulletin/schema';");
  expect(registryFile).toMatch(/\n {2}bulletinSchema,\n\];/);

  // A second run would overwrite what may have been edited since: refused.
  const again = await post(`${DEVELOP}/code/gen-code-fast?ids=${code.body.data.id}`);
  expect(again.body).toMatchObject({ code: 400, msg: '文件已存在: resources/bulletin/schema.ts' });
}, 120_000);
