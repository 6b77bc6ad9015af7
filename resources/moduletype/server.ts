import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { badRequest } from '../../server/blade/errors';
import { scopedWhere } from '../../server/blade/scope';

/** A module's level follows its parent; a module cannot move under itself or one of its descendants. */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, user, id, values, before }) {
    const parentId = String(values.parentId ?? before?.parentId ?? '0');
    if (parentId === '0' || parentId === '-1' || parentId === '') {
      values.parentId = '0';
      values.level = 1;
      return;
    }
    // Walk up from the new parent: meeting this module means a cycle.
    let cursor = parentId;
    let level = 1;
    for (let depth = 0; cursor !== '0' && depth < 64; depth += 1) {
      if (cursor === id) throw badRequest('上级模块不能是自己或自己的下级');
      const scope = scopedWhere(user, {}, 'id = $1', [cursor]);
      const [row] = await tx.query<{ parent_id: string | null }>(`SELECT parent_id::text AS parent_id FROM blade_module_type WHERE ${scope.where}`, scope.values);
      if (!row) throw badRequest('上级模块不存在');
      cursor = row.parent_id ?? '0';
      level += 1;
    }
    values.level = level;
  },
};
