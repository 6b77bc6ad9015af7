import { VIEW } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * Users of the tenant (table from the core migration; the password column is never declared, so never read).
 * Other screens pick users from `pageV2` (spec §7: current, size, status=1, realName).
 */
export const userSchema: ResourceSchema = {
  name: 'user',
  title: { zh: '用户管理', en: 'Users' },
  api: '/api/blade-system/user',
  endpoints: { list: 'page' },
  table: 'blade_user',
  tableOwner: 'migration',
  tenantScoped: true,
  route: '/system/user',
  permissionCode: 'user',
  operations: [VIEW],
  form: { mode: 'drawer', width: '60%' },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    { name: 'account', type: 'string', label: { zh: '登录账号', en: 'Account' }, maxLength: 45, search: 'like', readOnly: true },
    { name: 'name', type: 'string', label: { zh: '用户昵称', en: 'Nickname' }, maxLength: 20, readOnly: true },
    { name: 'realName', type: 'string', label: { zh: '用户姓名', en: 'Real name' }, maxLength: 10, search: 'like', readOnly: true },
    { name: 'phone', type: 'string', label: { zh: '手机号码', en: 'Phone' }, maxLength: 45, readOnly: true },
    { name: 'email', type: 'string', label: { zh: '电子邮箱', en: 'Email' }, maxLength: 45, readOnly: true },
    { name: 'userType', type: 'int', label: { zh: '用户平台', en: 'Platform' }, dict: { code: 'user_type', as: 'userTypeName' }, readOnly: true },
    { name: 'roleId', type: 'string', label: { zh: '角色', en: 'Roles' }, list: false, readOnly: true },
    { name: 'deptId', type: 'string', label: { zh: '部门', en: 'Departments' }, list: false, readOnly: true },
    { name: 'status', type: 'int', label: { zh: '状态', en: 'Status' }, list: false, readOnly: true },
  ],
};
