import type { ResourceSchema } from '../../resources/types';
import { call } from '../server/client';
import { creatable, keyField, operationsOf, pointerFields, schemaNamed, validBody, writableFields } from './registry';

/**
 * A full insert body: pointer fields get a row of their target in the caller's tenant, created when there is none
 * (a new root row for a tree path). A pointer to its own resource is left out.
 */
export async function bodyFor(
  schema: ResourceSchema,
  token: string,
  tag: string,
  depth = 0,
  base?: string,
): Promise<Record<string, unknown> | undefined> {
  const body = validBody(schema, tag);
  // Fields picked from a tree an endpoint answers (a package's menus): its first node.
  for (const field of writableFields(schema).filter((candidate) => candidate.treeOptions)) {
    const tree = await call(field.treeOptions!.endpoint, { token, base });
    const first = tree.body?.data?.[0]?.id;
    if (first) body[field.name] = String(first);
    else if (field.required) return undefined;
  }
  for (const field of pointerFields(schema)) {
    const targetName = field.ref?.resource ?? field.treePath!.resource;
    if (targetName === schema.name) continue;
    const target = schemaNamed(targetName);
    if (!target) {
      if (field.required) return undefined;
      continue;
    }
    let id = field.treePath ? undefined : (await call(`${operationsOf(target).list}?size=1`, { token, base })).body?.data?.records?.[0]?.id;
    if (!id && depth < 3 && creatable(target)) id = await createRow(target, token, `${tag}-${field.name}`, depth + 1, base);
    if (id) body[field.name] = id;
    else if (field.required) return undefined;
  }
  return body;
}

/** Inserts a row as `token` and answers its id (found again by its unique key text), or undefined if refused. */
export async function createRow(schema: ResourceSchema, token: string, tag: string, depth = 0, base?: string): Promise<string | undefined> {
  const operations = operationsOf(schema);
  const key = keyField(schema);
  if (!creatable(schema) || !operations.submit || !key) return undefined;
  const body = await bodyFor(schema, token, tag, depth, base);
  if (!body) return undefined;
  const saved = await call(operations.submit, { token, json: body, base });
  if (saved.body?.success !== true) return undefined;
  const query = new URLSearchParams({ [`${key.name}_equal`]: String(body[key.name]), size: '10' });
  const found = await call(`${operations.list}?${query}`, { token, base });
  return found.body?.data?.records?.[0]?.id;
}

export async function detailOf(schema: ResourceSchema, token: string, id: string) {
  return call(`${operationsOf(schema).detail}?id=${encodeURIComponent(id)}`, { token });
}

/** Whether the answer is a real server failure (a 500 or a dropped request), which bad input must never cause. */
export const isServerFailure = (answer: { status: number; body: { code?: number } | undefined }) =>
  answer.status >= 500 || answer.body?.code === 500;
