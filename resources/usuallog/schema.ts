import { SERVER_LOG_FIELDS } from '../fields';
import { VIEW } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * Usual logs (spec §7 Logs, BladeX's `BladeLogger`): events the server reports as they happen, such as an account
 * locked by failed sign-ins or unlocked by an administrator. Read-only, newest first.
 */
export const usualLogSchema: ResourceSchema = {
  name: 'usuallog',
  title: { zh: '通用日志', en: 'Usual logs' },
  api: '/api/blade-log/usual',
  table: 'blade_log_usual',
  tenantScoped: true,
  readOnly: true,
  route: '/monitor/log/usual',
  menu: { parent: 'log', icon: 'FileTextOutlined', sort: 1 },
  permissionCode: 'log_usual',
  operations: [VIEW],
  form: { mode: 'drawer', width: '60%' },
  fields: [
    {
      name: 'logLevel',
      type: 'string',
      label: { zh: '日志级别', en: 'Level' },
      maxLength: 16,
      search: 'equal',
      width: 100,
      options: [
        { value: 'INFO', label: { zh: 'INFO', en: 'INFO' } },
        { value: 'WARN', label: { zh: 'WARN', en: 'WARN' } },
      ],
    },
    { name: 'logId', type: 'string', label: { zh: '日志ID', en: 'Event' }, maxLength: 64, search: 'like', width: 140 },
    { name: 'logData', type: 'text', label: { zh: '日志数据', en: 'Message' }, search: 'like', width: 280, span: 24 },
    { name: 'requestUri', type: 'string', label: { zh: '请求接口', en: 'Request URI' }, maxLength: 2000, width: 200, span: 24 },
    { name: 'createBy', type: 'string', label: { zh: '操作人', en: 'Account' }, maxLength: 64, search: 'like', width: 100 },
    { name: 'createTime', type: 'datetime', label: { zh: '日志时间', en: 'Time' }, readOnly: true, search: 'dateRange', width: 170 },
    { name: 'method', type: 'string', label: { zh: '请求方法', en: 'Method' }, maxLength: 16, list: false },
    { name: 'remoteIp', type: 'string', label: { zh: '操作IP', en: 'Client IP' }, maxLength: 64, list: false },
    ...SERVER_LOG_FIELDS,
  ],
};
