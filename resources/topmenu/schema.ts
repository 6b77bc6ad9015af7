import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { topmenuMessages } from './messages';

/**
 * Top menus (spec §2, §6 "top menus can be granted menus", §7 topmenu + topmenu/grant): per tenant, each a named set
 * of menus; picking one in the header narrows the sidebar to its menus (`menu/routes?topMenuId=`).
 */
export const topMenuSchema: ResourceSchema = {
  name: 'topmenu',
  title: { zh: '顶部菜单', en: 'Top menus' },
  messages: topmenuMessages,
  api: '/api/blade-system/topmenu',
  table: 'blade_top_menu',
  tenantScoped: true,
  route: '/system/topmenu',
  menu: { parent: 'system', icon: 'LayoutOutlined', sort: 10 },
  permissionCode: 'topmenu',
  operations: [
    ...CRUD,
    {
      alias: 'setting',
      label: { zh: '菜单配置', en: 'Menus' },
      placement: 'row',
      method: 'POST',
      path: 'grant',
      icon: 'SettingOutlined',
    },
  ],
  form: { mode: 'modal', width: 720 },
  defaultSort: { column: 'sort', order: 'asc' },
  fields: [
    { name: 'name', type: 'string', label: { zh: '菜单名称', en: 'Name' }, required: '请输入菜单名称', maxLength: 64, search: 'like', rules: { notBlank: true } },
    { name: 'code', type: 'string', label: { zh: '菜单编号', en: 'Code' }, required: '请输入菜单编号', maxLength: 64, search: 'like', unique: '菜单编号已存在', rules: { notBlank: true } },
    { name: 'source', type: 'string', label: { zh: '菜单图标', en: 'Icon' }, required: '请选择菜单图标', widget: 'icon', maxLength: 64 },
    { name: 'path', type: 'string', label: { zh: '菜单路径', en: 'Path' }, maxLength: 255, list: false },
    { name: 'sort', type: 'int', label: { zh: '菜单排序', en: 'Sort' }, required: '请输入菜单排序', defaultValue: 1 },
  ],
};
