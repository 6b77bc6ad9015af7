import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const importcheckMessages: ResourceMessages = {
  zh: {
    'importcheck.noErrors': '没有错误',
  },
  en: {
    'importcheck.noErrors': 'No errors',
  },
};
