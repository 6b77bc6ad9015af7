import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { reportKindDict } from './dicts';
import { reportMessages } from './messages';

/**
 * 报表管理 (spec §1, §7 `/api/blade-report/report/rest`): saved report definitions over the run data, each a kind and
 * its filters (project, task, terminal, module, time range). The viewer computes the figures on the server by SQL and
 * opens in the iframe route (`/report/view/:id?blade-auth=`). Filters are ids, dates and a day count only: nothing a
 * definition holds is ever fetched or read as a file.
 */
export const reportSchema: ResourceSchema = {
  name: 'report',
  title: { zh: '报表管理', en: 'Reports' },
  dictionaries: [reportKindDict],
  messages: reportMessages,
  api: '/api/blade-report/report/rest',
  table: 'blade_report',
  tenantScoped: true,
  route: '/report/reportadmin',
  menu: { parent: 'report', icon: 'PieChartOutlined', sort: 1 },
  permissionCode: 'reportadmin',
  operations: [
    ...CRUD,
    // Opens the viewer in the iframe route (a record view that goes there).
    { alias: 'preview', label: { zh: '预览', en: 'Open' }, placement: 'row', icon: 'BarChartOutlined' },
  ],
  form: { mode: 'modal', width: 720 },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    { name: 'reportName', type: 'string', label: { zh: '报表名称', en: 'Report name' }, required: '请输入报表名称', maxLength: 128, search: 'like', width: 220, rules: { notBlank: true } },
    {
      name: 'reportKind',
      type: 'string',
      label: { zh: '报表类型', en: 'Report kind' },
      required: '请选择报表类型',
      maxLength: 32,
      dict: { code: 'report_kind', as: 'reportKindName' },
      defaultValue: 'passRateByProject',
      search: 'equal',
      width: 140,
    },
    { name: 'projectId', type: 'id', label: { zh: '所属项目', en: 'Project' }, ref: { resource: 'project', label: 'projectName', as: 'projectName', searchParam: 'projectName' }, list: false },
    { name: 'projectName', type: 'string', label: { zh: '所属项目', en: 'Project' }, virtual: true, readOnly: true, form: false, width: 140 },
    { name: 'taskId', type: 'id', label: { zh: '任务', en: 'Task' }, ref: { resource: 'task', label: 'taskCode', as: 'taskCode', searchParam: 'taskCode' }, list: false },
    { name: 'taskCode', type: 'string', label: { zh: '任务', en: 'Task' }, virtual: true, readOnly: true, form: false, width: 140 },
    { name: 'terminalId', type: 'id', label: { zh: '执行终端', en: 'Terminal' }, ref: { resource: 'terminal', label: 'terminalName', as: 'terminalName', searchParam: 'terminalName' }, list: false },
    { name: 'terminalName', type: 'string', label: { zh: '执行终端', en: 'Terminal' }, virtual: true, readOnly: true, form: false, width: 140 },
    { name: 'moduleTypePath', type: 'string', label: { zh: '功能模块', en: 'Module' }, maxLength: 255, treePath: { resource: 'moduletype', as: 'moduleTypePathInfo' }, list: false },
    { name: 'moduleTypePathInfo', type: 'string', label: { zh: '功能模块', en: 'Module' }, virtual: true, readOnly: true, form: false, list: false },
    { name: 'startDate', type: 'date', label: { zh: '开始日期', en: 'From' }, help: { zh: '不填则不限', en: 'Empty: no limit' }, width: 110 },
    { name: 'endDate', type: 'date', label: { zh: '结束日期', en: 'To' }, rules: { notBefore: 'startDate' }, width: 110 },
    {
      name: 'recentDays',
      type: 'int',
      label: { zh: '最近天数', en: 'Last days' },
      help: { zh: '填写后按最近N天统计，忽略开始和结束日期', en: 'When set, the last N days are counted and the dates are ignored' },
      list: false,
    },
    { name: 'remark', type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 500, span: 24, list: false },
    { name: 'createTime', type: 'datetime', label: { zh: '创建时间', en: 'Created at' }, readOnly: true, form: false, width: 170 },
  ],
};
