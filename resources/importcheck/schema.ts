import { VIEW } from '../operations';
import type { ResourceSchema } from '../types';
import { importCheckOperationTypeDict, importCheckFinishStatusDict } from './dicts';
import { importcheckMessages } from './messages';

/**
 * Import-check log (spec §2 import-check log, §3 Import-check record, §7 blade-importcheck): one record per check or
 * upload of an import file, written by the server only. `bathNo` keeps the spec's spelling; `errorMsg` holds one line
 * per bad row naming row and column.
 */
export const importCheckSchema: ResourceSchema = {
  name: 'importcheck',
  title: { zh: '导入检查日志', en: 'Import-check logs' },
  dictionaries: [importCheckOperationTypeDict, importCheckFinishStatusDict],
  messages: importcheckMessages,
  api: '/gateway/blade-importcheck/importcheck',
  endpoints: { detail: 'getCheckLogDetail' },
  table: 'blade_import_check',
  tenantScoped: true,
  readOnly: true,
  route: '/test/importcheck',
  menu: { parent: 'test', icon: 'FileSearchOutlined', sort: 10 },
  permissionCode: 'importcheck',
  operations: [VIEW],
  form: { mode: 'drawer', width: '60%' },
  defaultSort: { column: 'create_time', order: 'desc' },
  sections: [
    { key: 'basic', label: { zh: '基本信息', en: 'Basic info' } },
    { key: 'errors', label: { zh: '错误明细', en: 'Errors' } },
  ],
  fields: [
    { name: 'bathNo', type: 'string', label: { zh: '批次号', en: 'Batch no.' }, maxLength: 64, search: 'like', width: 200 },
    { name: 'optType', type: 'int', label: { zh: '操作类型', en: 'Operation' }, dict: { code: 'import_check_operation_type', as: 'optTypeName' }, search: 'equal', width: 110 },
    { name: 'createTime', type: 'datetime', label: { zh: '上传时间', en: 'Uploaded at' }, readOnly: true, search: 'dateRange', width: 170 },
    { name: 'fileName', type: 'string', label: { zh: '文件名', en: 'File name' }, maxLength: 255, list: false },
    { name: 'fileUrl', type: 'string', label: { zh: '文件', en: 'File' }, maxLength: 500, width: 220 },
    { name: 'isCheckFinish', type: 'int', label: { zh: '状态', en: 'Status' }, dict: { code: 'import_check_finish_status', as: 'isCheckFinishName' }, search: 'equal', width: 110 },
    { name: 'totalCount', type: 'int', label: { zh: '总行数', en: 'Rows' }, width: 90 },
    { name: 'validCount', type: 'int', label: { zh: '有效行数', en: 'Valid rows' }, width: 100 },
    { name: 'errorMsg', type: 'text', label: { zh: '错误信息', en: 'Errors' }, width: 320, span: 24, form: false },
    { name: 'createUser', type: 'id', label: { zh: '上传人', en: 'Uploaded by' }, readOnly: true, list: false, form: false, ref: { resource: 'user', label: 'realName', as: 'createUserName' } },
    { name: 'createUserName', type: 'string', label: { zh: '上传人', en: 'Uploaded by' }, virtual: true, readOnly: true, form: false, search: 'like' },
  ],
};
