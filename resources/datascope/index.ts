import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import ScopeMenuPage from './ScopeMenuPage';

/** 数据权限: the menus, each opening its data scopes. */
const dataScopeUi: ResourceUiDescriptor = { page: ScopeMenuPage };

export default dataScopeUi;
