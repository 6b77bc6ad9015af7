import { BUILT_IN_RECORDING, enabledSetting, sendSms, SMS_PURPOSE } from '../../../resources/sms/channel';
import { phoneCheck } from '../../../resources/validation';
import { randomInt } from 'node:crypto';
import type { ServerServices } from '../../blade/context';
import { badRequest } from '../../blade/errors';
import { nextId } from '../../blade/ids';
import type { Db } from '../../db/types';
import { decryptField } from './sm2';
import { assertUserActive, findUser } from '../../users/lookup';
import { startSession } from '../../users/sessions';
import { issueTokens } from '../../users/token-response';
import { OAUTH, oauthError } from './oauth-error';
import { assertTenantUsable, tenantOf, type TokenRequest } from './token-request';

/** Codes live 5 minutes; a code dies after 5 wrong guesses. How often one may be sent is the SMS channel's limit. */
export const SMS_CODE_MS = 5 * 60 * 1000;
const SMS_MAX_ATTEMPTS = 5;

/** A phone number as sent: 11 plain digits, or SM2 ciphertext when the server has an SM2 key. */
export function phoneOf(services: ServerServices, sent: string | undefined): string | undefined {
  const phone = sent ? decryptField(services.config, sent) : undefined;
  return phone !== undefined && phoneCheck(phone) === undefined ? phone : undefined;
}

/**
 * `POST sms/send-validate`: issues a 6-digit code for the phone and sends it through the tenant's enabled SMS setting
 * (短信配置), or the recording channel when it has none (the code is then read in the screen's send log). The rate
 * limits and the log are the channel's; the code is kept here for the `sms_code` grant once it was sent.
 */
export async function sendValidateCode(services: ServerServices, tenantId: string, sentPhone: string | undefined) {
  const { db } = services;
  const phone = phoneOf(services, sentPhone);
  if (!phone) throw badRequest('手机号码格式不正确');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const setting = (await enabledSetting(db, tenantId)) ?? BUILT_IN_RECORDING;
  const sent = await sendSms(services, { tenantId, setting, phones: [phone], params: { code }, purpose: SMS_PURPOSE.loginCode });
  const id = nextId();
  const now = Date.now();
  await db.query('DELETE FROM blade_sms_record WHERE expires_at < $1', [now - SMS_CODE_MS]);
  await db.query(
    `INSERT INTO blade_sms_record (id, tenant_id, phone, code, content, send_time, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, tenantId, phone, code, sent.content ?? '', now, now + SMS_CODE_MS],
  );
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
