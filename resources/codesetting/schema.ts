import { crudOfOneEnabled, enableOperation } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * Code settings (spec §3 code setting, §7 code-setting): the defaults a new code-generation config starts from. One
 * is enabled at a time (启用); `enable-detail` answers it to the 代码生成 form.
 */
export const codeSettingSchema: ResourceSchema = {
  name: 'codesetting',
  title: { zh: '代码设置', en: 'Code settings' },
  api: '/api/blade-develop/code-setting',
  table: 'blade_code_setting',
  tenantScoped: false,
  adminTenantOnly: true,
  route: '/tool/codesetting',
  menu: { parent: 'tool', icon: 'ToolOutlined', sort: 4 },
  permissionCode: 'codesetting',
  operations: [
    ...crudOfOneEnabled(1),
    enableOperation({ zh: '确定启用该代码设置?', en: 'Enable this code setting?' }, 1),
  ],
  form: { mode: 'modal', width: 860 },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    { name: 'settings', type: 'string', label: { zh: '设置名称', en: 'Name' }, required: '请输入服务名', maxLength: 64, unique: '设置名称已存在', search: 'like', rules: { notBlank: true } },
    {
      name: 'menuId',
      type: 'id',
      label: { zh: '上级菜单', en: 'Parent menu' },
      required: '请选择上级菜单',
      ref: { resource: 'menu', label: 'name', as: 'menuName' },
      list: false,
    },
    { name: 'menuName', type: 'string', label: { zh: '上级菜单', en: 'Parent menu' }, virtual: true, readOnly: true, form: false },
    { name: 'serviceName', type: 'string', label: { zh: '服务名', en: 'Service' }, required: '请输入服务名', maxLength: 64, rules: { code: true } },
    { name: 'packageName', type: 'string', label: { zh: '包名', en: 'Package' }, required: '请输入包名', maxLength: 128, rules: { code: true } },
    { name: 'baseMode', type: 'int', label: { zh: '基础业务', en: 'Base business' }, required: '请选择基础业务', dict: { code: 'yes_no' }, widget: 'radio', defaultValue: 2, list: false },
    { name: 'wrapMode', type: 'int', label: { zh: '包装器', en: 'Wrapper' }, required: '请选择包装器', dict: { code: 'yes_no' }, widget: 'radio', defaultValue: 2, list: false },
    { name: 'feignMode', type: 'int', label: { zh: '远程调用', en: 'Remote call' }, required: '请选择远程调用', dict: { code: 'yes_no' }, widget: 'radio', defaultValue: 1, list: false },
    { name: 'codeStyle', type: 'string', label: { zh: '代码风格', en: 'Code style' }, required: '请选择代码风格', dict: { code: 'code_style' }, widget: 'radio', maxLength: 16, defaultValue: 'saber' },
    { name: 'apiPath', type: 'string', label: { zh: '后端生成路径', en: 'Backend path' }, required: '请输入后端生成路径', maxLength: 255, span: 24, list: false },
    { name: 'webPath', type: 'string', label: { zh: '前端生成路径', en: 'Frontend path' }, required: '请输入前端生成路径', maxLength: 255, span: 24, list: false },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'State' },
      options: [
        { value: 1, label: { zh: '已启用', en: 'Enabled' } },
        { value: 0, label: { zh: '未启用', en: 'Disabled' } },
      ],
      readOnly: true,
      form: false,
    },
  ],
};
