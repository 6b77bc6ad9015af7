import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import DictItemsDrawer from './DictItemsDrawer';

/** The dictionaries' list is the generic one; 字典配置 opens the items of a dictionary over it. */
const ui: ResourceUiDescriptor = {
  recordViews: { items: DictItemsDrawer },
};

export default ui;
