import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { TaskReportsSection } from './TaskReportsSection';
import { TaskRunControls } from './TaskRunControls';
import { TaskTerminalSection, TaskTestObjectSection, TaskToolChainSection } from './TaskTerminalSections';

/** The task drawer: run buttons under basic info, the terminal pick with its tool chain and test object, reports. */
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
