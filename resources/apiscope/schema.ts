import { scopeHeadFields } from '../fields';
import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { apiScopeTypeDict } from './dicts';
import { apiscopeMessages } from './messages';

/**
 * API scopes, kept per menu as BladeX keeps them. A path listed in a scope (exact, or a prefix ending `/**`) may be
 * called only by roles granted that scope (`server/blade/role-scopes.ts`).
 */
export const apiScopeSchema: ResourceSchema = {
  name: 'apiscope',
  title: { zh: '接口权限', en: 'API scopes' },
  dictionaries: [apiScopeTypeDict],
  messages: apiscopeMessages,
  api: '/api/blade-system/api-scope',
  table: 'blade_scope_api',
  tableOwner: 'migration',
  tenantScoped: true,
  route: '/authority/apiscope',
  menu: { parent: 'authority', icon: 'ApiOutlined', sort: 3 },
  permissionCode: 'apiscope',
  operations: [
    ...CRUD,
    { alias: 'setting', label: { zh: '权限配置', en: 'Configure' }, placement: 'row', icon: 'SettingOutlined', code: 'api_scope_setting' },
  ],
  form: { mode: 'modal', width: '50%' },
  defaultSort: { column: 'create_time', order: 'asc' },
  fields: [
    ...scopeHeadFields,
    {
      name: 'scopePath',
      type: 'string',
      label: { zh: '权限路径', en: 'Scope path' },
      required: '请输入权限路径',
      maxLength: 255,
      span: 24,
      width: 280,
      rules: { notBlank: true },
      help: {
        zh: '写 /api/… 或 /gateway/… 的完整路径，或不带该前缀的服务路径（/blade-system/…），两种写法都匹配；以 /** 结尾匹配该前缀下的全部接口',
        en: 'A full /api/… or /gateway/… path, or the service path without that prefix (/blade-system/…): both match; ending in /** matches every path below it',
      },
    },
    { name: 'scopeType', type: 'int', label: { zh: '接口类型', en: 'API type' }, required: '请选择接口类型', dict: { code: 'api_scope_type', as: 'scopeTypeName' }, defaultValue: 1 },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false, span: 24 },
  ],
};
