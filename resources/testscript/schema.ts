import { modulePathFields, projectRefFields } from '../fields';
import { CRUD, SEND_FOR_REVIEW } from '../operations';
import type { ResourceSchema } from '../types';
import { testScriptAuditStatusDict, scriptTypeDict } from './dicts';

/**
 * Test scripts (spec §3 Test script, §5 messages, §7 blade-testscript): python files uploaded straight to object
 * storage (key `script/{name}_fb_{size}_b_{timestamp}.{ext}`), run by terminal agents.
 */
export const testScriptSchema: ResourceSchema = {
  name: 'testscript',
  title: { zh: '测试脚本', en: 'Test scripts' },
  dictionaries: [testScriptAuditStatusDict, scriptTypeDict],
  api: '/gateway/blade-testscript/testScript',
  table: 'blade_test_script',
  tenantScoped: true,
  route: '/test/testscript',
  menu: { parent: 'test', icon: 'CodeOutlined', sort: 5 },
  permissionCode: 'testscript',
  operations: [...CRUD, SEND_FOR_REVIEW],
  form: { mode: 'drawer', width: '60%' },
  treeFilter: 'moduleTypePath',
  sections: [
    { key: 'basic', label: { zh: '基本信息', en: 'Basic info' } },
    // The latest review's history and diagram (its body is the UI's review section).
    { key: 'review', label: { zh: '审核记录', en: 'Review' }, hiddenOn: ['create'] },
  ],
  fields: [
    { name: 'scriptCode', type: 'string', label: { zh: '脚本编号', en: 'Script code' }, required: '请输入脚本编号', maxLength: 64, search: 'like', unique: '脚本编号已存在', rules: { notBlank: true } },
    { name: 'scriptPath', type: 'string', widget: 'upload', label: { zh: '脚本地址', en: 'Script file' }, required: '请输入脚本地址', maxLength: 500, span: 24, width: 260 },
    { name: 'scriptType', type: 'string', label: { zh: '脚本类型', en: 'Script type' }, dict: { code: 'script_type' }, defaultValue: 'python', maxLength: 32 },
    { name: 'version', type: 'string', label: { zh: '版本', en: 'Version' }, maxLength: 32, defaultValue: 'V1.0' },
    ...modulePathFields({ as: 'moduleTypeStr' }),
    {
      name: 'ownershipType',
      type: 'int',
      label: { zh: '脚本归属', en: 'Ownership' },
      required: '请选择脚本归属',
      dict: { code: 'ownership_type', as: 'ownershipTypeName' },
      widget: 'radio',
      defaultValue: 0,
    },
    ...projectRefFields({ label: { zh: '项目名称', en: 'Project' }, required: '请输入项目名称', requiredWhen: { field: 'ownershipType', equals: 1 } }),
    {
      name: 'auditStatus',
      type: 'int',
      label: { zh: '审核状态', en: 'Audit status' },
      dict: { code: 'test_script_audit_status', as: 'auditStatusStr' },
      search: 'equal',
      defaultValue: 0,
      // Moves only through the review process (送审): a submit cannot set it.
      readOnly: true,
    },
    { name: 'scriptDesc', type: 'text', label: { zh: '脚本描述', en: 'Description' }, maxLength: 1000, span: 24, width: 220 },
  ],
};
