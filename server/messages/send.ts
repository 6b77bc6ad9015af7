import type { MessageCategory } from '../../resources/message/wire';
import { nextId } from '../blade/ids';
import { SqlParams } from '../blade/query';
import { tenantRows } from '../blade/scope';
import { formatDateTime } from '../blade/serializer';
import type { Db } from '../db/types';

export interface OutgoingMessage {
  tenantId: string;
  category: MessageCategory;
  title: string;
  content: string;
  /** The screen the message opens (a path of the app). */
  link: string;
}

const TITLE_MAX = 255;
const CONTENT_MAX = 2000;
const ID_TEXT = /^\d{1,19}$/;

/**
 * Sends `message` to each of `userIds` that is a live user of its tenant (an id of another tenant, a removed user or
 * a stray text reaches nobody). Runs in the caller's transaction: the message exists exactly when the event does.
 * Answers how many users it reached.
 */
export async function sendMessage(db: Db, userIds: Iterable<string>, message: OutgoingMessage): Promise<number> {
  const wanted = [...new Set([...userIds].map((id) => String(id).trim()).filter((id) => ID_TEXT.test(id)))];
  if (wanted.length === 0) return 0;
  const params = new SqlParams();
  const ids = params.add(wanted.join(','));
  const users = await db.query<{ id: string }>(
    `SELECT id FROM blade_user WHERE id = ANY(string_to_array(${ids}, ',')::bigint[]) AND ${tenantRows(message.tenantId, params).join(' AND ')}`,
    params.values,
  );
  const now = formatDateTime(new Date());
  for (const user of users) {
    await db.query(
      `INSERT INTO blade_message (id, tenant_id, user_id, category, title, content, link, is_read, create_time, is_deleted)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, 0)`,
      [nextId(), message.tenantId, user.id, message.category, message.title.slice(0, TITLE_MAX), message.content.slice(0, CONTENT_MAX), message.link, now],
    );
  }
  return users.length;
}

/** The live users of the tenant holding any of `roleIds` (a flow task's candidate groups). */
export async function membersOfRoles(db: Db, tenantId: string, roleIds: readonly string[]): Promise<string[]> {
  const wanted = roleIds.filter((id) => ID_TEXT.test(id));
  if (wanted.length === 0) return [];
  const params = new SqlParams();
  const roles = params.add(wanted.join(','));
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM blade_user WHERE string_to_array(role_id, ',') && string_to_array(${roles}, ',')
       AND ${tenantRows(tenantId, params).join(' AND ')}`,
    params.values,
  );
  return rows.map((row) => String(row.id));
}
