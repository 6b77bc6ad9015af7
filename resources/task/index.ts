import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { TaskReportsSection } from './TaskReportsSection';
import { TaskRunControls } from './TaskRunControls';
import { TaskTerminalSection, TaskTestObjectSection, TaskToolChainSection } from './TaskTerminalSections';

/**
 * The task drawer: run buttons under basic info, the terminal pick with its tool chain and test object, reports. While
 * the task's run goes, the run buttons poll the run's progress and re-read the task when it moved (useFollowRun), so
 * its run status, start, end and duration follow the agents without the drawer re-reading the task every poll.
 */
const taskUi: ResourceUiDescriptor = {
  sections: {
    basic: TaskRunControls,
    terminal: TaskTerminalSection,
    toolChain: TaskToolChainSection,
    testObject: TaskTestObjectSection,
    reports: TaskReportsSection,
  },
};

export default taskUi;
