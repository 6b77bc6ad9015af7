import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { R, send } from '../../server/blade/envelope';
import { oneEnabled } from '../../server/blade/one-enabled';

const onlyOneEnabled = oneEnabled({ enabled: 1, disabled: 0, noun: '代码设置' });

/**
 * 启用: the chosen setting becomes the one enabled (every other is disabled in the same transaction), which can then
 * neither be switched off nor removed; a new setting starts disabled. `enable-detail` answers the enabled one (null
 * when none is), which 代码生成's form starts from.
 */
export const behaviour: ResourceBehaviour = {
  beforeWrite(context) {
    if (context.isInsert) context.values.status = 0;
    onlyOneEnabled.refuseDisabling(context);
  },

  beforeRemove: onlyOneEnabled.refuseRemoving,

  routes(routes) {
    const { read, store, services } = routes;
    onlyOneEnabled.mountEnable(routes);

    read(`${store.schema.api}/enable-detail`, async (c) => {
      const [enabled] = await services.db.query<{ id: string }>(
        'SELECT id::text AS id FROM blade_code_setting WHERE status = 1 AND is_deleted = 0 ORDER BY update_time DESC NULLS LAST LIMIT 1',
      );
      return send(c, R.data(enabled ? ((await store.detail(c.get('user'), enabled.id)) ?? null) : null));
    });
  },
};
