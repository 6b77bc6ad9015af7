import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { RoleGrantDialog } from './RoleGrantDialog';

/** Roles: 权限设置 opens the grant dialog. */
const roleUi: ResourceUiDescriptor = { operationDialogs: { grant: RoleGrantDialog } };

export default roleUi;
