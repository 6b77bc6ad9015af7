import type { ResourceRoutes } from './behaviour';
import { badRequest } from './errors';
import type { RemoveContext, WriteContext } from './hooks';
import { idBody } from './operation';
import { scopedWhere } from './scope';

/**
 * Settings of which one is on at a time (对象存储, 短信配置, 代码设置; their 启用 button is `enableOperation` in
 * resources/operations.ts): 启用 turns the chosen one on and the others off under a lock, and the one that is on can
 * neither be switched off by a save nor removed, so there is always exactly one once one was chosen. Per tenant for
 * a tenant's settings, per installation for a resource that is not tenant-scoped.
 */
export interface OneEnabledRule {
  /** `status` of the row that is on, and what the others are set to. */
  enabled: number;
  disabled: number;
  /** What one row is called in the messages: 存储配置. */
  noun: string;
}

export function oneEnabled({ enabled, disabled, noun }: OneEnabledRule) {
  const keepMessage = `不能停用已启用的${noun}，请先启用其他${noun}`;
  const removeMessage = `不能删除已启用的${noun}，请先启用其他${noun}`;
  return {
    keepMessage,
    removeMessage,

    /** In `beforeWrite`: refuses a save that switches the enabled row off (its own 启用 patches pass). */
    refuseDisabling({ before, body, isInsert, isPatch }: WriteContext): void {
      if (isInsert || isPatch || !before || Number(before.status) !== enabled) return;
      const sent = body.status;
      if (sent !== undefined && sent !== null && sent !== '' && Number(sent) !== enabled) throw badRequest(keepMessage);
    },

    /** In `beforeRemove`: refuses removing the enabled row. */
    async refuseRemoving({ tx, user, schema, ids }: RemoveContext): Promise<void> {
      const scope = scopedWhere(user, { tenantScoped: schema.tenantScoped !== false }, `id = ANY(string_to_array($1, ',')::bigint[]) AND status = $2`, [
        ids.join(','),
        enabled,
      ]);
      const rows = await tx.query(`SELECT 1 FROM ${schema.table} WHERE ${scope.where} LIMIT 1`, scope.values);
      if (rows.length > 0) throw badRequest(removeMessage);
    },

    /** Mounts 启用 (`POST enable?id`): this row on, every other of the tenant (or installation) off. */
    mountEnable({ operation, store, services }: ResourceRoutes): void {
      const { table, tenantScoped } = store.schema;
      const perTenant = tenantScoped !== false;
      operation('enable', { query: idBody }, async ({ user, query: { id } }) => {
        const [row] = await store.byIds(user, [id]);
        if (!row) throw badRequest(`${noun}不存在`);
        // Everything inside goes through `tx` (on PGlite it holds the only connection); two enables at once wait for
        // each other on the lock, so the second sees the first's choice and replaces it.
        await services.db.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}:${perTenant ? user.tenantId : '*'}`]);
          const scope = scopedWhere(user, { tenantScoped: perTenant }, 'status = $1 AND id <> $2', [enabled, id]);
          const others = await tx.query<{ id: string }>(`SELECT id::text AS id FROM ${table} WHERE ${scope.where}`, scope.values);
          if (others.length > 0) await store.patchMany({ user, tx }, others.map((other) => other.id), { status: disabled });
          await store.patch({ user, tx }, id, { status: enabled });
        });
      });
    },
  };
}
