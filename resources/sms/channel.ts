import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../../server/config';
import { badRequest } from '../../server/blade/errors';
import { nextId } from '../../server/blade/ids';
import { tenantWhere } from '../../server/blade/scope';
import { formatDateTime } from '../../server/blade/serializer';
import type { Db } from '../../server/db/types';
import { OutboundRefused, outboundPolicy, outboundRequest, type OutboundPolicy } from '../../server/outbound';
import { SMS_CATEGORY, SMS_STATUS } from './dicts';
import { aliyunCanonicalQuery, aliyunRpcSignature, tc3Authorization } from './signing';

/*
 * Sending an SMS through a tenant's setting (server only): the rate limits and the send log in one short transaction,
 * then the provider's call outside it, then its answer written to the log. Used by 发送 (`endpoint/send-message`) and
 * by the phone login's `sms/send-validate`.
 */

/** A setting as the channel reads it (secret included: never answered to a client from here). */
export interface SmsSetting {
  /** Null for the built-in recording channel of a tenant without an enabled setting. */
  id: string | null;
  smsCode: string;
  category: number;
  templateId: string;
  signName: string;
  accessKey: string;
  secretKey: string;
  regionId: string;
  sdkAppId: string;
  endpoint: string;
}

/** What a tenant without an enabled setting sends its login codes through: the log only. */
export const BUILT_IN_RECORDING: SmsSetting = {
  id: null,
  smsCode: '',
  category: SMS_CATEGORY.recording,
  templateId: '您的验证码为${code},5分钟内有效。',
  signName: '',
  accessKey: '',
  secretKey: '',
  regionId: '',
  sdkAppId: '',
  endpoint: '',
};

/** Why a message was sent: a login code, or 发送 / the API. */
export const SMS_PURPOSE = { loginCode: 1, message: 2 } as const;
/** `result` of a log row. */
export const SMS_RESULT = { sending: 0, sent: 1, failed: 2 } as const;

export const ALIYUN_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const TENCENT_ENDPOINT = 'https://sms.tencentcloudapi.com';
const PROVIDER_TIMEOUT_MS = 10_000;
/** One message a minute per phone, always; the hourly limits are settings (`BLADE_SMS_*_HOURLY`). */
const PHONE_INTERVAL_MS = 60_000;
const HOUR_MS = 3_600_000;
const DEFAULT_PHONE_HOURLY = 10;
const DEFAULT_TENANT_HOURLY = 200;

export const SMS_MESSAGES = {
  tooFrequent: '短信发送过于频繁,请稍后再试',
  phoneHourly: '该手机号码短信发送次数过多,请1小时后再试',
  tenantHourly: '本租户短信发送量已达上限,请稍后再试',
  noPhoneStatus: '服务商未返回该号码的发送结果',
} as const;

const SETTING_COLUMNS = `id::text AS id, sms_code, category, template_id, sign_name, access_key, secret_key, region_id, sdk_app_id, endpoint`;

function settingOf(row: Record<string, unknown>): SmsSetting {
  const text = (name: string) => (row[name] === null || row[name] === undefined ? '' : String(row[name]));
  return {
    id: text('id'),
    smsCode: text('sms_code'),
    category: Number(row.category),
    templateId: text('template_id'),
    signName: text('sign_name'),
    accessKey: text('access_key'),
    secretKey: text('secret_key'),
    regionId: text('region_id'),
    sdkAppId: text('sdk_app_id'),
    endpoint: text('endpoint'),
  };
}

/** The tenant's enabled setting, if it has one. */
export async function enabledSetting(db: Db, tenantId: string): Promise<SmsSetting | undefined> {
  const scope = tenantWhere(tenantId, {}, 'status = $1', [SMS_STATUS.enabled]);
  const [row] = await db.query(`SELECT ${SETTING_COLUMNS} FROM blade_sms WHERE ${scope.where} LIMIT 1`, scope.values);
  return row ? settingOf(row) : undefined;
}

