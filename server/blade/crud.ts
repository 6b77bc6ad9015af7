import type { Registry } from '../../resources/registry';
import { columnOf, type ResourceSchema } from '../../resources/types';
import type { Db } from '../db/types';
import type { StoreHooks } from './hooks';
import { badRequest, MSG } from './errors';
import { createStoreCore } from './store-core';
import { createStoreRead } from './store-read';
import { createStoreTree } from './store-tree';
import type { ResourceStore } from './store-types';
import { createStoreWrite, type Usage } from './store-write';

export type { PatchContext, ResourceStore, RowCheck, SubmitSink } from './store-types';
export { markChildren, nest } from './store-tree';
export { primaryDept } from './store-write';

/** Where other resources point at rows of `schema` (ref and tree-path fields, child rows included). */
export function usagesOf(schema: ResourceSchema, schemas: readonly ResourceSchema[]): Usage[] {
  const usages: Usage[] = [...(schema.usedBy ?? [])];
  for (const other of schemas) {
    const message = `该数据正被「${other.title.zh}」使用，不能删除`;
    const tables = [
      { table: other.table, fields: other.fields, self: other === schema },
      ...(other.children ?? []).map((child) => ({ table: child.table, fields: child.fields, self: false })),
    ];
    for (const { table, fields, self } of tables) {
      for (const field of fields) {
        if (self || field.virtual) continue;
        // Shared tables (tenants) hold their users' rows without the tenant column scoping them.
        const shared = other.tenantScoped ? {} : { tenantScoped: false };
        if (field.ref?.resource === schema.name && field.ref.join !== false) {
          usages.push({ table, column: columnOf(field), message, ...(field.ref.multiple ? { pathColumn: true } : {}), ...shared });
        }
        if (field.treePath?.resource === schema.name) usages.push({ table, column: columnOf(field), message, pathColumn: true, ...shared });
      }
    }
  }
  return usages;
}

/**
 * Generic BladeX CRUD over the table of a resource schema: the one write path and the one read path of a resource,
 * composed of its read part (`store-read.ts`), write part (`store-write.ts`) and tree part (`store-tree.ts`).
 */
export function createResourceStore(db: Db, registry: Registry, schema: ResourceSchema, behaviour: StoreHooks = {}): ResourceStore {
  const core = createStoreCore(db, registry, schema);
  return {
    schema,
    model: core.model,
    ...createStoreRead(core, behaviour),
    ...createStoreWrite(core, behaviour, { schemaOf: registry.schemaByName, usages: usagesOf(schema, registry.schemas) }),
    ...createStoreTree(core, behaviour),
  };
}

/** Reads a JSON request body; malformed JSON is a 400, never a 500. */
export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') throw badRequest(`${MSG.paramInvalid}: 请求体为空`);
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${MSG.paramInvalid}: 请求体不是合法的 JSON`);
  }
}

/** `ids=1,2,3` from the query string (or a form body), split and trimmed. */
export function idList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}
