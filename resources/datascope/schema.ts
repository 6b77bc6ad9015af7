import { scopeHeadFields } from '../fields';
import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { dataScopeTypeDict } from './dicts';
import { datascopeMessages } from './messages';

/**
 * Data scopes, kept per menu as BladeX keeps them (`resource_code` = the menu's code = the resource's permission
 * code). The screen lists the menus; 权限配置 opens the menu's scopes. Granted to roles in the role grant dialog, a
 * scope limits the rows every read of that resource answers (`server/blade/scope.ts`).
 */
export const dataScopeSchema: ResourceSchema = {
  name: 'datascope',
  title: { zh: '数据权限', en: 'Data scopes' },
  messages: datascopeMessages,
  dictionaries: [dataScopeTypeDict],
  api: '/api/blade-system/data-scope',
  table: 'blade_scope_data',
  tableOwner: 'migration',
  tenantScoped: true,
  route: '/authority/datascope',
  menu: { parent: 'authority', icon: 'FilterOutlined', sort: 2 },
  permissionCode: 'datascope',
  operations: [
    ...CRUD,
    { alias: 'setting', label: { zh: '权限配置', en: 'Configure' }, placement: 'row', icon: 'SettingOutlined', code: 'data_scope_setting' },
  ],
  form: { mode: 'modal', width: '50%' },
  defaultSort: { column: 'create_time', order: 'asc' },
  fields: [
    ...scopeHeadFields,
    {
      name: 'scopeColumn',
      type: 'string',
      label: { zh: '权限字段', en: 'Scope column' },
      required: '请输入权限字段',
      maxLength: 255,
      defaultValue: 'create_dept',
      widget: 'select',
      options: [
        { value: 'create_dept', label: { zh: 'create_dept（创建部门）', en: 'create_dept (creating dept)' } },
        { value: 'create_user', label: { zh: 'create_user（创建人）', en: 'create_user (creator)' } },
        // BladeX's placeholder for 全部可见, which compares no column (the server refuses it for the other rules).
        { value: '-', label: { zh: '-（全部可见，不比较字段）', en: '- (all visible, no column)' } },
      ],
    },
    { name: 'scopeType', type: 'int', label: { zh: '规则类型', en: 'Scope type' }, required: '请选择规则类型', dict: { code: 'data_scope_type', as: 'scopeTypeName' }, defaultValue: 1 },
    {
      name: 'scopeValue',
      type: 'string',
      label: { zh: '规则值', en: 'Scope value' },
      maxLength: 2000,
      list: false,
      span: 24,
    },
    { name: 'scopeClass', type: 'string', label: { zh: '权限类名', en: 'Scope class' }, maxLength: 500, list: false },
    { name: 'scopeField', type: 'string', label: { zh: '可见字段', en: 'Visible fields' }, maxLength: 255, list: false },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, list: false, span: 24 },
  ],
};