/** The tenant's setting of 资源编号 `code`, enabled or not (发送 tries one out before it is enabled). */
export async function settingByCode(db: Db, tenantId: string, code: string): Promise<SmsSetting | undefined> {
  const scope = tenantWhere(tenantId, {}, 'sms_code = $1', [code]);
  const [row] = await db.query(`SELECT ${SETTING_COLUMNS} FROM blade_sms WHERE ${scope.where} LIMIT 1`, scope.values);
  return row ? settingOf(row) : undefined;
}

/** `138****5678`: what the log answers in place of a number. */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return `${phone.slice(0, 1)}****`;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/**
 * The text the recording channel keeps: the template with its `${name}` (or `{name}`) parameters filled, after the
 * sign name; parameters the template does not name are added after it, so a code is never lost.
 */
export function renderText(setting: SmsSetting, params: Record<string, string>): string {
  const used = new Set<string>();
  const filled = setting.templateId.replace(/\$?\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    used.add(name);
    return params[name];
  });
  const rest = Object.entries(params).filter(([name]) => !used.has(name));
  const tail = rest.length > 0 ? ` ${rest.map(([name, value]) => `${name}=${value}`).join(', ')}` : '';
  return `${setting.signName ? `【${setting.signName}】` : ''}${filled}${tail}`;
}

export interface SmsSendRequest {
  tenantId: string;
  setting: SmsSetting;
  phones: string[];
  params: Record<string, string>;
  purpose: (typeof SMS_PURPOSE)[keyof typeof SMS_PURPOSE];
  userId?: string;
}

export interface SmsSent {
  /** The log rows written, one per phone. */
  logIds: string[];
  /** The recording channel's text (nothing else keeps one). */
  content?: string;
}

interface Delivery {
  ok: boolean;
  /** What the provider answered (or why it was not reached), as the log shows it. */
  answer: string;
  /** A short reason for the caller's message when not ok. */
  reason?: string;
  content?: string;
  /** A provider that answers per phone (Tencent's SendStatusSet): each phone's own outcome, for its log row. */
  byPhone?: Map<string, { ok: boolean; answer: string }>;
}

/**
 * Sends one message to each phone through `setting`: refused with a 400 past the rate limits (nothing logged), else
 * logged as being sent, delivered, and logged with the answer. A provider's refusal is a 400 naming its reason, after
 * the log has it.
 */
