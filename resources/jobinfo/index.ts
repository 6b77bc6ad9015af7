import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import JobInstancesDrawer from './JobInstancesDrawer';

/** Jobs: the generic list and form, and each job's 运行记录 in a drawer over the list. */
const jobInfoUi: ResourceUiDescriptor = {
  recordViews: { instances: JobInstancesDrawer },
};

export default jobInfoUi;
