import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { menuCategoryDict, buttonFuncDict } from './dicts';
import { menuMessages } from './messages';

/**
 * Menus and buttons (spec §2 system settings, §7 menu calls; BladeX `blade_menu`): one tree shared by every tenant.
 * Category 1 is a menu (a screen or a group), category 2 a button under its screen; roles are granted rows of it and
 * `menu/routes` / `menu/buttons` answer each role's part.
 */
export const menuSchema: ResourceSchema = {
  name: 'menu',
  title: { zh: '菜单管理', en: 'Menus' },
  messages: menuMessages,
  dictionaries: [menuCategoryDict, buttonFuncDict],
  api: '/api/blade-system/menu',
  // BladeX answers `list` as the nested tree (see mount); the screen and the suites page this one.
  endpoints: { list: 'page' },
  table: 'blade_menu',
  tenantScoped: false,
  route: '/system/menu',
  menu: { parent: 'system', icon: 'MenuOutlined', sort: 11 },
  permissionCode: 'menu',
  operations: CRUD,
  form: { mode: 'modal', width: 880 },
  defaultSort: { column: 'sort', order: 'asc' },
  tree: { parentField: 'parentId', labelField: 'name', lazyList: true },
  fields: [
    { name: 'name', type: 'string', label: { zh: '菜单名称', en: 'Name' }, required: '请输入菜单名称', maxLength: 64, search: 'like', rules: { notBlank: true }, width: 200 },
    { name: 'path', type: 'string', label: { zh: '路由地址', en: 'Path' }, required: '请输入路由地址', maxLength: 255, width: 200 },
    {
      name: 'parentId',
      type: 'id',
      label: { zh: '上级菜单', en: 'Parent menu' },
      widget: 'tree',
      ref: { resource: 'menu', label: 'name', as: 'parentName' },
      defaultValue: '0',
      list: false,
    },
    { name: 'parentName', type: 'string', label: { zh: '上级菜单', en: 'Parent menu' }, virtual: true, readOnly: true, form: false, list: false },
    { name: 'source', type: 'string', label: { zh: '菜单图标', en: 'Icon' }, widget: 'icon', maxLength: 64, width: 90 },
    { name: 'code', type: 'string', label: { zh: '菜单编号', en: 'Code' }, required: '请输入菜单编号', maxLength: 64, search: 'like', unique: '菜单编号已存在', rules: { notBlank: true }, width: 160 },
    {
      name: 'category',
      type: 'int',
      label: { zh: '菜单类型', en: 'Type' },
      required: '请选择菜单类型',
      dict: { code: 'menu_category', as: 'categoryName' },
      widget: 'radio',
      defaultValue: 1,
      width: 90,
    },
    { name: 'categoryName', type: 'string', label: { zh: '菜单类型', en: 'Type' }, virtual: true, readOnly: true, form: false, list: false },
    { name: 'alias', type: 'string', label: { zh: '菜单别名', en: 'Alias' }, required: '请输入菜单别名', maxLength: 64, search: 'like', defaultValue: 'menu', width: 110 },
    {
      name: 'action',
      type: 'int',
      label: { zh: '按钮功能', en: 'Button position' },
      dict: { code: 'button_func', as: 'actionName' },
      widget: 'radio',
      defaultValue: 0,
      list: false,
    },
    { name: 'actionName', type: 'string', label: { zh: '按钮功能', en: 'Button position' }, virtual: true, readOnly: true, form: false, list: false },
    {
      name: 'isOpen',
      type: 'int',
      label: { zh: '新窗口', en: 'New window' },
      options: [
        { value: 1, label: { zh: '否', en: 'No' } },
        { value: 2, label: { zh: '是', en: 'Yes' } },
      ],
      widget: 'radio',
      defaultValue: 1,
      list: false,
    },
    { name: 'sort', type: 'int', label: { zh: '菜单排序', en: 'Sort' }, required: '请输入菜单排序', defaultValue: 1, width: 90 },
    { name: 'remark', type: 'string', label: { zh: '菜单备注', en: 'Remark' }, maxLength: 255, widget: 'textarea', span: 24, list: false },
  ],
};