export async function sendSms(services: { db: Db; config: ServerConfig }, request: SmsSendRequest): Promise<SmsSent> {
  const { db, config } = services;
  const { tenantId, setting, phones } = request;
  const now = Date.now();
  const sendTime = formatDateTime(new Date(now));
  const logIds = phones.map(() => nextId());
  await db.transaction(async (tx) => {
    // One sender per tenant at a time between the counts and the insert: concurrent sends cannot slip past a limit.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`blade_sms_log:${tenantId}`]);
    const count = async (conditions: string, values: unknown[]) => {
      const scope = tenantWhere(tenantId, { noLogicalDelete: true }, conditions, values);
      const [row] = await tx.query<{ n: string }>(`SELECT count(*) AS n FROM blade_sms_log WHERE ${scope.where}`, scope.values);
      return Number(row.n);
    };
    const hourAgo = formatDateTime(new Date(now - HOUR_MS));
    for (const phone of phones) {
      if ((await count('phone = $1 AND send_time > $2', [phone, formatDateTime(new Date(now - PHONE_INTERVAL_MS))])) > 0) {
        throw badRequest(SMS_MESSAGES.tooFrequent);
      }
      if ((await count('phone = $1 AND send_time > $2', [phone, hourAgo])) >= (config.smsPhoneHourly ?? DEFAULT_PHONE_HOURLY)) {
        throw badRequest(SMS_MESSAGES.phoneHourly);
      }
    }
    if ((await count('send_time > $1', [hourAgo])) + phones.length > (config.smsTenantHourly ?? DEFAULT_TENANT_HOURLY)) {
      throw badRequest(SMS_MESSAGES.tenantHourly);
    }
    const userId = request.userId && /^\d+$/.test(request.userId) ? request.userId : null;
    for (const [index, phone] of phones.entries()) {
      await tx.query(
        `INSERT INTO blade_sms_log (id, tenant_id, sms_id, sms_code, category, purpose, phone, result, create_user, send_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [logIds[index], tenantId, setting.id || null, setting.smsCode || null, setting.category, request.purpose, phone, SMS_RESULT.sending, userId, sendTime],
      );
    }
  });

  const delivery = await deliver(outboundPolicy(config.outboundAllow ?? []), setting, phones, request.params);
  const outcomes = delivery.byPhone;
  if (outcomes) {
    // Each phone's row says how its own send went: a partial failure shows which phones did not get it.
    for (const [index, phone] of phones.entries()) {
      const outcome = outcomes.get(phone) ?? { ok: false, answer: `${SMS_MESSAGES.noPhoneStatus}: ${delivery.answer}` };
      await db.query(`UPDATE blade_sms_log SET result = $2, answer = $3, content = $4 WHERE id = $1`, [
        logIds[index],
        outcome.ok ? SMS_RESULT.sent : SMS_RESULT.failed,
        outcome.answer.slice(0, 2000),
        delivery.content?.slice(0, 1000) ?? null,
      ]);
    }
  } else {
    await db.query(
      `UPDATE blade_sms_log SET result = $2, answer = $3, content = $4 WHERE id = ANY(string_to_array($1, ',')::bigint[])`,
      [logIds.join(','), delivery.ok ? SMS_RESULT.sent : SMS_RESULT.failed, delivery.answer.slice(0, 2000), delivery.content?.slice(0, 1000) ?? null],
    );
  }
  if (!delivery.ok) throw badRequest(`短信发送失败: ${delivery.reason ?? delivery.answer}`.slice(0, 500));
  return { logIds, content: delivery.content };
}

async function deliver(policy: OutboundPolicy, setting: SmsSetting, phones: string[], params: Record<string, string>): Promise<Delivery> {
  switch (setting.category) {
    case SMS_CATEGORY.recording:
      return { ok: true, answer: '已记录,未发出(记录通道)', content: renderText(setting, params) };
    case SMS_CATEGORY.aliyun:
      return callProvider(() => sendAliyun(policy, setting, phones, params));
    case SMS_CATEGORY.tencent:
      return callProvider(() => sendTencent(policy, setting, phones, params));
    default:
      return { ok: false, answer: `不支持的短信服务类型: ${setting.category}` };
  }
}

/** A provider's call, its refusals and network failures turned into a logged answer rather than a 500. */
async function callProvider(send: () => Promise<Delivery>): Promise<Delivery> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof OutboundRefused) {
      const answer = `短信服务地址不在允许访问的主机中(BLADE_OUTBOUND_ALLOW): ${error.message}`;
      return { ok: false, answer, reason: '短信服务地址不在允许访问的主机中,请联系管理员配置 BLADE_OUTBOUND_ALLOW' };
    }
    const answer = `无法连接短信服务: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, answer };
  }
}

const parseJson = (text: string): Record<string, any> | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, any>) : undefined;
  } catch {
    return undefined;
  }
};

