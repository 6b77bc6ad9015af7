import { createElement } from 'react';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import JobInstancesDrawer from './JobInstancesDrawer';
import { JobRunStatusTag } from './JobRunStatusTag';

/** Jobs: the generic list and form with the last run's state as a tag, and each job's 运行记录 in a drawer. */
const jobInfoUi: ResourceUiDescriptor = {
  recordViews: { instances: JobInstancesDrawer },
  columns: { lastInstanceStatus: { render: (value: unknown) => createElement(JobRunStatusTag, { value }) } },
};

export default jobInfoUi;
