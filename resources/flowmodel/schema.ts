import { ADD, DELETE, EDIT, VIEW } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * 模型设计 (spec §7 flow calls `model/list`, `submit`, `detail`, `remove`, `deploy`): the tenant's process models. A
 * model is drawn in the modeler (its add and edit are that screen, not a drawer); 部署 makes its diagram the next
 * version of its process in the tenants picked.
 */
export const flowModelSchema: ResourceSchema = {
  name: 'flowmodel',
  title: { zh: '模型设计', en: 'Process models' },
  api: '/api/blade-flow/model',
  table: 'blade_flow_model',
  tableOwner: 'migration',
  tenantScoped: true,
  route: '/flow/model',
  menu: { parent: 'flow', icon: 'NodeIndexOutlined', sort: 1 },
  permissionCode: 'flow_model',
  operations: [
    ADD,
    EDIT,
    DELETE,
    VIEW,
    {
      alias: 'deploy',
      label: { zh: '部署', en: 'Deploy' },
      placement: 'row',
      method: 'POST',
      path: 'deploy',
      idIn: 'query',
      icon: 'CloudUploadOutlined',
    },
  ],
  form: { mode: 'drawer', width: '50%' },
  defaultSort: { column: 'update_time', order: 'desc' },
  fields: [
    { name: 'modelKey', type: 'string', label: { zh: '模型标识', en: 'Model key' }, required: '请输入模型标识', maxLength: 255, search: 'like', width: 200 },
    { name: 'name', type: 'string', label: { zh: '模型名称', en: 'Model name' }, required: '请输入模型名称', maxLength: 255, search: 'like', width: 200 },
    { name: 'description', type: 'text', widget: 'textarea', label: { zh: '模型描述', en: 'Description' }, maxLength: 2000, span: 24 },
    // The diagram (BPMN 2.0 XML) the modeler draws; checked by the engine's reader on save.
    { name: 'xml', type: 'text', label: { zh: '流程图', en: 'Diagram' }, maxLength: 2_000_000, list: false, form: false },
    { name: 'version', type: 'int', label: { zh: '版本', en: 'Version' }, readOnly: true, defaultValue: 1, width: 90 },
    { name: 'updateTime', type: 'datetime', label: { zh: '更新时间', en: 'Updated at' }, readOnly: true, form: false, width: 170 },
  ],
};
