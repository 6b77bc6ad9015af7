import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { TestCaseToolbar } from './ImportCasesDialog';

const ui: ResourceUiDescriptor = { toolbar: TestCaseToolbar };
export default ui;
