import type { Context } from 'hono';
import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import type { BladeEnv, BladeUser, ServerServices } from '../../server/blade/context';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText, nextId } from '../../server/blade/ids';
import { parseInput } from '../../server/blade/operation';
import { SEED_IDS } from '../../server/db/seed';
import type { Db } from '../../server/db/types';
import { outboundPolicy } from '../../server/outbound';
import type { PrototypeColumn } from '../code/generator';
import { defaultPrototype, embeddedCatalogue, externalCatalogue, type Catalogue } from './catalogue';

const PROTOTYPE_API = '/api/blade-develop/model-prototype';
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

const ENTITY_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Boolean', 'Date'] as const;
const COMPONENT_TYPES = ['input', 'textarea', 'editor', 'select', 'tree', 'radio', 'checkbox', 'switch', 'date'] as const;
const QUERY_TYPES = ['equal', 'notequal', 'gt', 'ge', 'lt', 'le', 'between', 'like', 'likeleft', 'likeright'] as const;

const flag = (label: string) =>
  z
    .union([z.number(), z.string(), z.boolean()])
    .optional()
    .transform((value) => (value === true || value === 1 || value === '1' ? 1 : 0))
    .describe(label);
const text = (label: string, max: number) => z.string().trim().max(max).optional().default('').describe(label);

/** One column as 模型配置 sends it (spec §3 model column). */
const prototypeColumn = z.object({
  jdbcName: z.string().trim().min(1).max(64).describe('物理列名'),
  jdbcType: z.string().trim().min(1).max(64).describe('物理类型'),
  maxLength: z.union([z.number().int(), z.null()]).optional().describe('长度'),
  propertyName: z.string().trim().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '实体属性名只能包含字母、数字和下划线').max(64).describe('实体属性名'),
  propertyEntity: z.enum(ENTITY_TYPES, { error: '请选择实体类型' }).describe('实体类型'),
  jdbcComment: text('列注释', 255),
  isList: flag('列表显示'),
  isForm: flag('表单显示'),
  isRow: flag('独占一行'),
  isRequired: flag('必填'),
  componentType: z.enum(COMPONENT_TYPES, { error: '请选择组件类型' }).optional().default('input').describe('组件类型'),
  dictCode: text('字典编号', 64),
  isQuery: flag('查询'),
  queryType: z.enum(QUERY_TYPES, { error: '请选择查询方式' }).optional().default('equal').describe('查询方式'),
});

const submitList = z.object({
  modelId: z.union([z.string(), z.number()]).transform(String).refine(isIdText, { error: '请选择数据模型' }).describe('数据模型'),
  columns: z.array(prototypeColumn).min(1, '请至少配置一列').max(500).describe('模型配置'),
});

type Row = Record<string, unknown>;

/** The stored prototype of a model, as the wire names it. */
export async function storedPrototype(db: Db, modelId: string): Promise<(PrototypeColumn & { id: string; modelId: string })[]> {
  return db.query(
    `SELECT id::text AS id, model_id::text AS "modelId", jdbc_name AS "jdbcName", jdbc_type AS "jdbcType", max_length AS "maxLength",
            property_name AS "propertyName", property_entity AS "propertyEntity", jdbc_comment AS "jdbcComment", is_list AS "isList",
            is_form AS "isForm", is_row AS "isRow", is_required AS "isRequired", component_type AS "componentType", dict_code AS "dictCode",
            is_query AS "isQuery", query_type AS "queryType"
     FROM blade_model_prototype WHERE model_id = $1 AND is_deleted = 0 ORDER BY sort, id`,
    [modelId],
  );
}

/** The catalogue of a datasource: this server's database for the seeded one, else the external one if allowed. */
async function catalogueOf(services: ServerServices, datasourceId: string): Promise<Catalogue> {
  if (!isIdText(datasourceId)) throw badRequest('请选择数据源');
  if (datasourceId === SEED_IDS.embeddedDatasource) return embeddedCatalogue(services.db);
  const [source] = await services.db.query<{ url: string; username: string; password: string | null }>(
    'SELECT url, username, password FROM blade_datasource WHERE id = $1 AND is_deleted = 0',
    [datasourceId],
  );
  if (!source) throw badRequest('数据源不存在');
  return externalCatalogue(outboundPolicy(services.config.outboundAllow ?? []), { ...source, password: source.password ?? '' });
}

async function modelOf(read: (user: BladeUser, id: string) => Promise<Row | undefined>, user: BladeUser, modelId: string | undefined): Promise<Row> {
  if (!modelId) throw badRequest(`${MSG.missingParam}: modelId`);
  if (!isIdText(modelId)) throw badRequest(`${MSG.paramInvalid}: modelId`);
  const model = await read(user, modelId);
  if (!model) throw badRequest('数据模型不存在');
  return model;
}

