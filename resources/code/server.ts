import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import type { BladeUser, ServerServices } from '../../server/blade/context';
import { R, send } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { idBody, idListField } from '../../server/blade/operation';
import type { ResourceStore } from '../../server/blade/store-types';
import { nextMigrationNumber } from '../../server/db/migrate';
import { attachmentDisposition } from '../../server/excel/writer';
import { defaultPrototype, embeddedCatalogue } from '../model/catalogue';
import { storedPrototype } from '../model/server';
import { generateResource, GenerationRefused, withRegistryLine, type GeneratedResource, type GenerationConfig, type GenerationModel, type TemplateType } from './generator';

type Row = Record<string, unknown>;

const genQuery = z.object({
  ids: idListField('代码生成配置', { max: 20 }),
  // BladeX's front ends name theirs; both get a resource folder of this product.
  system: z.enum(['saber', 'element'], { error: '不支持的前端风格' }).optional().default('saber').describe('前端风格'),
});

type ModelReader = (user: BladeUser, id: string) => Promise<Row | undefined>;

async function modelFor(services: ServerServices, user: BladeUser, readModel: ModelReader, modelId: unknown, what: string): Promise<GenerationModel> {
  const model = modelId ? await readModel(user, String(modelId)) : undefined;
  if (!model) throw badRequest(`${what}不存在`);
  let columns = await storedPrototype(services.db, String(model.id));
  if (columns.length === 0) {
    // Not configured yet: the table's columns with their defaults, as 模型配置 would show them (own database only).
    const catalogue = embeddedCatalogue(services.db);
    columns = (await catalogue.columns(String(model.modelTable))).map((column) => ({ id: '', modelId: String(model.id), ...defaultPrototype(column) }));
    if (columns.length === 0) throw badRequest(`请先配置${what}的模型配置`);
  }
  return {
    modelTable: String(model.modelTable),
    modelClass: String(model.modelClass),
    modelName: String(model.modelName),
    modelCode: String(model.modelCode),
    columns,
  };
}

/** The generation config of a stored row: its models, their columns and the parent menu. */
async function configOf(services: ServerServices, user: BladeUser, readModel: ModelReader, row: Row): Promise<GenerationConfig> {
  const [menu] = await services.db.query<{ code: string; path: string; parent_id: string }>(
    'SELECT code, path, parent_id::text AS parent_id FROM blade_menu WHERE id = $1 AND is_deleted = 0',
    [row.menuId],
  );
  if (!menu) throw badRequest('上级菜单不存在');
  if (menu.parent_id !== '0' || !menu.path) throw badRequest('上级菜单须为一级菜单');
  const templateType = String(row.templateType) as TemplateType;
  return {
    codeName: String(row.codeName),
    tableName: String(row.tableName),
    tablePrefix: String(row.tablePrefix ?? ''),
    pkName: String(row.pkName),
    serviceName: String(row.serviceName),
    templateType,
    author: String(row.author),
    parentMenu: { code: menu.code, path: menu.path },
    model: await modelFor(services, user, readModel, row.modelId, '数据模型'),
    subModel: templateType === 'sub' ? await modelFor(services, user, readModel, row.subModelId, '子表模型') : undefined,
    subFkId: row.subFkId ? String(row.subFkId) : undefined,
    treePid: row.treePid ? String(row.treePid) : undefined,
    treeName: row.treeName ? String(row.treeName) : undefined,
  };
}

/** The resources of the chosen configs, refused when a name is taken by a registered resource or by another of them. */
async function generate(services: ServerServices, store: ResourceStore, user: BladeUser, ids: string[]): Promise<GeneratedResource[]> {
  const rows = await store.byIds(user, ids);
  if (rows.length !== ids.length) throw badRequest('代码生成配置不存在');
  const first = nextMigrationNumber();
  const generated: GeneratedResource[] = [];
  const ordered = ids.map((id) => rows.find((row) => String(row.id) === id)!);
  for (const [index, row] of ordered.entries()) {
    const config = await configOf(services, user, (who, id) => modelDetail(services, who, id), row);
    try {
      const resource = generateResource(config, first + index);
      if (services.registry.schemaByName(resource.name) || generated.some((other) => other.name === resource.name)) {
        throw badRequest(`资源已存在: ${resource.name}`);
      }
      generated.push(resource);
    } catch (error) {
      if (error instanceof GenerationRefused) throw badRequest(error.message);
      throw error;
    }
  }
  return generated;
}