/** Aliyun dysmsapi `SendSms` (2017-05-25), an RPC call signed with HMAC-SHA1 and sent as a form POST. */
async function sendAliyun(policy: OutboundPolicy, setting: SmsSetting, phones: string[], params: Record<string, string>): Promise<Delivery> {
  const query: Record<string, string> = {
    AccessKeyId: setting.accessKey,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: phones.join(','),
    RegionId: setting.regionId || 'cn-hangzhou',
    SignName: setting.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: setting.templateId,
    TemplateParam: JSON.stringify(params),
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const body = aliyunCanonicalQuery({ ...query, Signature: aliyunRpcSignature('POST', query, setting.secretKey) });
  const url = `${(setting.endpoint || ALIYUN_ENDPOINT).replace(/\/+$/, '')}/`;
  const response = await outboundRequest(policy, url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
    body,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    maxBytes: 64 * 1024,
  });
  const answer = parseJson(response.text);
  if (answer?.Code === 'OK') return { ok: true, answer: response.text };
  const reason = answer?.Code ? `${String(answer.Code)} ${String(answer.Message ?? '')}`.trim() : `HTTP ${response.status}`;
  return { ok: false, answer: response.text || `HTTP ${response.status}`, reason };
}

/** Tencent Cloud SMS `SendSms` (2021-01-11), signed with TC3-HMAC-SHA256; mainland numbers get `+86`. */
async function sendTencent(policy: OutboundPolicy, setting: SmsSetting, phones: string[], params: Record<string, string>): Promise<Delivery> {
  const url = `${(setting.endpoint || TENCENT_ENDPOINT).replace(/\/+$/, '')}/`;
  const host = new URL(url).host;
  const payload = JSON.stringify({
    PhoneNumberSet: phones.map((phone) => `+86${phone}`),
    SmsSdkAppId: setting.sdkAppId,
    SignName: setting.signName,
    TemplateId: setting.templateId,
    TemplateParamSet: Object.values(params).map(String),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const contentType = 'application/json; charset=utf-8';
  const authorization = tc3Authorization({
    secretId: setting.accessKey,
    secretKey: setting.secretKey,
    service: 'sms',
    host,
    action: 'SendSms',
    payload,
    timestamp,
    contentType,
  });
  const response = await outboundRequest(policy, url, {
    method: 'POST',
    headers: {
      Authorization: authorization,
      'Content-Type': contentType,
      Host: host,
      'X-TC-Action': 'SendSms',
      'X-TC-Timestamp': String(timestamp),
      'X-TC-Version': '2021-01-11',
      'X-TC-Region': setting.regionId || 'ap-guangzhou',
    },
    body: payload,
    timeoutMs: PROVIDER_TIMEOUT_MS,
    maxBytes: 64 * 1024,
  });
  const answer = parseJson(response.text)?.Response as Record<string, any> | undefined;
  const error = answer?.Error as { Code?: string; Message?: string } | undefined;
  type SendStatus = { PhoneNumber?: string; Code?: string; Message?: string; SerialNo?: string };
  const statuses = Array.isArray(answer?.SendStatusSet) ? (answer.SendStatusSet as SendStatus[]) : [];
  if (!answer || error || statuses.length === 0) {
    const reason = error ? `${error.Code ?? ''} ${error.Message ?? ''}`.trim() : `HTTP ${response.status}`;
    return { ok: false, answer: response.text || `HTTP ${response.status}`, reason };
  }
  // One status per phone, by the number as sent (`+86…`): each log row keeps its own, with the request's id.
  const byPhone = new Map<string, { ok: boolean; answer: string }>();
  for (const status of statuses) {
    const phone = String(status.PhoneNumber ?? '').replace(/^\+86/, '');
    byPhone.set(phone, { ok: status.Code === 'Ok', answer: JSON.stringify({ ...status, RequestId: answer.RequestId }) });
  }
  const failed = phones.filter((phone) => !byPhone.get(phone)?.ok);
  if (failed.length === 0) return { ok: true, answer: response.text, byPhone };
  const reasons = failed.map((phone) => {
    const status = statuses.find((item) => String(item.PhoneNumber ?? '').replace(/^\+86/, '') === phone);
    return `${maskPhone(phone)} ${status ? `${status.Code ?? ''} ${status.Message ?? ''}`.trim() : SMS_MESSAGES.noPhoneStatus}`;
  });
  return { ok: false, answer: response.text, byPhone, reason: `${failed.length}/${phones.length} 个号码未发出: ${reasons.join('; ')}` };
}
