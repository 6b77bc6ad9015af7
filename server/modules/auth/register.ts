import type { ServerServices } from '../../blade/context';
import { nextId } from '../../blade/ids';
import { formatDateTime } from '../../blade/serializer';
import { PARAM } from '../../db/seed-data/settings';
import type { Db } from '../../db/types';
import { accountTaken, findUser } from '../../users/lookup';
import { hashSentPassword } from '../../users/password';
import { startSession } from '../../users/sessions';
import { issueTokens } from '../../users/token-response';
import { OAUTH, oauthError } from './oauth-error';
import { phoneOf } from './sms';
import { assertTenantUsable, tenantOf, type TokenRequest } from './token-request';

/** The BladeX tenant parameter that opens self-registration for one tenant. */
export const REGISTER_PARAM_KEY = PARAM.registerUser.key;

async function registrationOpen(services: ServerServices, tenantId: string): Promise<boolean> {
  if (services.config.register) return true;
  const [param] = await services.db.query<{ param_value: string | null }>(
    'SELECT param_value FROM blade_param WHERE tenant_id = $1 AND param_key = $2 AND is_deleted = 0',
    [tenantId, REGISTER_PARAM_KEY],
  );
  return param?.param_value?.trim().toLowerCase() === 'true';
}

/** The tenant's `user` role (the smaller default role), if it has one. */
export async function defaultRoleOf(db: Db, tenantId: string): Promise<string> {
  const [role] = await db.query<{ id: string }>(
    `SELECT id FROM blade_role WHERE tenant_id = $1 AND role_alias = 'user' AND is_deleted = 0 ORDER BY sort, id LIMIT 1`,
    [tenantId],
  );
  return role?.id ?? '';
}

/**
 * Grant `register`: creates an active user of the tenant's `user` role and signs it in. Open only when the server
 * (`BLADE_REGISTER=on`) or the tenant (param `account.registerUser` = true) allows it.
 */
export async function registerGrant(services: ServerServices, request: TokenRequest) {
  const { db } = services;
  const { params } = request;
  const tenantId = tenantOf(request);
  const account = (params.account || params.username || '').trim();
  const name = (params.name || account).trim();
  await assertTenantUsable(db, tenantId);
  if (!(await registrationOpen(services, tenantId))) {
    throw oauthError(OAUTH.unsupportedGrant, '当前系统未开启注册功能');
  }
  if (!account || !params.password) throw oauthError(OAUTH.invalidRequest);
  if ([...account].length > 45 || [...name].length > 10) throw oauthError(OAUTH.invalidRequest, '账号或姓名过长');
  const password = await hashSentPassword(services.config, params.password);
  if (!password) throw oauthError(OAUTH.invalidRequest, '密码格式不正确');
  const phone = params.phone ? phoneOf(services, params.phone) : '';
  if (phone === undefined) throw oauthError(OAUTH.invalidRequest, '手机号码长度不为11位');
  const email = (params.email ?? '').trim();
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) throw oauthError(OAUTH.invalidRequest, '邮箱格式不正确');
  if (await accountTaken(db, tenantId, account)) throw oauthError(OAUTH.invalidRequest, '当前用户已存在');
  const id = nextId();
  const now = formatDateTime(new Date());
  await db.query(
    `INSERT INTO blade_user (id, tenant_id, user_type, account, password, name, real_name, email, phone, role_id, dept_id, post_id,
       create_user, create_time, update_user, update_time, status)
     VALUES ($1, $2, 1, $3, $4, $5, $5, $6, $7, $8, '', '', $1, $9, $1, $9, 1)`,
    [id, tenantId, account, password, name, email, phone, await defaultRoleOf(db, tenantId), now],
  );
  const user = (await findUser.byId(db, tenantId, id))!;
  return issueTokens(services, user, request, await startSession(db, user));
}
