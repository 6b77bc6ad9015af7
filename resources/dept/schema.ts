import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { orgCategoryDict } from './dicts';

/**
 * Departments of a tenant, a tree (BladeX `blade_dept`): `ancestors` holds the comma-joined ids from the root down
 * to the parent and follows every move. Users name their departments in `blade_user.dept_id` (comma-joined ids).
 */
export const deptSchema: ResourceSchema = {
  name: 'dept',
  title: { zh: '部门管理', en: 'Departments' },
  dictionaries: [orgCategoryDict],
  api: '/api/blade-system/dept',
  // BladeX answers `list` as the nested tree (see mount); the screen and the suites page this one.
  endpoints: { list: 'page' },
  table: 'blade_dept',
  tableOwner: 'migration',
  tenantScoped: true,
  route: '/system/dept',
  menu: { parent: 'system', icon: 'ApartmentOutlined', sort: 2 },
  permissionCode: 'dept',
  operations: CRUD,
  form: { mode: 'modal', width: 760 },
  defaultSort: { column: 'sort', order: 'asc' },
  tree: { parentField: 'parentId', labelField: 'deptName', lazyList: true },
  usedBy: [{ table: 'blade_user', column: 'dept_id', message: '该部门下存在用户,请先移除用户', pathColumn: true }],
  fields: [
    { name: 'deptName', type: 'string', label: { zh: '部门名称', en: 'Name' }, required: '请输入部门名称', maxLength: 45, search: 'like', width: 200, rules: { notBlank: true } },
    { name: 'fullName', type: 'string', label: { zh: '部门全称', en: 'Full name' }, required: '请输入部门全称', maxLength: 45, search: 'like', width: 200, rules: { notBlank: true } },
    {
      name: 'parentId',
      type: 'id',
      label: { zh: '上级部门', en: 'Parent' },
      widget: 'tree',
      ref: { resource: 'dept', label: 'deptName', as: 'parentName' },
      defaultValue: '0',
      list: false,
    },
    { name: 'parentName', type: 'string', label: { zh: '上级部门', en: 'Parent' }, virtual: true, readOnly: true, form: false, list: false },
    {
      name: 'deptCategory',
      type: 'int',
      label: { zh: '机构类型', en: 'Category' },
      required: '请选择机构类型',
      dict: { code: 'org_category', as: 'deptCategoryName' },
      defaultValue: 2,
    },
    { name: 'ancestors', type: 'string', label: { zh: '祖级列表', en: 'Ancestors' }, readOnly: true, list: false, form: false },
    { name: 'sort', type: 'int', label: { zh: '排序', en: 'Sort' }, required: '请输入排序', defaultValue: 1 },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, span: 24, list: false },
  ],
};
