import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const roleMessages: ResourceMessages = {
  zh: {
    'role.grant.menu': '菜单权限',
    'role.grant.dataScope': '数据权限',
    'role.grant.apiScope': '接口权限',
  },
  en: {
    'role.grant.menu': 'Menus',
    'role.grant.dataScope': 'Data scopes',
    'role.grant.apiScope': 'API scopes',
  },
};