/** The columns of a table as the catalogue answers them; an unknown table is a 400. */
async function tableInfo(catalogue: Catalogue, tableName: string) {
  if (!TABLE_NAME.test(tableName)) throw badRequest('请输入数据库表名');
  const tables = await catalogue.tables();
  const table = tables.find((candidate) => candidate.name === tableName);
  if (!table) throw badRequest(`数据库表不存在: ${tableName}`);
  return { ...table, columns: await catalogue.columns(tableName) };
}

/**
 * 数据模型's calls beyond crud (spec §7): the tables of a datasource (`table-list`), one table's columns
 * (`table-info` by model or by table and datasource), the model's columns as the generator will read them
 * (`model-prototype`: the saved configuration, else the table's columns with defaults), and the prototype's own
 * `submit-list` (replaces the model's columns) and `select?modelId`.
 */
export const behaviour: ResourceBehaviour = {
  async beforeRemove({ tx, ids }) {
    await tx.query('UPDATE blade_model_prototype SET is_deleted = 1 WHERE model_id = ANY(string_to_array($1, \',\')::bigint[])', [ids.join(',')]);
  },

  routes({ read, write, store, services }) {
    const base = store.schema.api;
    const detail = (user: BladeUser, id: string) => store.detail(user, id);

    read(`${base}/table-list`, async (c) => {
      const catalogue = await catalogueOf(services, c.req.query('datasourceId') ?? '');
      return send(c, R.data(await catalogue.tables()));
    });

    const infoOf = async (c: Context<BladeEnv>) => {
      const modelId = c.req.query('modelId');
      if (modelId) {
        const model = await modelOf(detail, c.get('user'), modelId);
        return tableInfo(await catalogueOf(services, String(model.datasourceId)), String(model.modelTable));
      }
      return tableInfo(await catalogueOf(services, c.req.query('datasourceId') ?? ''), c.req.query('tableName') ?? '');
    };
    read(`${base}/table-info`, async (c) => send(c, R.data(await infoOf(c))));

    read(`${base}/model-prototype`, async (c) => {
      const model = await modelOf(detail, c.get('user'), c.req.query('modelId'));
      const stored = await storedPrototype(services.db, String(model.id));
      if (stored.length > 0) return send(c, R.data(stored));
      const info = await tableInfo(await catalogueOf(services, String(model.datasourceId)), String(model.modelTable));
      return send(c, R.data(info.columns.map((column) => ({ modelId: String(model.id), ...defaultPrototype(column) }))));
    });

    read(`${PROTOTYPE_API}/select`, async (c) => {
      const model = await modelOf(detail, c.get('user'), c.req.query('modelId'));
      return send(c, R.data(await storedPrototype(services.db, String(model.id))));
    });

    write(`${PROTOTYPE_API}/submit-list`, 'prototype', async (c) => {
      const user = c.get('user');
      const sent: unknown = await c.req.json().catch(() => undefined);
      // BladeX sends the list itself, each column with its modelId; a `{modelId, columns}` body is accepted too.
      const body = Array.isArray(sent) ? { modelId: (sent[0] as Row | undefined)?.modelId, columns: sent } : sent;
      const { modelId, columns } = parseInput(submitList, body);
      const model = await modelOf(detail, user, modelId);
      const names = new Set<string>();
      for (const column of columns) {
        if (names.has(column.propertyName)) throw badRequest(`实体属性名重复: ${column.propertyName}`);
        names.add(column.propertyName);
      }
      const now = new Date();
      await services.db.transaction(async (tx) => {
        await tx.query('DELETE FROM blade_model_prototype WHERE model_id = $1', [model.id]);
        for (const [sort, column] of columns.entries()) {
          await tx.query(
            `INSERT INTO blade_model_prototype (id, model_id, jdbc_name, jdbc_type, max_length, property_name, property_entity, jdbc_comment,
               is_list, is_form, is_row, is_required, component_type, dict_code, is_query, query_type, sort,
               create_user, create_dept, create_time, update_user, update_time)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $18, $20)`,
            [
              nextId(), model.id, column.jdbcName, column.jdbcType, column.maxLength ?? null, column.propertyName, column.propertyEntity,
              column.jdbcComment, column.isList, column.isForm, column.isRow, column.isRequired, column.componentType, column.dictCode,
              column.isQuery, column.queryType, sort, user.userId, user.deptId || null, now,
            ],
          );
        }
      });
      return send(c, R.data(await storedPrototype(services.db, String(model.id))));
    });
  },
};
