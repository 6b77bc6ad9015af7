import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { R, send } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { idBody } from '../../server/blade/operation';

/**
 * 启用: the chosen setting becomes the one enabled (every other is disabled in the same transaction); a new setting
 * starts disabled. `enable-detail` answers the enabled one (null when none is), which 代码生成's form starts from.
 */
export const behaviour: ResourceBehaviour = {
  beforeWrite({ isInsert, values }) {
    if (isInsert) values.status = 0;
  },

  routes({ operation, read, store, services }) {
    operation('enable', { query: idBody }, async ({ user, query: { id } }) => {
      const [setting] = await store.byIds(user, [id]);
      if (!setting) throw badRequest('代码设置不存在');
      await services.db.transaction(async (tx) => {
        await tx.query('UPDATE blade_code_setting SET status = 0 WHERE status <> 0 AND is_deleted = 0 AND id <> $1', [id]);
        await tx.query('UPDATE blade_code_setting SET status = 1, update_user = $2, update_time = now() WHERE id = $1', [id, user.userId]);
      });
    });

    read(`${store.schema.api}/enable-detail`, async (c) => {
      const [enabled] = await services.db.query<{ id: string }>(
        'SELECT id::text AS id FROM blade_code_setting WHERE status = 1 AND is_deleted = 0 ORDER BY update_time DESC NULLS LAST LIMIT 1',
      );
      return send(c, R.data(enabled ? ((await store.detail(c.get('user'), enabled.id)) ?? null) : null));
    });
  },
};
