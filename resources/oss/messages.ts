import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const ossMessages: ResourceMessages = {
  zh: {
    'menu.oss': '对象存储',
  },
  en: {
    'menu.oss': 'Object storage',
  },
};
