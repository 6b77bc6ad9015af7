import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { modelMessages } from './messages';

/**
 * Data models of the code generator (spec §3 code model, §7 blade-develop model): a physical table of a datasource
 * (this server's own database, or an external PostgreSQL an administrator allowed) under a class name and code. Its
 * columns (`blade_model_prototype`, 模型配置) say how each becomes a field of the generated screen.
 */
export const modelSchema: ResourceSchema = {
  name: 'model',
  title: { zh: '数据模型', en: 'Data models' },
  messages: modelMessages,
  api: '/api/blade-develop/model',
  table: 'blade_model',
  tenantScoped: false,
  adminTenantOnly: true,
  route: '/tool/model',
  menu: { parent: 'tool', icon: 'TableOutlined', sort: 2 },
  permissionCode: 'model',
  operations: [...CRUD, { alias: 'prototype', label: { zh: '模型配置', en: 'Columns' }, placement: 'row', icon: 'SettingOutlined' }],
  form: { mode: 'modal', width: 760 },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'datasourceId',
      type: 'id',
      label: { zh: '数据源', en: 'Datasource' },
      required: '请选择数据源',
      ref: { resource: 'datasource', label: 'name', as: 'datasourceName' },
      list: false,
    },
    { name: 'datasourceName', type: 'string', label: { zh: '数据源', en: 'Datasource' }, virtual: true, readOnly: true, form: false },
    { name: 'modelTable', type: 'string', label: { zh: '数据库表名', en: 'Table' }, required: '请输入数据库表名', maxLength: 64, search: 'like', rules: { notBlank: true } },
    { name: 'modelClass', type: 'string', label: { zh: '模型类名', en: 'Class name' }, required: '请输入模型类名', maxLength: 64, rules: { notBlank: true } },
    { name: 'modelName', type: 'string', label: { zh: '模型名称', en: 'Name' }, required: '请输入模型名称', maxLength: 64, search: 'like', rules: { notBlank: true } },
    { name: 'modelCode', type: 'string', label: { zh: '模型编号', en: 'Code' }, required: '请输入模型编号', maxLength: 64, unique: '模型编号已存在', rules: { code: true } },
    { name: 'modelRemark', type: 'string', label: { zh: '模型备注', en: 'Remark' }, maxLength: 255, widget: 'textarea', span: 24, list: false },
  ],
};
