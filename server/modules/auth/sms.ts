import { phoneCheck } from '../../../resources/validation';
import { randomInt } from 'node:crypto';
import type { ServerServices } from '../../blade/context';
import { BladeError, badRequest } from '../../blade/errors';
import { nextId } from '../../blade/ids';
import type { Db } from '../../db/types';
import { decryptField } from './sm2';
import { assertUserActive, findUser } from '../../users/lookup';
import { startSession } from '../../users/sessions';
import { issueTokens } from '../../users/token-response';
import { OAUTH, oauthError } from './oauth-error';
import { assertTenantUsable, tenantOf, type TokenRequest } from './token-request';

/** Codes live 5 minutes; one code per phone a minute; a code dies after 5 wrong guesses. */
export const SMS_CODE_MS = 5 * 60 * 1000;
const SMS_INTERVAL_MS = 60 * 1000;
const SMS_MAX_ATTEMPTS = 5;

/** A phone number as sent: 11 plain digits, or SM2 ciphertext when the server has an SM2 key. */
export function phoneOf(services: ServerServices, sent: string | undefined): string | undefined {
  const phone = sent ? decryptField(services.config, sent) : undefined;
  return phone !== undefined && phoneCheck(phone) === undefined ? phone : undefined;
}

/**
 * `POST sms/send-validate`: issues a 6-digit code for the phone. The default channel is the server log (and the
 * `blade_sms_record` table), which is where an operator without an SMS gateway reads it.
 */
export async function sendValidateCode(services: ServerServices, tenantId: string, sentPhone: string | undefined) {
  const { db } = services;
  const phone = phoneOf(services, sentPhone);
  if (!phone) throw badRequest('手机号码格式不正确');
  const now = Date.now();
  const [recent] = await db.query<{ n: string }>(
    'SELECT count(*) AS n FROM blade_sms_record WHERE tenant_id = $1 AND phone = $2 AND send_time > $3',
    [tenantId, phone, now - SMS_INTERVAL_MS],
  );
  if (Number(recent.n) > 0) throw new BladeError(400, '短信发送过于频繁,请稍后再试');
  const id = nextId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const content = `您的验证码为${code},5分钟内有效。`;
  await db.query('DELETE FROM blade_sms_record WHERE expires_at < $1', [now - SMS_CODE_MS]);
  await db.query(
    `INSERT INTO blade_sms_record (id, tenant_id, phone, code, content, send_time, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, tenantId, phone, code, content, now, now + SMS_CODE_MS],
  );
  console.log(`[sms] tenant ${tenantId} phone ${phone}: ${content}`);
  return { id };
}

/** Consumes the code `id` of `phone` when `value` matches; wrong guesses count, and the fifth kills the code. */
async function consumeCode(db: Db, tenantId: string, phone: string, id: string, value: string): Promise<boolean> {
  if (!/^\d{1,19}$/.test(id)) return false;
  const [used] = await db.query(
    `UPDATE blade_sms_record SET used = 1
     WHERE id = $1 AND tenant_id = $2 AND phone = $3 AND code = $4 AND used = 0 AND expires_at >= $5 AND attempts < $6
     RETURNING id`,
    [id, tenantId, phone, value.trim(), Date.now(), SMS_MAX_ATTEMPTS],
  );
  if (used) return true;
  await db.query('UPDATE blade_sms_record SET attempts = attempts + 1 WHERE id = $1 AND used = 0', [id]);
  return false;
}

/** Grant `sms_code`: `phone`, `id` (from send-validate) and `value` (the code) sign in the user owning the phone. */
export async function smsGrant(services: ServerServices, request: TokenRequest) {
  const { db } = services;
  const { id, value } = request.params;
  const tenantId = tenantOf(request);
  if (!request.params.phone || !id || !value) throw oauthError(OAUTH.invalidRequest);
  const phone = phoneOf(services, request.params.phone);
  if (!phone) throw oauthError(OAUTH.invalidRequest, '手机号码格式不正确');
  await assertTenantUsable(db, tenantId);
  if (!(await consumeCode(db, tenantId, phone, id, value))) throw oauthError(OAUTH.badCaptcha);
  const user = await findUser.byPhone(db, tenantId, phone);
  if (!user) throw oauthError(OAUTH.userNotFound, '该手机号未绑定用户');
  assertUserActive(user);
  return issueTokens(services, user, request, await startSession(db, user));
}
