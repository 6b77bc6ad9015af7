import type { ResourceMessages } from '../types';

/** This folder's own messages (zh and en): the item list's title and the dictionary layouts' (/dict-horizontal, /dict-vertical) headings. Merged into the app's by the registry. */
export const dictMessages: ResourceMessages = {
  zh: {
    'dict.items.of': '{{name}}（{{code}}）的字典项',
    'dict.layout.dictionaries': '字典',
    'dict.layout.items': '字典项',
    'dict.layout.pick': '点选一个字典，查看并维护它的字典项',
  },
  en: {
    'dict.items.of': 'Items of {{name}} ({{code}})',
    'dict.layout.dictionaries': 'Dictionaries',
    'dict.layout.items': 'Items',
    'dict.layout.pick': 'Pick a dictionary to see and edit its items',
  },
};
