import type { Registry } from '../../resources/registry';
import type { LinkSchema, ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { BladeUser } from './context';
import { badRequest, MSG } from './errors';
import { isIdText, nextId } from './ids';
import { assertIdentifier } from './model';
import { SqlParams } from './query';
import { readScope } from './scope';
import { formatDateTime } from './serializer';

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The key of a link's target id in a row (`userId`) and of the id list in the save body (`userIds`). */
export const linkTargetIdKey = (link: LinkSchema) => camel(link.targetKey);
export const linkTargetIdsKey = (link: LinkSchema) => `${linkTargetIdKey(link).replace(/Id$/, '')}Ids`;

/** Links the parent to the targets (already linked ones are kept); every target must be the caller's. */
export async function addLinks(tx: Db, registry: Registry, user: BladeUser, link: LinkSchema, parentId: string, targetIds: string[]) {
  const target = registry.schemaByName(link.target);
  if (!target) throw new Error(`link to unknown resource "${link.target}"`);
  const ids = [...new Set(targetIds)];
  if (ids.length === 0) return;
  const params = new SqlParams();
  const where = [
    `id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[])`,
    ...readScope(user, params, { tenantScoped: target.tenantScoped }).predicates,
  ];
  const found = await tx.query(`SELECT id FROM ${assertIdentifier(target.table)} WHERE ${where.join(' AND ')}`, params.values);
  if (found.length !== ids.length) throw badRequest(`${target.title.zh}不存在`);
  const now = formatDateTime(new Date());
  for (const targetId of ids) {
    await tx.query(
      `INSERT INTO ${assertIdentifier(link.table)} (id, tenant_id, ${assertIdentifier(link.parentKey)}, ${assertIdentifier(link.targetKey)}, create_user, create_time, update_user, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $5, $6) ON CONFLICT DO NOTHING`,
      [nextId(), user.tenantId, parentId, targetId, isIdText(user.userId) ? user.userId : null, now],
    );
  }
}

/**
 * Links sent with the record itself (`projectMembers: [{ userId }]`), so a new project is saved with its members in
 * one transaction; links already there stay. A key the body does not carry changes nothing.
 */
export async function writeLinksOfBody(tx: Db, registry: Registry, user: BladeUser, schema: ResourceSchema, parentId: string, body: Record<string, unknown>) {
  for (const link of schema.links ?? []) {
    if (!Object.hasOwn(body, link.name) || body[link.name] === null) continue;
    const sent = body[link.name];
    if (!Array.isArray(sent)) throw badRequest(`${MSG.paramInvalid}: ${link.name}`);
    if (sent.length > 500) throw badRequest(`${link.label.zh}不能超过500条`);
    const key = linkTargetIdKey(link);
    const ids = sent.map((item) => String(typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] ?? '' : item));
    if (!ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ${link.name}.${key}`);
    await addLinks(tx, registry, user, link, parentId, ids);
  }
}
