import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import ScopeMenuPage from '../datascope/ScopeMenuPage';

/** 接口权限: the menus, each opening its API scopes. */
const apiScopeUi: ResourceUiDescriptor = { page: ScopeMenuPage };

export default apiScopeUi;
