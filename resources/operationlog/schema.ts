import { VIEW } from '../operations';
import type { ResourceSchema } from '../types';

/**
 * Operation logs (spec §3 Operation log, §7 blade-operationlog, read-only): one row written by the server for every
 * create, update, delete and operation of every resource.
 */
export const operationLogSchema: ResourceSchema = {
  name: 'operationlog',
  title: { zh: '操作日志', en: 'Operation logs' },
  api: '/gateway/blade-operationlog/operationLog',
  table: 'blade_operation_log',
  tenantScoped: true,
  readOnly: true,
  route: '/monitor/log/operation',
  menu: { parent: 'log', icon: 'HistoryOutlined', sort: 4 },
  permissionCode: 'log_operation',
  operations: [VIEW],
  form: { mode: 'drawer', width: '60%' },
  fields: [
    { name: 'title', type: 'string', label: { zh: '操作', en: 'Operation' }, maxLength: 255, search: 'like', width: 200 },
    { name: 'method', type: 'string', label: { zh: '请求方法', en: 'Method' }, maxLength: 16, width: 90 },
    { name: 'requestUri', type: 'string', label: { zh: '请求地址', en: 'Request URI' }, maxLength: 2000, search: 'like', width: 280, span: 24 },
    { name: 'createBy', type: 'string', label: { zh: '操作人', en: 'Operator' }, maxLength: 64, search: 'like' },
    { name: 'createTime', type: 'datetime', label: { zh: '操作时间', en: 'Time' }, readOnly: true, search: 'dateRange', width: 170 },
    { name: 'serviceId', type: 'string', label: { zh: '服务', en: 'Service' }, maxLength: 64, list: false },
    { name: 'serverHost', type: 'string', label: { zh: '服务器名', en: 'Server host' }, maxLength: 255, list: false },
    { name: 'serverIp', type: 'string', label: { zh: '服务器IP', en: 'Server IP' }, maxLength: 64, list: false },
    { name: 'env', type: 'string', label: { zh: '环境', en: 'Environment' }, maxLength: 32, list: false },
    { name: 'userAgent', type: 'string', label: { zh: '用户代理', en: 'User agent' }, maxLength: 500, list: false, span: 24 },
    { name: 'params', type: 'text', label: { zh: '请求参数', en: 'Parameters' }, list: false, span: 24 },
  ],
};
