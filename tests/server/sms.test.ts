import { createHash, createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { registry } from '../../resources/schemas';
import { call, md5 } from './client';
import { freshDataDir } from './data-dir';
import { freshPostgresDatabase } from './printed-product';
import { ADMIN_PASSWORD, TESTER } from './fixtures';

/**
 * 短信配置 over HTTP against its own server (loopback allowed as a provider address, small hourly limits): the secret
 * is write-only, one setting is enabled, 发送 goes through the recording channel or a provider, the phone login uses
 * the enabled setting, every send is logged with the phone masked, the limits refuse, and a provider is called with
 * its documented signature (checked by a fake provider started here) only on allowed hosts.
 */
const SMS = '/api/blade-resource/sms';
const TESTER_PHONE = '13800000000';
const ALIYUN_SECRET = 'ali-secret-1';
const TENCENT_SECRET = 'tc-secret-1';
const PHONE_HOURLY = 3;
const TENANT_HOURLY = 25;

let server: RunningServer;
let dataDir: string;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let admin: string;
let provider: Server;
let providerUrl: string;

interface ProviderCall {
  kind: 'aliyun' | 'tencent';
  /** The signature the fake provider computed itself matched the one sent. */
  signatureValid: boolean;
  params: Record<string, any>;
  headers: IncomingHttpHeaders;
}
const providerCalls: ProviderCall[] = [];

const api = (path: string, options: Parameters<typeof call>[1] = {}) => call(path, { base: server.url, token: admin, ...options });

const tokenCall = (params: Record<string, string>) =>
  call(`/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', scope: 'all', ...params })}`, {
    base: server.url,
    method: 'POST',
    headers: { 'Tenant-Id': '000000' },
  });

const sendValidate = (phone: string) => call(`/api/blade-auth/oauth/sms/send-validate?tenantId=000000&phone=${phone}`, { base: server.url, method: 'POST' });

const sendMessage = (code: string, phones: string, params: Record<string, string>) =>
  api(`${SMS}/endpoint/send-message?${new URLSearchParams({ code, phones, params: JSON.stringify(params) })}`, { method: 'POST' });

async function logOf(phone: string) {
  const answer = await api(`${SMS}/log/list?phone=${phone}&size=50`);
  expect(answer.body, answer.text).toMatchObject({ code: 200 });
  return answer.body.data.records as Record<string, any>[];
}

/** Moves a phone's sends back by `minutes`, as if they were sent that long ago (the per-minute limit lets go). */
const age = (phone: string, minutes: number) =>
  server.db.query(`UPDATE blade_sms_log SET send_time = send_time - make_interval(mins => $2) WHERE phone = $1`, [phone, minutes]);

async function saveSetting(values: Record<string, unknown>) {
  const saved = await api(`${SMS}/submit`, { json: values });
  expect(saved.body, saved.text).toMatchObject({ code: 200 });
  const list = await api(`${SMS}/list?smsCode=${values.smsCode}`);
  return list.body.data.records[0] as Record<string, any>;
}

// The fake provider checks signatures its own way (not with the product's signing code), as the provider would.
const percent = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

function checkAliyun(body: string): ProviderCall {
  const params = Object.fromEntries(new URLSearchParams(body));
  const { Signature: signature, ...signed } = params;
  const query = Object.keys(signed).sort().map((name) => `${percent(name)}=${percent(signed[name])}`).join('&');
  const expected = createHmac('sha1', `${ALIYUN_SECRET}&`).update(`POST&%2F&${percent(query)}`).digest('base64');
  return { kind: 'aliyun', signatureValid: signature === expected, params, headers: {} };
}

function checkTencent(body: string, headers: IncomingHttpHeaders): ProviderCall {
  const sha = (text: string) => createHash('sha256').update(text).digest('hex');
  const timestamp = Number(headers['x-tc-timestamp']);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const canonical = `POST\n/\n\ncontent-type:${headers['content-type']}\nhost:${headers.host}\nx-tc-action:${String(headers['x-tc-action']).toLowerCase()}\n\ncontent-type;host;x-tc-action\n${sha(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${sha(canonical)}`;
  let key = createHmac('sha256', `TC3${TENCENT_SECRET}`).update(date).digest();
  key = createHmac('sha256', key).update('sms').digest();
  key = createHmac('sha256', key).update('tc3_request').digest();
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const valid = headers.authorization === `TC3-HMAC-SHA256 Credential=tc-id/${date}/sms/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${signature}`;
  return { kind: 'tencent', signatureValid: valid, params: JSON.parse(body), headers };
}

beforeAll(async () => {
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const tencent = request.headers['x-tc-action'] !== undefined;
      const seen = tencent ? checkTencent(body, request.headers) : checkAliyun(body);
      providerCalls.push(seen);
      response.setHeader('Content-Type', 'application/json');
      if (tencent) {
        const answer = seen.signatureValid
          ? {
              // A number ending in 99 is over its daily limit: the provider answers per phone.
              SendStatusSet: seen.params.PhoneNumberSet.map((phone: string) =>
                phone.endsWith('99')
                  ? { PhoneNumber: phone, Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: '单个手机号日下发短信条数超过设定的上限', SerialNo: '' }
                  : { PhoneNumber: phone, Code: 'Ok', Message: 'send success', SerialNo: '2028:1' },
              ),
              RequestId: 'tc-request-1',
            }
          : { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'The provided credentials could not be validated.' }, RequestId: 'tc-request-2' };
        response.end(JSON.stringify({ Response: answer }));
      } else if (seen.signatureValid) {
        response.end(JSON.stringify({ Message: 'OK', RequestId: 'ali-request-1', Code: 'OK', BizId: '900619746936498440^0' }));
      } else {
        response.writeHead(400).end(JSON.stringify({ Message: 'Specified signature is not matched with our calculation.', Code: 'SignatureDoesNotMatch' }));
      }
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  dataDir = freshDataDir('blade-sms-test-');
  // On PostgreSQL a database of its own: its sends count towards the limits of the phones and tenant they went to,
  // which other files' phone logins on the shared database would otherwise meet.
  database = await freshPostgresDatabase('blade_sms_test');
  server = await startServer(
    {
      port: 0,
      dataDir,
      databaseUrl: database?.url,
      adminPassword: ADMIN_PASSWORD,
      captcha: false,
      outboundAllow: ['127.0.0.1'],
      smsPhoneHourly: PHONE_HOURLY,
      smsTenantHourly: TENANT_HOURLY,
    },
    { resources: registry },
  );
  const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5(ADMIN_PASSWORD), grant_type: 'password', scope: 'all', type: 'account' });
  const token = await call(`/api/blade-auth/oauth/token?${query}`, { base: server.url, method: 'POST', headers: { 'Tenant-Id': '000000' } });
  admin = token.body.access_token;
}, 60000);

