import { DELETE, VIEW } from '../operations';
import type { ResourceSchema } from '../types';
import { exportchecklistMessages } from './messages';

/**
 * Export checklist (spec §2, §7 blade-exportchecklist): a record per export, written by the server when a list is
 * exported; the file stays in object storage and can be downloaded again from here.
 */
export const exportChecklistSchema: ResourceSchema = {
  name: 'exportchecklist',
  title: { zh: '导出检查单', en: 'Export checklists' },
  messages: exportchecklistMessages,
  api: '/gateway/blade-exportchecklist/exportChecklist',
  table: 'blade_export_checklist',
  tenantScoped: true,
  route: '/test/exportchecklist',
  menu: { parent: 'test', icon: 'ExportOutlined', sort: 9 },
  permissionCode: 'exportchecklist',
  operations: [
    DELETE,
    VIEW,
    { alias: 'download', label: { zh: '下载', en: 'Download' }, placement: 'row', method: 'GET', path: 'download', idIn: 'query', icon: 'DownloadOutlined' },
    { alias: 'export', label: { zh: '导出', en: 'Export' }, placement: 'toolbar', method: 'GET', path: 'export', icon: 'ExportOutlined' },
  ],
  form: { mode: 'drawer', width: '60%' },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    { name: 'fileName', type: 'string', label: { zh: '文件名', en: 'File name' }, maxLength: 255, search: 'like', width: 240 },
    { name: 'resourceTitle', type: 'string', label: { zh: '导出内容', en: 'Exported list' }, maxLength: 100, search: 'like', width: 120 },
    { name: 'filters', type: 'text', label: { zh: '筛选条件', en: 'Filters' }, width: 220, span: 24 },
    { name: 'rowCount', type: 'int', label: { zh: '行数', en: 'Rows' }, width: 90 },
    { name: 'fileUrl', type: 'string', label: { zh: '文件', en: 'File' }, maxLength: 500, list: false },
    { name: 'createUser', type: 'id', label: { zh: '导出人', en: 'Exported by' }, readOnly: true, list: false, form: false, ref: { resource: 'user', label: 'realName', as: 'createUserName' } },
    { name: 'createUserName', type: 'string', label: { zh: '导出人', en: 'Exported by' }, virtual: true, readOnly: true, form: false, search: 'like' },
    { name: 'createTime', type: 'datetime', label: { zh: '导出时间', en: 'Exported at' }, readOnly: true, form: false, search: 'dateRange', width: 170 },
  ],
};
