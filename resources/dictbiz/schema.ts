import { dictionarySchema } from '../dict/fields';
import type { ResourceSchema } from '../types';

/** Business dictionaries (spec §3 Dictionary, §7 /api/blade-system/dict-biz): each tenant its own. */
export const dictBizSchema: ResourceSchema = dictionarySchema({
  name: 'dictbiz',
  title: { zh: '业务字典', en: 'Business dictionaries' },
  api: '/api/blade-system/dict-biz',
  table: 'blade_dict_biz',
  tenantScoped: true,
  route: '/system/dictbiz',
  menu: { parent: 'system', icon: 'ReadOutlined', sort: 5 },
  permissionCode: 'dictbiz',
});
