import { phoneProblem } from '../../../resources/validation';
import type { BladeModule, BladeUser } from '../../blade/context';
import { jsonBody } from '../../blade/crud';
import { R, send } from '../../blade/envelope';
import { badRequest, forbidden, MSG } from '../../blade/errors';
import { isIdText, nextId } from '../../blade/ids';
import { hasMenu } from '../../blade/permissions';
import { readerCodesOf } from '../../blade/mount';
import { deptSchema } from '../../../resources/dept/schema';
import { SqlParams } from '../../blade/query';
import { scopedRows, scopedWhere, tenantWhere } from '../../blade/scope';
import { formatDateTime, serializeColumns } from '../../blade/serializer';
import type { Db } from '../../db/types';
import { USER_COLUMN_TYPES, USER_COLUMNS } from '../../users/columns';
import { accountTaken, USER_STATUS } from '../../users/lookup';
import { hashSentPassword, passwordMatches } from '../../users/password';
import { defaultRoleOf } from '../auth/register';
import { decryptField } from '../auth/sm2';

const BASE = '/api/blade-system';


const idsOf = (list: unknown) => String(list ?? '').split(',').filter(isIdText).join(',');


async function namedIds(db: Db, table: 'blade_role' | 'blade_dept', column: string, ids: string) {
  if (!ids) return { ids: '', names: '' };
  const rows = await db.query<{ id: string; name: string }>(
    `SELECT id::text AS id, ${column} AS name FROM ${table} WHERE id = ANY(string_to_array($1, ',')::bigint[]) AND is_deleted = 0`,
    [ids],
  );
  const found = ids.split(',').filter((id) => rows.some((row) => row.id === id));
  return { ids: found.join(','), names: found.map((id) => rows.find((row) => row.id === id)!.name).join(',') };
}

/** The caller's own user row with role and dept names, never the password. */
async function infoOf(db: Db, user: BladeUser) {
  const params = new SqlParams();
  const where = [`id = ${params.add(isIdText(user.userId) ? user.userId : '0')}`, ...scopedRows(user, params)];
  const [row] = await db.query(`SELECT ${USER_COLUMNS} FROM blade_user WHERE ${where.join(' AND ')}`, params.values);
  if (!row) throw badRequest('用户不存在');
  const info = serializeColumns(row, USER_COLUMN_TYPES);
  // Ids and names pair up by position (the switch dialog's choices): an id whose row is gone is left out of both.
  const roles = await namedIds(db, 'blade_role', 'role_name', idsOf(row.role_id));
  const depts = await namedIds(db, 'blade_dept', 'dept_name', idsOf(row.dept_id));
  return { ...info, roleId: roles.ids, roleName: roles.names, deptId: depts.ids, deptName: depts.names };
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Trimmed text of at most `max` characters, '' for absent, or a 400 naming the field. */
function textField(body: Record<string, unknown>, key: string, label: string, max: number): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (value !== null && typeof value !== 'string') throw badRequest(`${label}格式不正确`);
  const text = (value ?? '').trim();
  if (text.includes('\u0000')) throw badRequest(`${label}格式不正确`);
  if ([...text].length > max) throw badRequest(`${label}长度不能超过${max}个字符`);
  return text;
}

