import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const datasourceMessages: ResourceMessages = {
  zh: {
    'menu.datasource': '数据源管理',
  },
  en: {
    'menu.datasource': 'Data sources',
  },
};
