import { VIEW } from '../operations';
import type { ResourceSchema } from '../types';

/** Front-end error logs uploaded with `POST oauth/logout` (spec §7 Logs): read-only, newest first. */
export const errorLogSchema: ResourceSchema = {
  name: 'errorlog',
  title: { zh: '错误日志', en: 'Error logs' },
  api: '/api/blade-log/error',
  table: 'blade_log_error',
  tableOwner: 'migration',
  tenantScoped: true,
  readOnly: true,
  route: '/monitor/log/error',
  menu: { parent: 'log', icon: 'BugOutlined', sort: 3 },
  permissionCode: 'log_error',
  operations: [VIEW],
  form: { mode: 'drawer', width: '60%' },
  fields: [
    { name: 'type', type: 'string', label: { zh: '类型', en: 'Type' }, maxLength: 64, search: 'like', width: 100 },
    { name: 'message', type: 'text', label: { zh: '错误信息', en: 'Message' }, search: 'like', width: 320, span: 24 },
    { name: 'url', type: 'string', label: { zh: '页面地址', en: 'Page' }, maxLength: 2000, width: 240, span: 24 },
    { name: 'account', type: 'string', label: { zh: '账号', en: 'Account' }, maxLength: 45, search: 'like' },
    { name: 'logTime', type: 'string', label: { zh: '发生时间', en: 'Occurred at' }, maxLength: 64 },
    { name: 'userId', type: 'id', label: { zh: '用户', en: 'User' }, list: false },
    { name: 'stack', type: 'text', label: { zh: '堆栈', en: 'Stack' }, list: false, span: 24 },
    { name: 'createTime', type: 'datetime', label: { zh: '上传时间', en: 'Uploaded at' }, readOnly: true, search: 'dateRange' },
  ],
};
