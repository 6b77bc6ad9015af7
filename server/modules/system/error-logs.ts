import type { BladeModule } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { badRequest, MSG } from '../../blade/errors';
import { isIdText } from '../../blade/ids';
import { requireMenu } from '../../blade/permissions';
import { pageOf, parsePaging } from '../../blade/query';
import { serializeColumns } from '../../blade/serializer';

const BASE = '/api/blade-log/error';

const LOG_TYPES = {
  id: 'id',
  tenant_id: 'string',
  type: 'string',
  message: 'string',
  stack: 'string',
  url: 'string',
  log_time: 'string',
  user_id: 'id',
  account: 'string',
  create_time: 'datetime',
} as const;
const LOG_COLUMNS = Object.keys(LOG_TYPES).join(', ');

/** The front-end error logs uploaded with `POST oauth/logout`: read-only, newest first, the caller's tenant only. */
export const errorLogModule: BladeModule = (app, { db }) => {
  app.get(`${BASE}/list`, requireMenu(db, 'log_error'), async (c) => {
    const paging = parsePaging(c.req.query());
    const { tenantId } = c.get('user');
    const rows = await db.query(
      `SELECT ${LOG_COLUMNS} FROM blade_log_error WHERE tenant_id = $1
       ORDER BY create_time DESC, id DESC LIMIT ${paging.size} OFFSET ${paging.offset}`,
      [tenantId],
    );
    const [count] = await db.query<{ n: string }>('SELECT count(*) AS n FROM blade_log_error WHERE tenant_id = $1', [tenantId]);
    return send(c, R.data(pageOf(rows.map((row) => serializeColumns(row, LOG_TYPES)), Number(count.n), paging)));
  });

  app.get(`${BASE}/detail`, requireMenu(db, 'log_error'), async (c) => {
    const id = c.req.query('id');
    if (!id) throw badRequest(`${MSG.missingParam}: id`);
    if (!isIdText(id)) throw badRequest(`${MSG.paramType}: id`);
    const [row] = await db.query(`SELECT ${LOG_COLUMNS} FROM blade_log_error WHERE id = $1 AND tenant_id = $2`, [
      id,
      c.get('user').tenantId,
    ]);
    if (!row) throw badRequest('数据不存在');
    return send(c, R.data(serializeColumns(row, LOG_TYPES)));
  });
};
