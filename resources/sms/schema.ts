import { crudOfOneEnabled, enableOperation } from '../operations';
import type { ResourceSchema } from '../types';
import { smsCategoryDict, SMS_STATUS } from './dicts';
import { smsMessages } from './messages';

/**
 * 短信配置 (spec §1 resources, §7 `/api/blade-resource/sms`): a tenant's SMS settings. The one enabled (启用) sends
 * the phone-login codes; 发送 sends a message through any of them (`endpoint/send-message`, by its 资源编号). The
 * recording channel sends nothing and keeps the text in the send log, and is what a tenant without an enabled setting
 * uses; Aliyun and Tencent are called with their signed APIs, only on hosts in `BLADE_OUTBOUND_ALLOW`. The secret key
 * is write-only. Every send is logged (phone masked) with the provider's answer and counted against the rate limits.
 */
export const smsSchema: ResourceSchema = {
  name: 'sms',
  title: { zh: '短信配置', en: 'SMS settings' },
  dictionaries: [smsCategoryDict],
  messages: smsMessages,
  api: '/api/blade-resource/sms',
  table: 'blade_sms',
  tenantScoped: true,
  route: '/resource/sms',
  menu: { parent: 'resource', icon: 'MessageOutlined', sort: 2 },
  permissionCode: 'sms',
  operations: [
    ...crudOfOneEnabled(SMS_STATUS.enabled),
    enableOperation({ zh: '确定启用该配置?启用后登录验证码将通过它发送', en: 'Enable this setting? Login codes will then be sent through it.' }, SMS_STATUS.enabled),
    // Opens the screen's dialog (phones, parameters), which calls `endpoint/send-message`.
    { alias: 'send', label: { zh: '发送', en: 'Send' }, placement: 'row', method: 'POST', path: 'endpoint/send-message', icon: 'SendOutlined' },
  ],
  form: { mode: 'modal', width: 760 },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'category',
      type: 'int',
      label: { zh: '分类', en: 'Category' },
      required: '请选择分类',
      dict: { code: 'sms', as: 'categoryName' },
      defaultValue: 5,
      search: 'equal',
      width: 110,
    },
    {
      name: 'smsCode',
      type: 'string',
      label: { zh: '资源编号', en: 'Resource code' },
      required: '请输入资源编号',
      maxLength: 64,
      unique: '资源编号已存在',
      search: 'like',
      rules: { notBlank: true, code: true },
      width: 140,
    },
    {
      name: 'templateId',
      type: 'string',
      label: { zh: '模板ID', en: 'Template' },
      required: '请输入模板ID',
      maxLength: 255,
      help: {
        zh: '阿里云、腾讯云为平台的模板编号;记录通道为短信内容,参数写作 ${code}',
        en: "Aliyun and Tencent: the provider's template code; recording channel: the text, parameters written ${code}",
      },
      example: 'SMS_123456',
      width: 180,
    },
    { name: 'signName', type: 'string', label: { zh: '短信签名', en: 'Sign name' }, maxLength: 64, width: 120 },
    {
      name: 'accessKey',
      type: 'string',
      label: { zh: 'AccessKey', en: 'Access key' },
      maxLength: 255,
      help: { zh: '腾讯云为 SecretId', en: 'Tencent: the SecretId' },
      list: false,
    },
    {
      name: 'secretKey',
      type: 'string',
      label: { zh: 'SecretKey', en: 'Secret key' },
      maxLength: 255,
      writeOnly: true,
      list: false,
    },
    {
      name: 'regionId',
      type: 'string',
      label: { zh: '地域', en: 'Region' },
      maxLength: 64,
      help: { zh: '留空时阿里云为 cn-hangzhou,腾讯云为 ap-guangzhou', en: 'Empty: cn-hangzhou (Aliyun), ap-guangzhou (Tencent)' },
      list: false,
    },
    {
      name: 'sdkAppId',
      type: 'string',
      label: { zh: 'SDK AppID', en: 'SDK AppID' },
      maxLength: 64,
      help: { zh: '腾讯云短信应用的 SdkAppId', en: "Tencent: the SMS application's SdkAppId" },
      list: false,
    },
    {
      name: 'endpoint',
      type: 'string',
      label: { zh: '服务地址', en: 'Endpoint' },
      maxLength: 255,
      rules: { prefix: ['https://', 'http://'] },
      help: {
        zh: '留空时为平台的官方地址;须在 BLADE_OUTBOUND_ALLOW 允许的主机上',
        en: "Empty: the provider's official address; its host must be allowed by BLADE_OUTBOUND_ALLOW",
      },
      span: 24,
      list: false,
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '是否启用', en: 'Enabled' },
      options: [
        { value: SMS_STATUS.enabled, label: { zh: '已启用', en: 'Enabled' } },
        { value: SMS_STATUS.disabled, label: { zh: '未启用', en: 'Not enabled' } },
      ],
      readOnly: true,
      defaultValue: SMS_STATUS.disabled,
      hiddenOn: ['create', 'edit'],
      width: 100,
    },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, span: 24, list: false },
  ],
};
