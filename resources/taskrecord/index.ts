import { createElement } from 'react';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { TaskRecordRunLink } from './TaskRecordRunLink';
import { TaskRecordRunSection } from './TaskRecordRunSection';

/** An execution record shows its run's per-case results and logs: in its detail, and from its task code in the list. */
const taskRecordUi: ResourceUiDescriptor = {
  sections: { basic: TaskRecordRunSection },
  columns: {
    taskCode: {
      render: (value: unknown, record) => createElement(TaskRecordRunLink, { recordId: String(record.id), taskCode: String(value ?? '') }),
    },
  },
};

export default taskRecordUi;
