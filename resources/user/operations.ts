import { z } from 'zod';
import type { ResourceRoutes } from '../../server/blade/behaviour';
import { R } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { idField, idListField } from '../../server/blade/operation';
import { fieldInput } from '../../server/blade/validate';
import { importGate } from '../../server/excel';
import { revokeUserSessions } from '../../server/users/sessions';
import { assertOwned, initPasswordOf } from './lookups';
import { userSchema } from './schema';
import { exportUsers, importUsers } from './sheets';

const fieldOf = (name: string) => userSchema.fields.find((field) => field.name === name)!;

/** BladeX takes `userIds` and `roleIds` as request parameters: the query, a form or a JSON body. */
const userIds = idListField('用户', { max: 500 });
const idsParams = z.object({ ids: idListField('用户') });
const roleParams = z.object({ userIds, roleIds: idListField('角色', { max: 500 }) });
const platformParams = z.object({
  userId: idField('用户'),
  userType: fieldInput(fieldOf('userType')),
  userExt: fieldInput(fieldOf('userExt')),
});

/** The user screen's operations: remove, update, 角色配置, 密码重置, 平台配置, 导出 and 导入. */
export function userOperations({ operation, store, services }: ResourceRoutes) {
  const { db } = services;
  const base = store.schema.api;

  // Nobody removes their own account (checked before anything else); the removal ends the users' sessions.
  operation('delete', { path: `${base}/remove`, query: idsParams }, async ({ user, query: { ids } }) => {
    if (ids.includes(user.userId)) throw badRequest('不能删除本账号!');
    return R.status((await store.remove(user, ids)) > 0);
  });

  // BladeX `update`: an edit by id (the password stays as it is).
  operation('edit', { path: `${base}/update`, body: z.looseObject({ id: idField() }) }, async ({ user, body }) =>
    R.status((await store.submit(user, body)) !== undefined),
  );

  // Only roles of the caller's own tenant may be granted; users the caller cannot see are left alone.
  operation('role', { params: roleParams }, async (call) => {
    const { userIds: ids, roleIds } = call.params;
    await assertOwned(db, 'blade_role', call.user.tenantId, roleIds, '角色');
    return R.status((await store.patchMany(call, ids, { roleId: roleIds.join(',') })) > 0);
  });

  // Through the store, as an edit would (audit fields, data scope, hooks); the users' changes are one object, so the
  // user hook hashes the initial password once for all of them (bcrypt is slow on purpose).
  operation('reset-password', { params: z.object({ userIds }) }, async (call) => {
    const changes = { password: await initPasswordOf(db, call.user.tenantId) };
    const users = await store.byIds(call.user, call.params.userIds);
    await db.transaction(async (tx) => {
      for (const row of users) {
        await store.patch({ ...call, tx }, String(row.id), changes);
        // The password change ends the user's sessions (database trigger); said here as well for the reader.
        await revokeUserSessions(tx, String(row.id));
      }
    });
    return R.status(users.length > 0);
  });

  operation('platform', { params: platformParams }, (call) =>
    store.patch(call, call.params.userId, { userType: call.params.userType, userExt: call.params.userExt ?? '' }),
  );

  operation('export', {}, ({ c, user }) => exportUsers(store, db, user, c.req.query()));
  // An import takes a turn of the process's import gate: a few at once, fairly among tenants.
  operation('import', {}, ({ c, user }) => importGate.run(c, user.tenantId, () => importUsers(c, store, db, user)));
}
