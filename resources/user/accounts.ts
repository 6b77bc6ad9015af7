import { z } from 'zod';
import type { ResourceRoutes } from '../../server/blade/behaviour';
import { ADMIN_TENANT } from '../../server/blade/context';
import { R } from '../../server/blade/envelope';
import { recordEvent } from '../../server/blade/logs';
import { idListField } from '../../server/blade/operation';
import { pageOf, parsePaging, SqlParams } from '../../server/blade/query';
import { readScope, scopedWhere } from '../../server/blade/scope';
import { serializeColumns } from '../../server/blade/serializer';
import { USER_COLUMN_TYPES, USER_COLUMNS } from '../../server/users/columns';
import { clearFailures } from '../../server/users/lockout';
import { USER_STATUS } from '../../server/users/lookup';

/** BladeX takes `userIds` as a request parameter: the query, a form or a JSON body. */
const userIdsParams = z.object({ userIds: idListField('用户', { max: 500 }) });
const auditListQuery = z.object({ account: z.string().max(45).optional().describe('登录账号') });

/** The user screen's account operations: 账号解封 and 用户审核 (the registrations awaiting audit, passed or refused). */
export function accountOperations({ operation, store, services }: ResourceRoutes) {
  const { db } = services;
  const base = store.schema.api;

  // The administrator tenant unlocks every tenant's users; other administrators only their own.
  operation('unlock', { params: userIdsParams }, async ({ c, user, params }) => {
    const sql = new SqlParams();
    const where = [
      `id = ANY(string_to_array(${sql.add(params.userIds.join(','))}, ',')::bigint[])`,
      ...readScope(user, sql, { tenantScoped: user.tenantId !== ADMIN_TENANT, resource: 'user' }).predicates,
    ];
    const accounts = await db.query<{ tenant_id: string; account: string }>(`SELECT tenant_id, account FROM blade_user WHERE ${where.join(' AND ')}`, sql.values);
    for (const account of accounts) {
      await clearFailures(db, account.tenant_id, account.account);
      const data = `账号 ${account.account} 已由 ${user.account} 解封`;
      await recordEvent(db, c, { level: 'INFO', logId: 'account-unlocked', data }, { tenantId: account.tenant_id, account: user.account, userId: user.userId, deptId: user.deptId });
    }
    return R.status(accounts.length > 0);
  });

  // Registrations awaiting audit (the audit dialog), newest first.
  operation('audit', { path: `${base}/audit-list`, method: 'GET', query: auditListQuery }, async ({ c, user, query }) => {
    const paging = parsePaging(c.req.query());
    const { where, values } = scopedWhere(user, { resource: 'user' }, `status = $1 AND ($2 = '' OR account = $2)`, [USER_STATUS.awaitingAudit, query.account ?? '']);
    const rows = await db.query(
      `SELECT ${USER_COLUMNS}, create_time FROM blade_user WHERE ${where}
       ORDER BY create_time DESC, id DESC LIMIT ${paging.size} OFFSET ${paging.offset}`,
      values,
    );
    const [count] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_user WHERE ${where}`, values);
    const records = rows.map((row) => serializeColumns(row, { ...USER_COLUMN_TYPES, create_time: 'datetime' }));
    return R.data(pageOf(records, Number(count.n), paging));
  });

  // Only registrations still awaiting audit change.
  for (const [path, status] of [
    ['audit-pass', USER_STATUS.active],
    ['audit-refuse', USER_STATUS.refused],
  ] as const) {
    operation('audit', { path: `${base}/${path}`, params: userIdsParams }, async (call) => {
      const awaiting = (await store.byIds(call.user, call.params.userIds)).filter((row) => row.status === USER_STATUS.awaitingAudit);
      await db.transaction(async (tx) => {
        for (const row of awaiting) await store.patch({ ...call, tx }, String(row.id), { status });
      });
      return R.status(awaiting.length > 0);
    });
  }
}
