import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';

/** System parameters (spec §3 Param, §5 messages, §7 /api/blade-system/param). */
export const paramSchema: ResourceSchema = {
  name: 'param',
  title: { zh: '参数管理', en: 'Parameters' },
  api: '/api/blade-system/param',
  table: 'blade_param',
  tenantScoped: true,
  route: '/system/param',
  menu: { parent: 'system', icon: 'ControlOutlined', sort: 6 },
  permissionCode: 'param',
  operations: CRUD,
  form: { mode: 'modal', width: '50%' },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'paramName',
      type: 'string',
      label: { zh: '参数名称', en: 'Parameter name' },
      required: '请输入参数名称',
      maxLength: 255,
      search: 'like',
      rules: { notBlank: true },
    },
    {
      name: 'paramKey',
      type: 'string',
      label: { zh: '参数键名', en: 'Parameter key' },
      required: '请输入参数键名',
      maxLength: 255,
      search: 'like',
      sortable: true,
      unique: '参数键名已存在',
      rules: { notBlank: true },
    },
    {
      name: 'paramValue',
      type: 'text',
      label: { zh: '参数键值', en: 'Parameter value' },
      required: '请输入参数键值',
      maxLength: 2000,
      span: 24,
      width: 320,
    },
    { name: 'remark', type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 255, span: 24, list: false },
  ],
};
