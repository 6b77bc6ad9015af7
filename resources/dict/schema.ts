import type { ResourceSchema } from '../types';
import { dictionarySchema } from './fields';
import { dictMessages } from './messages';

/**
 * System dictionaries (spec §3 Dictionary, §7 /api/blade-system/dict): shared by every tenant, written by the
 * administrator tenant only.
 */
export const dictSchema: ResourceSchema = dictionarySchema({
  name: 'dict',
  title: { zh: '字典管理', en: 'Dictionaries' },
  api: '/api/blade-system/dict',
  table: 'blade_dict',
  tenantScoped: false,
  route: '/system/dict',
  menu: { parent: 'system', icon: 'BookOutlined', sort: 4 },
  permissionCode: 'dict',
  messages: dictMessages,
});
