import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { postCategoryDict } from './dicts';

/** Posts (job positions) of a tenant (BladeX `blade_post`); users name theirs in `blade_user.post_id`. */
export const postSchema: ResourceSchema = {
  name: 'post',
  title: { zh: '岗位管理', en: 'Posts' },
  dictionaries: [postCategoryDict],
  api: '/api/blade-system/post',
  table: 'blade_post',
  tableOwner: 'migration',
  tenantScoped: true,
  route: '/system/post',
  menu: { parent: 'system', icon: 'IdcardOutlined', sort: 3 },
  permissionCode: 'post',
  operations: CRUD,
  form: { mode: 'modal', width: 760 },
  defaultSort: { column: 'sort', order: 'asc' },
  usedBy: [{ table: 'blade_user', column: 'post_id', message: '该岗位下存在用户,请先移除用户', pathColumn: true }],
  fields: [
    {
      name: 'category',
      type: 'int',
      label: { zh: '岗位类型', en: 'Category' },
      required: '请选择岗位类型',
      dict: { code: 'post_category', as: 'categoryName' },
      search: 'equal',
    },
    { name: 'postCode', type: 'string', label: { zh: '岗位编号', en: 'Code' }, required: '请输入岗位编号', maxLength: 12, search: 'like', unique: '岗位编号已存在', rules: { notBlank: true } },
    { name: 'postName', type: 'string', label: { zh: '岗位名称', en: 'Name' }, required: '请输入岗位名称', maxLength: 64, search: 'like', width: 200, rules: { notBlank: true } },
    { name: 'sort', type: 'int', label: { zh: '岗位排序', en: 'Sort' }, required: '请输入岗位排序', defaultValue: 1 },
    { name: 'remark', type: 'string', label: { zh: '岗位描述', en: 'Remark' }, maxLength: 255, span: 24, list: false },
  ],
};
