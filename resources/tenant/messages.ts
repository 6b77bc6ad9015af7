import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const tenantMessages: ResourceMessages = {
  zh: {
    'tenant.unlimited': '不限制',
    'tenant.neverExpires': '永久',
    'tenant.recycled': '已回收',
    'tenant.expired': '已过期',
    'tenant.active': '正常',
  },
  en: {
    'tenant.unlimited': 'Unlimited',
    'tenant.neverExpires': 'Never',
    'tenant.recycled': 'Recycled',
    'tenant.expired': 'Expired',
    'tenant.active': 'Active',
  },
};
