import { ADD, DELETE, EDIT, VIEW } from '../operations';
import type { ResourceSchema } from '../types';
import { roleMessages } from './messages';

/**
 * Roles of the tenant, a tree (spec §6, §7 role: tree, tree-by-id, alias, select, grant). The grant dialog assigns
 * menus, data scopes and API scopes (`menu/grant-tree`, `menu/role-tree-keys`, `role/grant`).
 */
export const roleSchema: ResourceSchema = {
  name: 'role',
  title: { zh: '角色管理', en: 'Roles' },
  messages: roleMessages,
  api: '/api/blade-system/role',
  // BladeX answers `list` as the nested tree (see mount); the screen and the suites page this one.
  endpoints: { list: 'page' },
  table: 'blade_role',
  tableOwner: 'migration',
  tenantScoped: true,
  route: '/authority/role',
  menu: { parent: 'authority', icon: 'TeamOutlined', sort: 1 },
  permissionCode: 'role',
  operations: [
    ADD,
    EDIT,
    DELETE,
    VIEW,
    // Opens the grant dialog; the dialog saves with `POST role/grant`.
    { alias: 'grant', label: { zh: '权限设置', en: 'Permissions' }, placement: 'both', method: 'POST', path: 'grant', icon: 'KeyOutlined' },
  ],
  form: { mode: 'modal', width: '50%' },
  defaultSort: { column: 'sort', order: 'asc' },
  tree: { parentField: 'parentId', labelField: 'roleName' },
  usedBy: [{ table: 'blade_user', column: 'role_id', message: '该角色已分配给用户，不能删除', pathColumn: true }],
  fields: [
    { name: 'roleName', type: 'string', label: { zh: '角色名称', en: 'Role name' }, required: '请输入角色名称', maxLength: 255, search: 'like', rules: { notBlank: true } },
    {
      name: 'roleAlias',
      type: 'string',
      label: { zh: '角色别名', en: 'Role alias' },
      required: '请输入角色别名',
      maxLength: 255,
      search: 'like',
      unique: '角色别名已存在',
      rules: { notBlank: true },
    },
    {
      name: 'parentId',
      type: 'id',
      label: { zh: '上级角色', en: 'Parent role' },
      widget: 'tree',
      ref: { resource: 'role', label: 'roleName', as: 'parentName' },
      defaultValue: '0',
      list: false,
    },
    { name: 'parentName', type: 'string', label: { zh: '上级角色', en: 'Parent role' }, virtual: true, readOnly: true, form: false },
    { name: 'sort', type: 'int', label: { zh: '角色排序', en: 'Sort' }, required: '请输入角色排序', defaultValue: 1 },
  ],
};
