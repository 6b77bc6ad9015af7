import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const apiscopeMessages: ResourceMessages = {
  zh: {
    'apiscope.wholeApi': '本菜单的全部接口 {{path}}',
    'apiscope.noRoute': '没有接口匹配此路径：保存后它不限制任何调用',
    'apiscope.cutOffTitle': '保存后这些角色将无法调用此路径',
    'apiscope.cutOff': '未授予此接口权限的角色将被拒绝访问：{{roles}}。确定保存？',
  },
  en: {
    'apiscope.wholeApi': 'Every API of this menu {{path}}',
    'apiscope.noRoute': 'No API matches this path: saved, it limits no call',
    'apiscope.cutOffTitle': 'These roles lose this path once saved',
    'apiscope.cutOff': 'Roles not granted this scope will be refused: {{roles}}. Save anyway?',
  },
};
