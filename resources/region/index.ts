import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import RegionScreen from './RegionScreen';

/** Regions have a screen of their own: the lazy tree beside the picked region. */
const regionUi: ResourceUiDescriptor = { page: RegionScreen };

export default regionUi;
