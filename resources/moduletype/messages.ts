import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const moduletypeMessages: ResourceMessages = {
  zh: {
    'menu.moduletype': '功能模块',
  },
  en: {
    'menu.moduletype': 'Function modules',
  },
};
