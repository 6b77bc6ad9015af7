import { z } from 'zod';
import type { LinkSchema, ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { ResourceBehaviour, ResourceRoutes } from './behaviour';
import { jsonBody } from './crud';
import { R, send } from './envelope';
import { badRequest, MSG } from './errors';
import { isIdText } from './ids';
import { addLinks, linkTargetIdKey, linkTargetIdsKey } from './link-rows';
import { assertIdentifier, BASE_ALIAS } from './model';
import { SqlParams } from './query';
import { projectData } from './picker-columns';
import { readModelOf, selectListOf } from './read-model';
import { idField, idListField, parseInput } from './operation';
import { readScope } from './scope';
import { formatDateTime, serializeRow } from './serializer';

/** The link table of a relation (parent id, target id, audit shape), as idempotent DDL. */
export function linkTableDdl(link: LinkSchema): string {
  const table = assertIdentifier(link.table);
  const parent = assertIdentifier(link.parentKey);
  const target = assertIdentifier(link.targetKey);
  return `CREATE TABLE IF NOT EXISTS ${table} (
    id bigint PRIMARY KEY, tenant_id varchar(12) NOT NULL DEFAULT '000000', ${parent} bigint NOT NULL, ${target} bigint NOT NULL,
    create_user bigint, create_dept bigint, create_time timestamp, update_user bigint, update_time timestamp,
    status integer NOT NULL DEFAULT 1, is_deleted integer NOT NULL DEFAULT 0);
  CREATE UNIQUE INDEX IF NOT EXISTS ${table}_pair ON ${table} (tenant_id, ${parent}, ${target}) WHERE is_deleted = 0;`;
}

/**
 * The calls of a many-to-many relation (project members): list the linked targets with their labels (and what the
 * target's `decorate` adds), add targets,
 * remove links. Reading needs the screen; changing needs its edit button. Parent and targets must be the caller's.
 */
export function mountLink(routes: ResourceRoutes, schema: ResourceSchema, link: LinkSchema, decorate?: ResourceBehaviour['decorateLinked']) {
  const { db, registry } = routes.services;
  const table = assertIdentifier(link.table);
  const parentKey = assertIdentifier(link.parentKey);
  const targetKey = assertIdentifier(link.targetKey);
  const target = registry.schemaByName(link.target);
  if (!target) throw new Error(`${schema.name}: link to unknown resource "${link.target}"`);
  const targetModel = readModelOf(registry, target.name, target.fields);
  const parentParam = parentKey.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const targetIdsKey = linkTargetIdsKey(link);
  const saveBody = z.object({ [parentParam]: idField(schema.title.zh), [targetIdsKey]: idListField(target.title.zh, { max: 500 }) });
  const removeBody = z.object({ ids: idListField(link.label.zh, { max: 500 }) });

  async function assertParent(tx: Db, user: Parameters<typeof readScope>[0], id: string) {
    const params = new SqlParams();
    const where = [`id = ${params.add(id)}`, ...readScope(user, params, { tenantScoped: schema.tenantScoped }).predicates];
    const [row] = await tx.query(`SELECT 1 FROM ${assertIdentifier(schema.table)} WHERE ${where.join(' AND ')}`, params.values);
    if (!row) throw badRequest('数据不存在');
  }

  routes.read(link.endpoints.list, async (c) => {
    const user = c.get('user');
    const parentId = c.req.query(parentParam);
    if (!parentId) throw badRequest(`${MSG.missingParam}: ${parentParam}`);
    if (!isIdText(parentId)) throw badRequest(`${MSG.paramType}: ${parentParam}`);
    const params = new SqlParams();
    const where = [
      `l.${parentKey} = ${params.add(parentId)}`,
      `l.tenant_id = ${params.add(user.tenantId)}`,
      'l.is_deleted = 0',
      ...readScope(user, params, { tenantScoped: target.tenantScoped, alias: BASE_ALIAS }).predicates,
    ];
    const rows = await db.cachedQuery(
      `SELECT l.id AS link_id, ${selectListOf(targetModel)} FROM ${table} l
       JOIN ${assertIdentifier(target.table)} ${BASE_ALIAS} ON ${BASE_ALIAS}.id = l.${targetKey} ${targetModel.joins}
       WHERE ${where.join(' AND ')} ORDER BY l.create_time, l.id LIMIT 1000`,
      params.values,
    );
    const records = rows.map((row) => ({ ...serializeRow(row, targetModel.columns), linkId: String(row.link_id), [linkTargetIdKey(link)]: String(row.id) }));
    // The members table shows the link's columns: the rest of a target's row (a user's phone, email) is not the
    // parent screen's to read.
    const shown = new Set(['id', 'linkId', linkTargetIdKey(link), ...link.columns, ...(link.childRows ? [link.childRows.name, ...link.childRows.columns] : [])]);
    return send(c, R.data(projectData(decorate ? await decorate(db, user, records) : records, shown)));
  });

  routes.write(link.endpoints.save, 'edit', async (c) => {
    const user = c.get('user');
    const body = parseInput(saveBody, await jsonBody(c.req.raw)) as Record<string, string | string[]>;
    const parentId = body[parentParam] as string;
    const targetIds = body[targetIdsKey] as string[];
    await db.transaction(async (tx) => {
      await assertParent(tx, user, parentId);
      await addLinks(tx, registry, user, link, parentId, targetIds);
    });
    return send(c, R.success());
  });

  routes.write(link.endpoints.remove, 'edit', async (c) => {
    const user = c.get('user');
    const { ids } = parseInput(removeBody, await jsonBody(c.req.raw));
    const params = new SqlParams();
    const removed = await db.query(
      `UPDATE ${table} SET is_deleted = 1, update_time = ${params.add(formatDateTime(new Date()))}
       WHERE id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[]) AND tenant_id = ${params.add(user.tenantId)} AND is_deleted = 0
       RETURNING id`,
      params.values,
    );
    return send(c, R.status(removed.length > 0));
  });
}
