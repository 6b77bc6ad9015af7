import { Tag } from 'antd';
import { createElement } from 'react';
import type { OperationDialogProps, ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { DeployModelDialog } from '../../src/pages/flow/DeployModelDialog';
import { modelDesignPath } from '../../src/pages/flow/modelPaths';

/** 部署 of the row's model: its category, and the tenants for the administrator tenant. */
function DeployDialog({ ids, onClose }: OperationDialogProps) {
  return createElement(DeployModelDialog, { modelId: String(ids[0]), onClose: () => onClose() });
}

/** 模型设计: the generic list; add and edit open the modeler, 部署 its dialog, the version as a tag. */
const flowModelUi: ResourceUiDescriptor = {
  formRoutes: { create: modelDesignPath(), edit: (id) => modelDesignPath(id) },
  operationDialogs: { deploy: DeployDialog },
  columns: { version: { render: (version: unknown) => createElement(Tag, null, `v${String(version)}`) } },
};

export default flowModelUi;
