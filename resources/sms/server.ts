import { z } from 'zod';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { R, send } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { oneEnabled } from '../../server/blade/one-enabled';
import { pageOf, parsePaging } from '../../server/blade/query';
import { scopedWhere } from '../../server/blade/scope';
import { formatDateTime } from '../../server/blade/serializer';
import { phoneCheck } from '../validation';
import { maskPhone, sendSms, settingByCode, SMS_PURPOSE, SMS_RESULT } from './channel';
import { SMS_CATEGORY, SMS_STATUS } from './dicts';

const onlyOneEnabled = oneEnabled({ enabled: SMS_STATUS.enabled, disabled: SMS_STATUS.disabled, noun: '短信配置' });

const PROVIDERS: ReadonlySet<number> = new Set([SMS_CATEGORY.aliyun, SMS_CATEGORY.tencent]);
/** A send of 发送 reaches at most this many phones (Tencent takes 200 a call; a test needs a few). */
const MAX_PHONES = 20;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value));

/** `params` of send-message: a JSON object (BladeX sends it as a string) whose values become strings. */
const templateParams = z.preprocess(
  (sent) => {
    if (sent === undefined || sent === null || sent === '') return {};
    if (typeof sent !== 'string') return sent;
    try {
      return JSON.parse(sent) as unknown;
    } catch {
      return undefined;
    }
  },
  z.record(z.string(), z.union([z.string(), z.number()]).transform(String), { error: '模板参数须为JSON对象: params' }),
);

const sendMessageParams = z.object({
  code: z.string({ error: '请输入资源编号: code' }).trim().min(1, { error: '请输入资源编号: code' }),
  phones: z
    .string({ error: '请输入手机号码: phones' })
    .transform((value) => [...new Set(value.split(/[,，\s]+/).map((phone) => phone.trim()).filter(Boolean))])
    .refine((phones) => phones.length > 0, { error: '请输入手机号码: phones' })
    .refine((phones) => phones.length <= MAX_PHONES, { error: `一次最多发送${MAX_PHONES}个手机号码: phones` })
    .refine((phones) => phones.every((phone) => phoneCheck(phone) === undefined), { error: '手机号码格式不正确: phones' }),
  params: templateParams,
});

/**
 * 短信配置: what each provider needs is there on save (the secret may stay the stored one); one setting per tenant is
 * enabled (启用 swaps it under a lock), and that one can neither be switched off by a save nor removed. 发送 and the
 * send log are this screen's own calls.
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite(context) {
    const { tx, values, before, id, isInsert, isPatch } = context;
    if (isPatch) return;
    onlyOneEnabled.refuseDisabling(context);
    const merged = { ...before, ...values };
    // The category itself is checked with the other fields (required, from the dictionary) after this hook.
    const category = Number(merged.category);
    if (!PROVIDERS.has(category)) return;
    if (!text(merged.signName)) throw badRequest('请输入短信签名: signName');
    if (!text(merged.accessKey)) throw badRequest('请输入AccessKey: accessKey');
    if (category === SMS_CATEGORY.tencent && !text(merged.sdkAppId)) throw badRequest('请输入SDK AppID: sdkAppId');
    if (!text(values.secretKey)) {
      const [stored] = isInsert ? [] : await tx.query<{ held: boolean }>(`SELECT coalesce(secret_key, '') <> '' AS held FROM blade_sms WHERE id = $1`, [id]);
      if (!stored?.held) throw badRequest('请输入SecretKey: secretKey');
    }
  },

  beforeRemove: onlyOneEnabled.refuseRemoving,

  routes(routes) {
    const { operation, read, store, services } = routes;
    const { db } = services;

    // 启用: this one becomes the tenant's enabled setting, the one before it goes back to not enabled.
    onlyOneEnabled.mountEnable(routes);
    // 发送 (BladeX `endpoint/send-message`): the template of setting `code` with `params` to each of `phones`.
    operation('send', { params: sendMessageParams }, async ({ user, params: { code, phones, params } }) => {
      const setting = await settingByCode(db, user.tenantId, code);
      if (!setting) throw badRequest(`短信配置不存在: ${code}`);
      const sent = await sendSms(services, { tenantId: user.tenantId, setting, phones, params, purpose: SMS_PURPOSE.message, userId: user.userId });
      return R.data({ logIds: sent.logIds, content: sent.content ?? '' });
    });

    // 发送记录: the tenant's sends, newest first, phones masked; the text only where the recording channel kept it.
    read(`${store.schema.api}/log/list`, async (c) => {
      const query = c.req.query();
      const paging = parsePaging(query);
      const conditions: string[] = [];
      const values: unknown[] = [];
      if (query.phone) {
        values.push(query.phone.trim());
        conditions.push(`phone = $${values.length}`);
      }
      if (query.smsCode) {
        values.push(query.smsCode.trim());
        conditions.push(`sms_code = $${values.length}`);
      }
      const scope = scopedWhere(c.get('user'), { noLogicalDelete: true }, conditions.join(' AND '), values);
      const rows = await db.query<Record<string, unknown>>(
        `SELECT id::text AS id, sms_code, category, purpose, phone, content, result, answer, send_time FROM blade_sms_log
         WHERE ${scope.where} ORDER BY send_time DESC, id DESC LIMIT ${paging.size} OFFSET ${paging.offset}`,
        scope.values,
      );
      const [count] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM blade_sms_log WHERE ${scope.where}`, scope.values);
      const records = rows.map((row) => ({
        id: String(row.id),
        smsCode: text(row.sms_code),
        category: Number(row.category),
        purpose: Number(row.purpose),
        phone: maskPhone(text(row.phone)),
        content: text(row.content),
        result: Number(row.result ?? SMS_RESULT.sending),
        answer: text(row.answer),
        sendTime: row.send_time instanceof Date ? formatDateTime(row.send_time) : text(row.send_time),
      }));
      return send(c, R.data(pageOf(records, Number(count.n), paging)));
    });
  },
};
