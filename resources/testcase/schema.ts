import { modulePathFields, projectRefFields } from '../fields';
import { CRUD, SEND_FOR_REVIEW } from '../operations';
import type { ResourceSchema } from '../types';
import { testCasePriorityDict, testCaseAuditStatusDict } from './dicts';
import { testcaseMessages } from './messages';

/**
 * Test cases (spec §2 test cases, §3 Test case, §5 messages, §7 blade-testcase): public or of a project, filed under
 * a module, linked to an audited script that a terminal agent runs.
 */
export const testCaseSchema: ResourceSchema = {
  name: 'testcase',
  title: { zh: '测试用例', en: 'Test cases' },
  dictionaries: [testCasePriorityDict, testCaseAuditStatusDict],
  messages: testcaseMessages,
  api: '/gateway/blade-testcase/testCase',
  table: 'blade_test_case',
  tenantScoped: true,
  route: '/test/testcase',
  menu: { parent: 'test', icon: 'FileDoneOutlined', sort: 4 },
  permissionCode: 'testcase',
  operations: [
    ...CRUD,
    SEND_FOR_REVIEW,
    // Import: checkTestCaseImport (multipart), then uploadTestCase with the batch number; same button for both.
    { alias: 'import', label: { zh: '导入', en: 'Import' }, placement: 'toolbar', method: 'POST', path: 'checkTestCaseImport', icon: 'ImportOutlined' },
    { alias: 'export', label: { zh: '导出', en: 'Export' }, placement: 'toolbar', method: 'GET', path: 'export', icon: 'ExportOutlined' },
  ],
  form: { mode: 'drawer', width: '90%' },
  treeFilter: 'moduleTypePath',
  sections: [
    { key: 'basic', label: { zh: '基本信息', en: 'Basic info' } },
    { key: 'detail', label: { zh: '详细描述', en: 'Details' } },
    { key: 'script', label: { zh: '脚本关联', en: 'Script' } },
    // The latest review's history and diagram (its body is the UI's review section).
    { key: 'review', label: { zh: '审核记录', en: 'Review' }, hiddenOn: ['create'] },
  ],
  fields: [
    { name: 'caseCode', type: 'string', label: { zh: '用例编号', en: 'Case code' }, required: '请输入用例编号', maxLength: 64, search: 'like', sortable: true, unique: '用例编号已存在', rules: { notBlank: true } },
    { name: 'caseTitle', type: 'string', label: { zh: '用例标题', en: 'Title' }, required: '请输入用例标题', maxLength: 255, search: 'like', width: 220, rules: { notBlank: true } },
    ...modulePathFields({ as: 'moduleTypeStr' }),
    { name: 'priority', type: 'int', label: { zh: '优先级', en: 'Priority' }, dict: { code: 'test_case_priority', as: 'priorityName' }, search: 'equal', defaultValue: 2 },
    {
      name: 'ownership',
      type: 'int',
      label: { zh: '用例归属', en: 'Ownership' },
      required: '请选择用例归属',
      dict: { code: 'ownership_type', as: 'ownershipName' },
      widget: 'radio',
      defaultValue: 0,
    },
    ...projectRefFields({ label: { zh: '所属项目', en: 'Project' }, required: '请选择项目', requiredWhen: { field: 'ownership', equals: 1 }, search: true }),
    {
      name: 'auditStatus',
      type: 'int',
      label: { zh: '审核状态', en: 'Audit status' },
      dict: { code: 'test_case_audit_status', as: 'auditStatusStr' },
      search: 'equal',
      defaultValue: 0,
      // Moves only through the review process (送审): a submit cannot set it.
      readOnly: true,
    },
    { name: 'purpose', type: 'text', label: { zh: '测试目的', en: 'Purpose' }, required: '请选输入目的', maxLength: 1000, span: 24, list: false },
    { name: 'precondition', type: 'text', label: { zh: '前置条件', en: 'Precondition' }, maxLength: 2000, span: 24, list: false, section: 'detail' },
    { name: 'testSteps', type: 'text', widget: 'editor', label: { zh: '测试步骤', en: 'Steps' }, maxLength: 4000, span: 24, list: false, section: 'detail' },
    { name: 'expectedResult', type: 'text', label: { zh: '预期结果', en: 'Expected result' }, maxLength: 2000, span: 24, list: false, section: 'detail' },
    {
      name: 'testScriptId',
      type: 'id',
      label: { zh: '脚本编号', en: 'Script code' },
      required: '请选择脚本编号',
      // Pickers offer audited scripts only (spec §4).
      ref: { resource: 'testscript', label: 'scriptCode', as: 'testScriptCode', searchParam: 'scriptCode', query: { auditStatus: 1 }, fill: { scriptPath: 'scriptPath', scriptDesc: 'scriptDesc' } },
      section: 'script',
      list: false,
    },
    { name: 'testScriptCode', type: 'string', label: { zh: '脚本编号', en: 'Script code' }, virtual: true, readOnly: true, form: false },
    { name: 'scriptPath', type: 'string', label: { zh: '脚本地址', en: 'Script file' }, maxLength: 500, readOnly: true, list: false, section: 'script' },
    { name: 'scriptDesc', type: 'text', label: { zh: '脚本描述', en: 'Script description' }, readOnly: true, list: false, section: 'script', span: 24 },
  ],
};
