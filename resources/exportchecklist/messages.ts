import type { ResourceMessages } from '../types';

/** This folder's own messages (zh and en): the export's result. Merged into the app's by the registry. */
export const exportchecklistMessages: ResourceMessages = {
  zh: {
    'exportchecklist.exported': '导出成功',
  },
  en: {
    'exportchecklist.exported': 'Exported',
  },
};
