import { nextId } from '../../server/blade/ids';
import type { Db } from '../../server/db/types';
import { TESTER } from './fixtures';

/**
 * Narrows every role of the tester to the tasks they created (本人可见), as a data scope an administrator adds does;
 * answers the tester's user id and the way back (the scope removed with its grants).
 */
export async function testerSeesOwnTasksOnly(db: Db): Promise<{ testerId: string; restore(): Promise<void> }> {
  const [account] = await db.query<{ id: string; role_id: string }>(
    "SELECT id::text AS id, role_id FROM blade_user WHERE account = $1 AND tenant_id = '000000'",
    [TESTER.account],
  );
  const scopeId = nextId();
  await db.query(
    `INSERT INTO blade_scope_data (id, tenant_id, resource_code, scope_name, scope_column, scope_type)
     VALUES ($1, '000000', 'task', '本人任务', 'create_user', 2)`,
    [scopeId],
  );
  for (const roleId of account.role_id.split(',')) {
    await db.query('INSERT INTO blade_role_scope (id, scope_category, scope_id, role_id) VALUES ($1, 1, $2, $3)', [nextId(), scopeId, roleId]);
  }
  return {
    testerId: account.id,
    restore: async () => {
      await db.query('DELETE FROM blade_role_scope WHERE scope_id = $1', [scopeId]);
      await db.query('DELETE FROM blade_scope_data WHERE id = $1', [scopeId]);
    },
  };
}
