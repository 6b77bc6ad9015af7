import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import CodeToolbar from './CodeToolbar';

/** The configurations' list is the generic one; its toolbar generates the selected ones and starts one from a table. */
const ui: ResourceUiDescriptor = {
  toolbar: CodeToolbar,
};

export default ui;
