import type { ResourceMessages } from '../types';

/** This folder's own messages (zh and en): the menu list the data and API scope screens start from. Merged into the app's by the registry. */
export const datascopeMessages: ResourceMessages = {
  zh: {
    'datascope.menus.menuName': '菜单名称',
    'datascope.menus.menuPath': '路由地址',
    'datascope.menus.menuCode': '菜单编号',
    'datascope.menus.searchMenu': '请输入菜单名称',
  },
  en: {
    'datascope.menus.menuName': 'Menu',
    'datascope.menus.menuPath': 'Route',
    'datascope.menus.menuCode': 'Menu code',
    'datascope.menus.searchMenu': 'Menu name',
  },
};