/** A stored model row as the generator reads it (models belong to no tenant; only the administrator tenant has them). */
async function modelDetail(services: ServerServices, _user: BladeUser, id: string): Promise<Row | undefined> {
  const [row] = await services.db.query<Row>(
    `SELECT id::text AS id, model_table AS "modelTable", model_class AS "modelClass", model_name AS "modelName", model_code AS "modelCode"
     FROM blade_model WHERE id = $1 AND is_deleted = 0`,
    [id],
  );
  return row;
}

/**
 * 代码生成's calls beyond crud: `copy?id` (a new config with the same settings), `gen-code` (ids, system: a zip of
 * the resource folders, their migrations and a README naming each registry line) and `gen-code-fast` (the same
 * files written into the working tree of a development server, the registry line added; refused elsewhere).
 */
export const behaviour: ResourceBehaviour = {
  routes({ operation, write, store, services }) {
    operation('copy', { query: idBody }, async ({ user, query: { id } }) => {
      const original = await store.detail(user, id);
      if (!original) throw badRequest('代码生成配置不存在');
      const { id: _id, createTime: _created, updateTime: _updated, ...copy } = original;
      const newId = await store.submit(user, { ...copy, codeName: `${String(original.codeName).slice(0, 60)}(副本)` });
      return R.data({ id: newId });
    });

    for (const method of ['GET', 'POST'] as const) {
      operation('gen', { query: genQuery, method, path: `${store.schema.api}/gen-code` }, async ({ user, query }) => {
        const generated = await generate(services, store, user, query.ids);
        const zip = new JSZip();
        for (const resource of generated) for (const file of resource.files) zip.file(file.path, file.content);
        zip.file('README.md', readmeOf(generated));
        const bytes = await zip.generateAsync({ type: 'arraybuffer', compression: 'DEFLATE' });
        return new Response(bytes, {
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': attachmentDisposition(`${generated.map((resource) => resource.name).join('-')}.zip`),
          },
        });
      });
    }

    write(`${store.schema.api}/gen-code-fast`, 'gen', async (c) => {
      const tree = services.config.sourceTree;
      if (!tree) throw badRequest('生产环境不能直接写入代码, 请下载代码包');
      const ids = idListField('代码生成配置', { max: 20 }).safeParse(c.req.query('ids') ?? (await c.req.json().catch(() => ({})) as Row).ids);
      if (!ids.success) throw badRequest('请选择代码生成配置');
      const generated = await generate(services, store, c.get('user'), ids.data);
      const registryFile = join(tree, 'resources', 'schemas.ts');
      let registrySource = readFileSync(registryFile, 'utf8');
      for (const resource of generated) {
        for (const file of resource.files) {
          const target = join(tree, file.path);
          if (existsSync(target)) throw badRequest(`文件已存在: ${file.path}`);
        }
      }
      for (const resource of generated) {
        for (const file of resource.files) {
          const target = join(tree, file.path);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, file.content);
        }
        registrySource = withRegistryLine(registrySource, resource.registry);
      }
      writeFileSync(registryFile, registrySource);
      return send(c, R.data(generated.map((resource) => ({ name: resource.name, files: resource.files.map((file) => file.path) }))));
    });
  },
};

function readmeOf(generated: GeneratedResource[]): string {
  const lines = [
    '# 代码生成 / Generated resources',
    '',
    'Unzip at the root of the working tree (the folders go to `resources/`, the migrations to `server/db/migrations/`),',
    'then add each line below to `resources/schemas.ts` (the import at the top, the entry in `resourceSchemas`) and restart.',
    '',
  ];
  for (const resource of generated) {
    lines.push(`## ${resource.name}`, '', '```ts', resource.registry.importLine, `  ${resource.registry.entry}`, '```', '');
  }
  return lines.join('\n');
}
