import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { TopMenuSettingDialog } from './TopMenuSettingDialog';

/** Top menus: the generic list and form; 菜单配置 opens the menu tree of the top menu. */
const topMenuUi: ResourceUiDescriptor = {
  operationDialogs: { setting: TopMenuSettingDialog },
};

export default topMenuUi;
