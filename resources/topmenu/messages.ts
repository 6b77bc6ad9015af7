import type { ResourceMessages } from '../types';

/** This folder's own messages (zh and en): the names of the seeded top menus, by code, as the header shows them. Merged into the app's by the registry. */
export const topmenuMessages: ResourceMessages = {
  zh: {
    'topmenu.names.workbench': '工作台',
    'topmenu.names.sysadmin': '系统',
    'topmenu.names.develop': '研发',
  },
  en: {
    'topmenu.names.workbench': 'Workbench',
    'topmenu.names.sysadmin': 'System',
    'topmenu.names.develop': 'Development',
  },
};
