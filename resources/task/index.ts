import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { RUN_POLL_MS } from './runApi';
import { isActive, toRunStatus } from './runStatus';
import { TaskReportsSection } from './TaskReportsSection';
import { TaskRunControls } from './TaskRunControls';
import { TaskTerminalSection, TaskTestObjectSection, TaskToolChainSection } from './TaskTerminalSections';

/**
 * The task drawer: run buttons under basic info, the terminal pick with its tool chain and test object, reports. While
 * the task's run goes, the drawer re-reads the task, so its run status, start, end and duration follow the agent.
 */
const taskUi: ResourceUiDescriptor = {
  followRecord: (task) => (isActive(toRunStatus(task?.runStatus)) ? RUN_POLL_MS : false),
  sections: {
    basic: TaskRunControls,
    terminal: TaskTerminalSection,
    toolChain: TaskToolChainSection,
    testObject: TaskTestObjectSection,
    reports: TaskReportsSection,
  },
};

export default taskUi;
