import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { MenuButtonOperations } from './MenuButtonOperations';

/** 菜单管理: a button's form lists the operations its screen declares (a button shows only with one behind it). */
const menuUi: ResourceUiDescriptor = { sections: { basic: MenuButtonOperations } };

export default menuUi;