afterAll(async () => {
  await server?.close();
  await database?.drop();
  await new Promise((resolve) => provider?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('SMS settings', () => {
  it('ask a provider for what it needs, never answer the secret, and keep it when the mask comes back', async () => {
    const missingSign = await api(`${SMS}/submit`, { json: { category: 3, smsCode: 'ali-bad', templateId: 'SMS_1', accessKey: 'ali-id', secretKey: 's' } });
    expect(missingSign.body).toMatchObject({ code: 400, msg: '请输入短信签名: signName' });
    const missingSecret = await api(`${SMS}/submit`, { json: { category: 3, smsCode: 'ali-bad', templateId: 'SMS_1', signName: '测试', accessKey: 'ali-id' } });
    expect(missingSecret.body).toMatchObject({ code: 400, msg: '请输入SecretKey: secretKey' });
    const missingApp = await api(`${SMS}/submit`, { json: { category: 4, smsCode: 'tc-bad', templateId: '1', signName: '测试', accessKey: 'tc-id', secretKey: 's' } });
    expect(missingApp.body).toMatchObject({ code: 400, msg: '请输入SDK AppID: sdkAppId' });

    const aliyun = await saveSetting({
      category: 3, smsCode: 'ali', templateId: 'SMS_71390007', signName: '阿里云短信测试', accessKey: 'ali-id', secretKey: ALIYUN_SECRET, endpoint: providerUrl,
    });
    expect(aliyun).toMatchObject({ categoryName: '阿里云', status: 1 });
    const list = await api(`${SMS}/list`);
    const detail = await api(`${SMS}/detail?id=${aliyun.id}`);
    for (const answer of [list, detail]) expect(answer.text).not.toContain(ALIYUN_SECRET);
    expect(detail.body.data.secretKey).toBe('******');
    // An edit sending the mask back keeps the stored secret: the provider still accepts the signature below.
    const edited = await api(`${SMS}/submit`, { json: { ...detail.body.data, remark: '改过备注' } });
    expect(edited.body, edited.text).toMatchObject({ code: 200 });

    const sent = await sendMessage('ali', '13900000001', { code: '2468' });
    expect(sent.body, sent.text).toMatchObject({ code: 200 });
    const received = providerCalls.at(-1)!;
    expect(received).toMatchObject({ kind: 'aliyun', signatureValid: true });
    expect(received.params).toMatchObject({
      Action: 'SendSms', Version: '2017-05-25', AccessKeyId: 'ali-id', PhoneNumbers: '13900000001', SignName: '阿里云短信测试',
      TemplateCode: 'SMS_71390007', TemplateParam: '{"code":"2468"}', SignatureMethod: 'HMAC-SHA1', RegionId: 'cn-hangzhou',
    });
    const [logged] = await logOf('13900000001');
    expect(logged).toMatchObject({ phone: '139****0001', smsCode: 'ali', category: 3, purpose: 2, result: 1, content: '' });
    expect(logged.answer).toContain('900619746936498440^0');
  });

  it('send through Tencent with a TC3-HMAC-SHA256 signed request', async () => {
    await saveSetting({
      category: 4, smsCode: 'tc', templateId: '449739', signName: '腾讯云测试', accessKey: 'tc-id', secretKey: TENCENT_SECRET, sdkAppId: '1400006666',
      regionId: 'ap-beijing', endpoint: providerUrl,
    });
    const sent = await sendMessage('tc', '13900000002,13900000003', { code: '1357', minutes: '5' });
    expect(sent.body, sent.text).toMatchObject({ code: 200 });
    const received = providerCalls.at(-1)!;
    expect(received).toMatchObject({ kind: 'tencent', signatureValid: true });
    expect(received.headers).toMatchObject({ 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11', 'x-tc-region': 'ap-beijing' });
    expect(received.params).toEqual({
      PhoneNumberSet: ['+8613900000002', '+8613900000003'], SmsSdkAppId: '1400006666', SignName: '腾讯云测试', TemplateId: '449739', TemplateParamSet: ['1357', '5'],
    });
    expect((await logOf('13900000003'))[0]).toMatchObject({ phone: '139****0003', result: 1 });
  });

  it("record each phone's own status from Tencent, so a partial failure shows which phones did not get it", async () => {
    const sent = await sendMessage('tc', '13900000011,13900000099', { code: '2468', minutes: '5' });
    expect(sent.body).toMatchObject({ code: 400, msg: '短信发送失败: 1/2 个号码未发出: 139****0099 LimitExceeded.PhoneNumberDailyLimit 单个手机号日下发短信条数超过设定的上限' });
    const [delivered] = await logOf('13900000011');
    expect(delivered).toMatchObject({ phone: '139****0011', result: 1 });
    expect(JSON.parse(delivered.answer)).toMatchObject({ Code: 'Ok', SerialNo: '2028:1', RequestId: 'tc-request-1' });
    const [refused] = await logOf('13900000099');
    expect(refused).toMatchObject({ phone: '139****0099', result: 2 });
    expect(JSON.parse(refused.answer)).toMatchObject({ Code: 'LimitExceeded.PhoneNumberDailyLimit', RequestId: 'tc-request-1' });
  });

  it("log a provider's refusal and answer it as a 400 naming the reason", async () => {
    await saveSetting({ category: 3, smsCode: 'ali-wrong', templateId: 'SMS_1', signName: '签名', accessKey: 'ali-id', secretKey: 'not-the-secret', endpoint: providerUrl });
    const sent = await sendMessage('ali-wrong', '13900000004', { code: '1' });
    expect(sent.body).toMatchObject({ code: 400, msg: '短信发送失败: SignatureDoesNotMatch Specified signature is not matched with our calculation.' });
    const [logged] = await logOf('13900000004');
    expect(logged).toMatchObject({ result: 2 });
    expect(logged.answer).toContain('SignatureDoesNotMatch');
  });

  it('call no provider on a host outside BLADE_OUTBOUND_ALLOW', async () => {
    const elsewhere = providerUrl.replace('127.0.0.1', '127.0.0.2');
    await saveSetting({ category: 3, smsCode: 'ali-far', templateId: 'SMS_1', signName: '签名', accessKey: 'ali-id', secretKey: ALIYUN_SECRET, endpoint: elsewhere });
    const before = providerCalls.length;
    const sent = await sendMessage('ali-far', '13900000005', { code: '1' });
    expect(sent.body).toMatchObject({ code: 400, msg: '短信发送失败: 短信服务地址不在允许访问的主机中,请联系管理员配置 BLADE_OUTBOUND_ALLOW' });
    expect(providerCalls.length).toBe(before);
    const [logged] = await logOf('13900000005');
    expect(logged).toMatchObject({ result: 2 });
    expect(logged.answer).toContain('BLADE_OUTBOUND_ALLOW');
  });

  it('keep one enabled per tenant, which can be neither switched off nor removed', async () => {
    const first = await saveSetting({ category: 5, smsCode: 'rec-a', templateId: '验证码${code}' });
    const second = await saveSetting({ category: 5, smsCode: 'rec-b', templateId: '验证码${code}' });
    expect((await api(`${SMS}/enable?id=${first.id}`, { method: 'POST' })).body).toMatchObject({ code: 200 });
    expect((await api(`${SMS}/enable?id=${second.id}`, { method: 'POST' })).body).toMatchObject({ code: 200 });
    const enabled = (await api(`${SMS}/list?size=50`)).body.data.records.filter((row: Record<string, unknown>) => row.status === 2);
    expect(enabled.map((row: Record<string, unknown>) => row.smsCode)).toEqual(['rec-b']);

    const removed = await api(`${SMS}/remove?ids=${second.id}`, { method: 'POST' });
    expect(removed.body).toMatchObject({ code: 400, msg: '不能删除已启用的短信配置，请先启用其他短信配置' });
    const switchedOff = await api(`${SMS}/submit`, { json: { id: second.id, category: 5, smsCode: 'rec-b', templateId: '验证码${code}', status: 1 } });
    expect(switchedOff.body).toMatchObject({ code: 400, msg: '不能停用已启用的短信配置，请先启用其他短信配置' });
    expect((await api(`${SMS}/remove?ids=${first.id}`, { method: 'POST' })).body).toMatchObject({ code: 200 });
  });

  it('send a message through the recording channel: nothing leaves, the log shows its text', async () => {
    await saveSetting({ category: 5, smsCode: 'rec-msg', templateId: '您的测试码为${code},请勿泄露', signName: '测试平台' });
    const before = providerCalls.length;
    const sent = await sendMessage('rec-msg', '13900000006', { code: '8642' });
    expect(sent.body, sent.text).toMatchObject({ code: 200, data: { content: '【测试平台】您的测试码为8642,请勿泄露' } });
    expect(providerCalls.length).toBe(before);
    const [logged] = await logOf('13900000006');
    expect(logged).toMatchObject({ phone: '139****0006', smsCode: 'rec-msg', category: 5, result: 1, content: '【测试平台】您的测试码为8642,请勿泄露' });
    expect(JSON.stringify(await api(`${SMS}/log/list?size=50`))).not.toContain('13900000006');
  });

  it('refuse malformed sends with a 400 naming the parameter', async () => {
    const send = (query: Record<string, string>) => api(`${SMS}/endpoint/send-message?${new URLSearchParams(query)}`, { method: 'POST' });
    expect((await send({ code: 'rec-msg', phones: '13900000008', params: '[1' })).body).toMatchObject({ code: 400, msg: '模板参数须为JSON对象: params' });
    expect((await send({ code: 'rec-msg', phones: '1390000', params: '{}' })).body).toMatchObject({ code: 400, msg: '手机号码格式不正确: phones' });
    expect((await send({ code: 'rec-msg', phones: ' , ' })).body).toMatchObject({ code: 400, msg: '请输入手机号码: phones' });
    expect((await send({ phones: '13900000008' })).body).toMatchObject({ code: 400, msg: '请输入资源编号: code' });
    expect((await send({ code: 'nope', phones: '13900000008' })).body).toMatchObject({ code: 400, msg: '短信配置不存在: nope' });
    expect(await logOf('13900000008')).toHaveLength(0);
  });
});

describe('the phone login through the enabled setting', () => {
  it('reads the code from the recording channel log and signs the phone owner in with it', async () => {
    // rec-b (recording) is the enabled setting since the test above.
    const sent = await sendValidate(TESTER_PHONE);
    expect(sent.body, sent.text).toMatchObject({ code: 200 });
    const [logged] = await logOf(TESTER_PHONE);
    expect(logged).toMatchObject({ phone: '138****0000', smsCode: 'rec-b', purpose: 1, result: 1 });
    const code = String(logged.content.match(/^验证码(\d{6})$/)?.[1]);
    const token = await tokenCall({ grant_type: 'sms_code', phone: TESTER_PHONE, id: sent.body.data.id, value: code });
    expect(token.body, token.text).toMatchObject({ account: TESTER.account, token_type: 'bearer' });

    const again = await sendValidate(TESTER_PHONE);
    expect(again.body).toMatchObject({ code: 400, msg: '短信发送过于频繁,请稍后再试' });
  });

  it('sends the code through an enabled provider', async () => {
    const tencent = (await api(`${SMS}/list?smsCode=tc`)).body.data.records[0];
    expect((await api(`${SMS}/enable?id=${tencent.id}`, { method: 'POST' })).body).toMatchObject({ code: 200 });
    await age(TESTER_PHONE, 2);
    const sent = await sendValidate(TESTER_PHONE);
    expect(sent.body, sent.text).toMatchObject({ code: 200 });
    const received = providerCalls.at(-1)!;
    expect(received).toMatchObject({ kind: 'tencent', signatureValid: true, params: { PhoneNumberSet: [`+86${TESTER_PHONE}`] } });
    const [code] = received.params.TemplateParamSet as string[];
    expect((await logOf(TESTER_PHONE))[0]).toMatchObject({ smsCode: 'tc', purpose: 1, result: 1, content: '' });
    const token = await tokenCall({ grant_type: 'sms_code', phone: TESTER_PHONE, id: sent.body.data.id, value: code });
    expect(token.body, token.text).toMatchObject({ account: TESTER.account });
  });
});

describe('rate limits', () => {
  it(`allow a phone ${PHONE_HOURLY} messages an hour and one a minute`, async () => {
    const phone = '13900000007';
    for (let sent = 0; sent < PHONE_HOURLY; sent++) {
      expect((await sendMessage('rec-msg', phone, { code: String(sent) })).body).toMatchObject({ code: 200 });
      const tooSoon = await sendMessage('rec-msg', phone, { code: 'x' });
      expect(tooSoon.body).toMatchObject({ code: 400, msg: '短信发送过于频繁,请稍后再试' });
      await age(phone, 2);
    }
    const overHour = await sendMessage('rec-msg', phone, { code: 'x' });
    expect(overHour.body).toMatchObject({ code: 400, msg: '该手机号码短信发送次数过多,请1小时后再试' });
    expect(await logOf(phone)).toHaveLength(PHONE_HOURLY);
  });

  it(`allow the tenant ${TENANT_HOURLY} messages an hour`, async () => {
    // Every send of this file so far was within the hour.
    const [{ n }] = await server.db.query<{ n: string }>('SELECT count(*) AS n FROM blade_sms_log');
    const room = TENANT_HOURLY - Number(n);
    expect(room).toBeGreaterThan(0);
    expect(room).toBeLessThan(20);
    const phones = Array.from({ length: room + 1 }, (_, index) => `137${String(index).padStart(8, '0')}`);
    const over = await sendMessage('rec-msg', phones.join(','), { code: '1' });
    expect(over.body).toMatchObject({ code: 400, msg: '本租户短信发送量已达上限,请稍后再试' });
    const fits = await sendMessage('rec-msg', phones.slice(0, room).join(','), { code: '1' });
    expect(fits.body, fits.text).toMatchObject({ code: 200 });
    const oneMore = await sendMessage('rec-msg', phones[room], { code: '1' });
    expect(oneMore.body).toMatchObject({ code: 400, msg: '本租户短信发送量已达上限,请稍后再试' });
  });
});
