import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';

/** Grant types the token endpoint answers (blade-contract §3). */
export const SUPPORTED_GRANT_TYPES = ['password', 'captcha', 'refresh_token', 'authorization_code', 'social', 'sms_code', 'register'] as const;

/**
 * OAuth clients (`blade_client`, spec §7 system client): the Basic credentials of `oauth/token`. The secret is kept as a
 * SHA-256 hash: generated when left empty, answered once after creation, never by a read. A client's token validity
 * is what the token endpoint issues for it; a removed client gets no more tokens.
 */
export const clientSchema: ResourceSchema = {
  name: 'client',
  title: { zh: '应用管理', en: 'Clients' },
  api: '/api/blade-system/client',
  table: 'blade_client',
  tenantScoped: false,
  adminTenantOnly: true,
  route: '/system/client',
  menu: { parent: 'system', icon: 'AppstoreOutlined', sort: 9 },
  permissionCode: 'client',
  operations: CRUD,
  form: { mode: 'modal', width: 860 },
  revealOnCreate: [
    { name: 'clientId', label: { zh: '客户端ID', en: 'Client ID' } },
    { name: 'clientSecret', label: { zh: '客户端密钥', en: 'Client secret' } },
  ],
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'clientId',
      type: 'string',
      label: { zh: '客户端ID', en: 'Client ID' },
      required: '请输入客户端ID',
      maxLength: 48,
      unique: '客户端ID已存在',
      search: 'like',
      rules: { notBlank: true, code: true },
    },
    // Empty on create: the server generates one.
    { name: 'clientSecret', type: 'string', label: { zh: '客户端密钥', en: 'Client secret' }, maxLength: 256, writeOnly: true, list: false },
    { name: 'scope', type: 'string', label: { zh: '授权范围', en: 'Scope' }, required: '请输入授权范围', maxLength: 256, defaultValue: 'all' },
    {
      name: 'authorizedGrantTypes',
      type: 'string',
      label: { zh: '授权类型', en: 'Grant types' },
      required: '请选择授权类型',
      maxLength: 256,
      widget: 'checkbox',
      options: SUPPORTED_GRANT_TYPES.map((type) => ({ value: type, label: { zh: type, en: type } })),
      defaultValue: 'refresh_token,password,captcha',
      span: 24,
      width: 260,
    },
    { name: 'webServerRedirectUri', type: 'string', label: { zh: '回调地址', en: 'Redirect URI' }, maxLength: 256, list: false },
    {
      name: 'accessTokenValidity',
      type: 'int',
      label: { zh: '令牌过期秒数', en: 'Access token seconds' },
      required: '请输入令牌过期秒数',
      defaultValue: 3600,
    },
    {
      name: 'refreshTokenValidity',
      type: 'int',
      label: { zh: '刷新令牌过期秒数', en: 'Refresh token seconds' },
      required: '请输入刷新令牌过期秒数',
      defaultValue: 604800,
    },
    { name: 'autoapprove', type: 'string', label: { zh: '自动授权', en: 'Auto-approve' }, maxLength: 256, list: false },
    { name: 'additionalInformation', type: 'text', label: { zh: '附加说明', en: 'Additional information' }, maxLength: 4096, span: 24, list: false },
  ],
};
