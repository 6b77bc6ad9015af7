import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { moduletypeMessages } from './messages';

/**
 * Functional module categories, a tree per tenant (spec §3 Module type, §5 messages, §7 moduleType + allTree).
 * Cases, scripts and tasks keep a comma-joined id path into it.
 */
export const moduleTypeSchema: ResourceSchema = {
  name: 'moduletype',
  title: { zh: '功能模块', en: 'Modules' },
  messages: moduletypeMessages,
  api: '/gateway/blade-moduletype/moduleType',
  endpoints: { tree: 'allTree' },
  table: 'blade_module_type',
  tenantScoped: true,
  route: '/test/moduletype',
  menu: { parent: 'test', icon: 'PartitionOutlined', sort: 8 },
  permissionCode: 'moduletype',
  operations: CRUD,
  form: { mode: 'modal', width: '50%' },
  defaultSort: { column: 'sort_order', order: 'asc' },
  tree: { parentField: 'parentId', labelField: 'typeName' },
  fields: [
    { name: 'typeName', type: 'string', label: { zh: '模块名称', en: 'Module name' }, required: '请输入模块名称', maxLength: 64, search: 'like', rules: { notBlank: true } },
    { name: 'typeCode', type: 'string', label: { zh: '模块编码', en: 'Module code' }, required: '请输入模块编码', maxLength: 64, search: 'like', unique: '模块编码已存在', rules: { notBlank: true } },
    {
      name: 'parentId',
      type: 'id',
      label: { zh: '上级模块', en: 'Parent module' },
      widget: 'tree',
      ref: { resource: 'moduletype', label: 'typeName', as: 'parentTypeName' },
      defaultValue: '0',
      list: false,
    },
    { name: 'parentTypeName', type: 'string', label: { zh: '上级模块', en: 'Parent module' }, virtual: true, readOnly: true, form: false },
    { name: 'level', type: 'int', label: { zh: '层级', en: 'Level' }, readOnly: true },
    { name: 'sortOrder', type: 'int', label: { zh: '排序', en: 'Sort' }, defaultValue: 1 },
    { name: 'bizType', type: 'int', label: { zh: '业务类型', en: 'Business type' }, defaultValue: 3, list: false, form: false },
  ],
};
