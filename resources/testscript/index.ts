import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { ReviewSection } from '../../src/pages/work/ReviewParts';

/** The script drawer: the generic form, and the latest review's history and diagram. */
const ui: ResourceUiDescriptor = { sections: { review: ReviewSection } };
export default ui;
