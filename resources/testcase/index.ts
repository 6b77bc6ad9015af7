import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { ReviewSection } from '../../src/pages/work/ReviewParts';
import { TestCaseToolbar } from './ImportCasesDialog';

const ui: ResourceUiDescriptor = { toolbar: TestCaseToolbar, sections: { review: ReviewSection } };
export default ui;
