import { ADD, DELETE, EDIT } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * Tenant packages (spec §3, §5, §8): a named set of menus. A tenant with a package gets only its menus, and its roles
 * can be granted no others. Add, edit and delete only (spec §2: no view); their toasts say `操作成功!` and failures
 * only reach the console (spec §8).
 */
export const tenantPackageSchema: ResourceSchema = {
  name: 'tenantpackage',
  title: { zh: '租户产品包', en: 'Tenant packages' },
  api: '/api/blade-system/tenant-package',
  table: 'blade_tenant_package',
  tenantScoped: false,
  adminTenantOnly: true,
  route: '/system/tenantpackage',
  menu: { parent: 'system', icon: 'GiftOutlined', sort: 8 },
  permissionCode: 'tenantpackage',
  operations: [ADD, EDIT, DELETE],
  form: { mode: 'modal', width: 720 },
  notifications: { success: { zh: '操作成功!', en: 'Done!' }, quietFailure: true },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'packageName',
      type: 'string',
      label: { zh: '产品包名称', en: 'Package name' },
      required: '请输入产品包名称',
      maxLength: 50,
      search: 'like',
      rules: { notBlank: true },
    },
    {
      name: 'menuId',
      type: 'text',
      label: { zh: '菜单列表', en: 'Menus' },
      required: '请选择菜单',
      widget: 'tree',
      treeOptions: { endpoint: '/api/blade-system/tenant-package/menu-tree' },
      maxLength: 20000,
      span: 24,
      list: false,
    },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, span: 24 },
  ],
};
