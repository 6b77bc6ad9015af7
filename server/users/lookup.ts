import type { Db } from '../db/types';
import { OAUTH, oauthError } from '../modules/auth/oauth-error';

/** A user as the token endpoint needs it (the password hash stays inside server/users). */
export interface UserRow {
  id: string;
  tenant_id: string;
  account: string;
  password: string | null;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  role_id: string | null;
  dept_id: string | null;
  post_id: string | null;
  status: number;
}

const USER_COLUMNS = 'id, tenant_id, account, password, name, real_name, avatar, role_id, dept_id, post_id, status';

/** User status: 1 active; a guest registration waits for an administrator (0) who may refuse it (2). */
export const USER_STATUS = { active: 1, awaitingAudit: 0, refused: 2 } as const;

/** Only active users get tokens; a registration still awaiting audit says so. */
export function assertUserActive(user: { status: number }) {
  if (user.status === USER_STATUS.awaitingAudit) throw oauthError(OAUTH.unauthorizedUser, '用户未审核');
  if (user.status !== USER_STATUS.active) throw oauthError(OAUTH.unauthorizedUser);
}

/** Live users of a tenant, by account, id or phone. */
export const findUser = {
  async byAccount(db: Db, tenantId: string, account: string): Promise<UserRow | undefined> {
    const [user] = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0`,
      [tenantId, account],
    );
    return user;
  },
  async byId(db: Db, tenantId: string, id: string): Promise<UserRow | undefined> {
    if (!/^\d{1,19}$/.test(id)) return undefined;
    const [user] = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM blade_user WHERE id = $1 AND tenant_id = $2 AND is_deleted = 0`,
      [id, tenantId],
    );
    return user;
  },
  async byPhone(db: Db, tenantId: string, phone: string): Promise<UserRow | undefined> {
    const [user] = await db.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM blade_user WHERE tenant_id = $1 AND phone = $2 AND is_deleted = 0 ORDER BY id LIMIT 1`,
      [tenantId, phone],
    );
    return user;
  },
};

/** The account is taken in the tenant (live rows); the unique index still guards a race. */
export async function accountTaken(db: Db, tenantId: string, account: string): Promise<boolean> {
  return (await findUser.byAccount(db, tenantId, account)) !== undefined;
}
