import type { ResourceMessages } from '../types';

/** This screen's own messages (zh and en), merged into the app's by the registry. */
export const regionMessages: ResourceMessages = {
  zh: {
    'region.screen.addChild': '新增下级',
    'region.screen.addRoot': '新增省份',
    'region.screen.pickHint': '请在左侧选择区划',
    'region.screen.addTitle': '新增区划',
    'region.screen.editTitle': '修改区划',
    'region.screen.detailTitle': '区划详情',
  },
  en: {
    'region.screen.addChild': 'Add sub-region',
    'region.screen.addRoot': 'Add province',
    'region.screen.pickHint': 'Pick a region on the left',
    'region.screen.addTitle': 'New region',
    'region.screen.editTitle': 'Edit region',
    'region.screen.detailTitle': 'Region',
  },
};
