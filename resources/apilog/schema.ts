import { SERVER_LOG_FIELDS } from '../fields';
import { VIEW } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * API logs (spec §7 Logs, BladeX's `@ApiLog`): one row written by the server for each sign-in (every grant of the
 * token endpoint) and sign-out, with the caller's address and the time the call took. Read-only, newest first.
 */
/** How a logged call ended (column `outcome`): refused sign-ins are logged beside the answered ones. */
export const API_OUTCOME = { success: 1, failure: 0 } as const;

export const apiLogSchema: ResourceSchema = {
  name: 'apilog',
  title: { zh: '接口日志', en: 'API logs' },
  api: '/api/blade-log/api',
  table: 'blade_log_api',
  tenantScoped: true,
  readOnly: true,
  route: '/monitor/log/api',
  menu: { parent: 'log', icon: 'ApiOutlined', sort: 2 },
  permissionCode: 'log_api',
  operations: [VIEW],
  form: { mode: 'drawer', width: '60%' },
  fields: [
    { name: 'title', type: 'string', label: { zh: '日志名', en: 'Name' }, maxLength: 255, search: 'like', width: 140 },
    // Who and how it ended first: a refused sign-in is read at a glance.
    { name: 'createBy', type: 'string', label: { zh: '操作人', en: 'Account' }, maxLength: 64, search: 'like', width: 100 },
    {
      name: 'outcome',
      type: 'int',
      label: { zh: '结果', en: 'Outcome' },
      options: [
        { value: API_OUTCOME.success, label: { zh: '成功', en: 'Success' } },
        { value: API_OUTCOME.failure, label: { zh: '失败', en: 'Failure' } },
      ],
      search: 'equal',
      width: 90,
    },
    { name: 'outcomeMessage', type: 'string', label: { zh: '结果说明', en: 'Message' }, maxLength: 500, width: 180 },
    { name: 'method', type: 'string', label: { zh: '请求方法', en: 'Method' }, maxLength: 16, width: 90 },
    { name: 'requestUri', type: 'string', label: { zh: '请求接口', en: 'Request URI' }, maxLength: 2000, search: 'like', width: 220, span: 24 },
    { name: 'time', type: 'int', label: { zh: '执行时间(毫秒)', en: 'Took (ms)' }, width: 110 },
    { name: 'remoteIp', type: 'string', label: { zh: '操作IP', en: 'Client IP' }, maxLength: 64, search: 'like', width: 130 },
    { name: 'createTime', type: 'datetime', label: { zh: '日志时间', en: 'Time' }, readOnly: true, search: 'dateRange', width: 170 },
    ...SERVER_LOG_FIELDS,
  ],
};
