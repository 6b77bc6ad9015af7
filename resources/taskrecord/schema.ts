import { VIEW } from '../operations';
import type { ResourceSchema } from '../types';
import { taskExecutionStatusDict } from './dicts';

/**
 * Task execution records (spec §3 Execution record, §7 /gateway/blade-taskrecord/taskRecord). Written by task runs:
 * read-only, and without a menu entry (spec §2: no add, no menu); its route still opens the list.
 */
export const taskRecordSchema: ResourceSchema = {
  name: 'taskrecord',
  title: { zh: '任务执行记录', en: 'Task records' },
  dictionaries: [taskExecutionStatusDict],
  api: '/gateway/blade-taskrecord/taskRecord',
  table: 'blade_task_record',
  tenantScoped: true,
  readOnly: true,
  route: '/test/taskrecord',
  inMenu: false,
  permissionCode: 'taskrecord',
  operations: [VIEW],
  form: { mode: 'drawer', width: '90%' },
  defaultSort: { column: 'execute_time', order: 'desc' },
  fields: [
    { name: 'projectCode', type: 'string', label: { zh: '项目编号', en: 'Project code' }, maxLength: 64, search: 'like' },
    { name: 'taskCode', type: 'string', label: { zh: '任务编号', en: 'Task code' }, maxLength: 64, search: 'like' },
    { name: 'terminalCode', type: 'string', label: { zh: '终端编号', en: 'Terminal code' }, maxLength: 64, search: 'like' },
    {
      name: 'executionStatus',
      type: 'int',
      label: { zh: '执行状态', en: 'Execution status' },
      dict: { code: 'task_execution_status', as: 'executionStatusStr' },
      search: 'equal',
    },
    { name: 'executor', type: 'string', label: { zh: '执行人', en: 'Executor' }, maxLength: 64, search: 'like' },
    { name: 'executeTime', type: 'datetime', label: { zh: '执行时间', en: 'Executed at' }, search: 'dateRange' },
  ],
};
