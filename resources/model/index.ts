import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import PrototypeDrawer from './PrototypeDrawer';

/** The models' list is the generic one; 模型配置 opens the model's columns over it. */
const ui: ResourceUiDescriptor = {
  recordViews: { prototype: PrototypeDrawer },
};

export default ui;