/** Personal info (`/info/index`), guest registration and its audit, and the role/dept pickers of the switch dialog. */
export const profileModule: BladeModule = (app, services) => {
  const { db, tokens } = services;

  app.get(`${BASE}/user/info`, async (c) => send(c, R.data(await infoOf(db, c.get('user')))));

  app.post(`${BASE}/user/update-info`, async (c) => {
    const user = c.get('user');
    const body = await jsonBody(c.req.raw);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(MSG.paramInvalid);
    const input = body as Record<string, unknown>;
    const changes = new Map<string, string>();
    const phone = textField(input, 'phone', '手机号码', 64);
    if (phone !== undefined) {
      const plain = decryptField(services.config, phone);
      if (plain === '') throw badRequest('手机号码不能为空');
      const problem = phoneProblem(plain);
      if (problem) throw badRequest(problem);
      changes.set('phone', plain);
    }
    const email = textField(input, 'email', '邮箱', 45);
    if (email !== undefined) {
      if (email && !EMAIL.test(email)) throw badRequest('邮箱格式不正确');
      changes.set('email', email);
    }
    for (const [key, column, label, max] of [
      ['avatar', 'avatar', '头像', 500],
      ['realName', 'real_name', '姓名', 10],
      ['name', 'name', '用户昵称', 20],
    ] as const) {
      const value = textField(input, key, label, max);
      if (value !== undefined) changes.set(column, value);
    }
    if (changes.size === 0) return send(c, R.status(false));
    const params = new SqlParams();
    const sets = [...changes].map(([column, value]) => `${column} = ${params.add(value)}`);
    sets.push(`update_user = ${params.add(user.userId)}`, `update_time = ${params.add(formatDateTime(new Date()))}`);
    // The caller's own row: no data scope (it is theirs whoever created it).
    const where = [`id = ${params.add(user.userId)}`, ...scopedRows(user, params)];
    const updated = await db.query(`UPDATE blade_user SET ${sets.join(', ')} WHERE ${where.join(' AND ')} RETURNING id`, params.values);
    return send(c, R.status(updated.length > 0));
  });

  app.post(`${BASE}/user/update-password`, async (c) => {
    const user = c.get('user');
    const { oldPassword, newPassword, newPassword1 } = c.req.query();
    if (!oldPassword || !newPassword || !newPassword1) throw badRequest(MSG.missingParam);
    const fresh = decryptField(services.config, newPassword);
    if (fresh !== decryptField(services.config, newPassword1)) throw badRequest('两次密码输入不一致');
    const own = scopedWhere(user, {}, 'id = $1', [isIdText(user.userId) ? user.userId : '0']);
    const [row] = await db.query<{ password: string | null }>(`SELECT password FROM blade_user WHERE ${own.where}`, own.values);
    const old = decryptField(services.config, oldPassword);
    if (!row || !(await passwordMatches(row.password, old))) throw badRequest('原密码不正确');
    const hash = await hashSentPassword(services.config, fresh);
    if (!hash) throw badRequest('密码格式不正确');
    await db.query('UPDATE blade_user SET password = $1, update_user = $2, update_time = $3 WHERE id = $2', [
      hash,
      user.userId,
      formatDateTime(new Date()),
    ]);
    return send(c, R.success());
  });

  // A social-login guest asks for an account bound to its third-party account; an administrator audits it.
  app.post(`${BASE}/user/register-guest`, async (c) => {
    const { tenantId, name, account, password, oauthId } = c.req.query();
    // The guest token names the third-party account it proved; another oauthId is refused.
    const jwt = c.req.header('blade-auth')?.match(/^bearer\s+(\S+)$/i)?.[1];
    const claims = jwt ? await tokens.verify(jwt, 'access_token') : undefined;
    if (!oauthId || !claims || claims.oauth_id !== oauthId) throw badRequest('第三方账号信息无效');
    const tenant = tenantId || claims.tenant_id;
    if (tenant !== claims.tenant_id) throw badRequest('第三方账号信息无效');
    const accountName = (account ?? '').trim();
    if (!accountName) throw badRequest('请先输入账号名称');
    if ([...accountName].length > 45 || [...(name ?? '')].length > 10) throw badRequest('账号或姓名过长');
    const hash = await hashSentPassword(services.config, password);
    if (!hash) throw badRequest('请先输入密码');
    // A guest has no account yet: the tenant its token names is the scope.
    const bound = tenantWhere(tenant, { noLogicalDelete: true }, 'id = $1', [oauthId]);
    const [oauth] = await db.query<{ user_id: string | null }>(`SELECT user_id FROM blade_user_oauth WHERE ${bound.where}`, bound.values);
    if (!oauth || oauth.user_id) throw badRequest('该第三方账号已绑定用户');
    if (await accountTaken(db, tenant, accountName)) throw badRequest('当前用户已存在');
    const id = nextId();
    const now = formatDateTime(new Date());
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO blade_user (id, tenant_id, user_type, account, password, name, real_name, role_id, dept_id, post_id,
           create_user, create_time, update_user, update_time, status)
         VALUES ($1, $2, 1, $3, $4, $5, $5, $6, '', '', $1, $7, $1, $7, $8)`,
        [id, tenant, accountName, hash, (name ?? '').trim() || accountName.slice(0, 10), await defaultRoleOf(tx, tenant), now, USER_STATUS.awaitingAudit],
      );
      await tx.query('UPDATE blade_user_oauth SET user_id = $1 WHERE id = $2', [id, oauthId]);
    });
    return send(c, R.success());
  });

  /** With `userId`: that user's own roles/depts (the switch dialog); without: all of the tenant's. */
  const ownedIds = async (userId: string | undefined, user: BladeUser, column: 'role_id' | 'dept_id') => {
    if (userId === undefined || userId === '') return undefined;
    if (!isIdText(userId)) throw badRequest(`${MSG.paramType}: userId`);
    // Another user's roles or departments are read as that user's row is: through the user data scope.
    const scope = scopedWhere(user, userId === user.userId ? {} : { resource: 'user' }, 'id = $1', [userId]);
    const [row] = await db.query<Record<string, string | null>>(`SELECT ${column} AS ids FROM blade_user WHERE ${scope.where}`, scope.values);
    return idsOf(row?.ids);
  };

  app.get(`${BASE}/role/select`, async (c) => {
    const user = c.get('user');
    const userId = c.req.query('userId');
    // The switch dialog asks for the caller's own roles; any other list is for screens that manage or pick roles.
    if (userId !== user.userId && !(await hasMenu(db, user, 'role')) && !(await hasMenu(db, user, 'user'))) throw forbidden();
    const owned = await ownedIds(userId, user, 'role_id');
    const params = new SqlParams();
    // A user's own roles are theirs to switch to; the whole list is the role screen's, under its data scope.
    const where = [
      ...scopedRows(user, params, owned !== undefined ? {} : { resource: 'role' }),
      `(${params.add(owned ?? null)}::text IS NULL OR id = ANY(string_to_array(${params.add(owned ?? null)}, ',')::bigint[]))`,
    ];
    const rows = await db.query(`SELECT id, role_name, role_alias FROM blade_role WHERE ${where.join(' AND ')} ORDER BY sort, id`, params.values);
    return send(c, R.data(rows.map((row) => serializeColumns(row, { id: 'id', role_name: 'string', role_alias: 'string' }))));
  });

  // A user's own departments (the switch dialog) are open to that user; any other list follows the screens that
  // show departments (their readers, as the generic routes guard them).
  app.get(`${BASE}/dept/select`, async (c) => {
    const user = c.get('user');
    const userId = c.req.query('userId');
    if (userId !== user.userId) {
      let reader = false;
      for (const code of readerCodesOf(deptSchema, services.registry.schemas)) if (!reader && (await hasMenu(db, user, code))) reader = true;
      if (!reader) throw forbidden();
    }
    const owned = await ownedIds(userId, user, 'dept_id');
    // A user's own departments are theirs to switch to; the whole list is the dept screen's, under its data scope.
    const scope = scopedWhere(user, owned !== undefined ? {} : { resource: 'dept' }, "($1::text IS NULL OR id = ANY(string_to_array($1, ',')::bigint[]))", [owned ?? null]);
    const rows = await db.query(`SELECT id, parent_id, dept_name FROM blade_dept WHERE ${scope.where} ORDER BY sort, id`, scope.values);
    return send(c, R.data(rows.map((row) => serializeColumns(row, { id: 'id', parent_id: 'id', dept_name: 'string' }))));
  });
};
