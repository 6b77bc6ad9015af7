import { z } from 'zod';
import { MESSAGE_API, MESSAGE_CATEGORIES, type MessageCategory, type MessageRow, type UnreadCount } from '../../../resources/message/wire';
import type { BladeModule, BladeUser } from '../../blade/context';
import { R, send } from '../../blade/envelope';
import { badRequest, MSG } from '../../blade/errors';
import { idListField, operationHandler } from '../../blade/operation';
import { pageOf, parsePaging } from '../../blade/query';
import { scopedWhere } from '../../blade/scope';
import { formatDateTime } from '../../blade/serializer';
import { observeFlowForMessages } from '../../messages/flow';

/**
 * The caller's messages under `/api/blade-desk/message`: a page of them (unread first), the unread counts, marking
 * some or all read. Every signed-in user has messages whatever their role's menus, and reads and marks only their
 * own: each query is the caller's rows through the scope seam (tenant, logical delete) and `user_id` = the caller.
 */

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const dateText = (value: unknown) => (value instanceof Date ? formatDateTime(value) : text(value));

interface StoredMessage {
  id: string;
  category: string;
  title: string;
  content: string | null;
  link: string | null;
  is_read: number;
  read_time: unknown;
  create_time: unknown;
}

const wire = (row: StoredMessage): MessageRow => ({
  id: text(row.id),
  category: row.category as MessageCategory,
  title: row.title,
  content: text(row.content),
  link: text(row.link),
  isRead: Number(row.is_read),
  readTime: dateText(row.read_time),
  createTime: dateText(row.create_time),
});

/** The caller's own rows, and the conditions a filter adds (values numbered after the caller's id). */
const mine = (user: BladeUser, conditions: string[] = [], values: unknown[] = []) =>
  scopedWhere(user, {}, ['user_id = $1', ...conditions].join(' AND '), [user.userId, ...values]);

/** `isRead` and `category` of the list, each checked: a bad one is a 400 naming it. */
function listFilters(query: Record<string, string>) {
  const conditions: string[] = [];
  const values: unknown[] = [];
  if (query.isRead !== undefined && query.isRead !== '') {
    if (query.isRead !== '0' && query.isRead !== '1') throw badRequest(`${MSG.paramInvalid}: isRead 只能是 0 或 1`);
    values.push(Number(query.isRead));
    conditions.push(`is_read = $${values.length + 1}`);
  }
  if (query.category !== undefined && query.category !== '') {
    if (!(MESSAGE_CATEGORIES as readonly string[]).includes(query.category)) throw badRequest(`${MSG.paramInvalid}: category`);
    values.push(query.category);
    conditions.push(`category = $${values.length + 1}`);
  }
  return { conditions, values };
}

const readBody = z.object({ ids: idListField('消息编号', { max: 1000 }) });
const readAllBody = z.object({
  category: z.enum(MESSAGE_CATEGORIES, { error: `${MSG.paramInvalid}: category` }).optional().describe('消息类型'),
});

export const messageModule: BladeModule = (app, { db }) => {
  observeFlowForMessages();

  app.get(`${MESSAGE_API}/list`, async (c) => {
    const user = c.get('user');
    const query = c.req.query();
    const paging = parsePaging(query);
    const filters = listFilters(query);
    const scope = mine(user, filters.conditions, filters.values);
    const rows = await db.query<StoredMessage>(
      `SELECT id, category, title, content, link, is_read, read_time, create_time FROM blade_message WHERE ${scope.where}
       ORDER BY is_read, create_time DESC, id DESC LIMIT ${paging.size} OFFSET ${paging.offset}`,
      scope.values,
    );
    const [{ n }] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_message WHERE ${scope.where}`, scope.values);
    return send(c, R.data(pageOf(rows.map(wire), Number(n), paging)));
  });

  app.get(`${MESSAGE_API}/unread-count`, async (c) => {
    const scope = mine(c.get('user'), ['is_read = 0']);
    const rows = await db.query<{ category: string; n: string }>(
      `SELECT category, count(*) AS n FROM blade_message WHERE ${scope.where} GROUP BY category`,
      scope.values,
    );
    const byCategory = Object.fromEntries(MESSAGE_CATEGORIES.map((category) => [category, 0])) as Record<MessageCategory, number>;
    for (const row of rows) if (row.category in byCategory) byCategory[row.category as MessageCategory] = Number(row.n);
    const counts: UnreadCount = { total: Object.values(byCategory).reduce((sum, n) => sum + n, 0), byCategory };
    return send(c, R.data(counts));
  });

  // Ids that are not the caller's are passed over: marking reaches only one's own messages.
  app.post(
    `${MESSAGE_API}/read`,
    operationHandler({ body: readBody }, async ({ user, body }) => {
      const scope = mine(user, ["id = ANY(string_to_array($2, ',')::bigint[])", 'is_read = 0'], [body.ids.join(',')]);
      const marked = await db.query(
        `UPDATE blade_message SET is_read = 1, read_time = $${scope.values.length + 1} WHERE ${scope.where} RETURNING id`,
        [...scope.values, formatDateTime(new Date())],
      );
      return R.data({ marked: marked.length });
    }),
  );

  app.post(
    `${MESSAGE_API}/read-all`,
    operationHandler({ body: readAllBody }, async ({ user, body }) => {
      const scope = body.category ? mine(user, ['is_read = 0', 'category = $2'], [body.category]) : mine(user, ['is_read = 0']);
      const marked = await db.query(
        `UPDATE blade_message SET is_read = 1, read_time = $${scope.values.length + 1} WHERE ${scope.where} RETURNING id`,
        [...scope.values, formatDateTime(new Date())],
      );
      return R.data({ marked: marked.length });
    }),
  );
};
