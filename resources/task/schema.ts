import { modulePathFields, projectRefFields } from '../fields';
import { CRUD } from '../operations';
import type { FieldSchema, ResourceSchema } from '../types';
import { taskTypeDict, taskRunStatusDict } from './dicts';
import { taskMessages } from './messages';

const taskCode: FieldSchema = {
  name: 'taskCode',
  type: 'string',
  label: { zh: '任务编号', en: 'Task code' },
  required: '请输入',
  maxLength: 64,
  search: 'like',
  sortable: true,
  unique: '任务编号已存在',
  rules: { notBlank: true },
};
const taskName: FieldSchema = { name: 'taskName', type: 'string', label: { zh: '任务名称', en: 'Task name' }, maxLength: 128, search: 'like', width: 180 };
const taskType: FieldSchema = {
  name: 'taskType',
  type: 'int',
  label: { zh: '任务类型', en: 'Task type' },
  dict: { code: 'task_type', as: 'taskTypeName' },
  search: 'equal',
};

/**
 * Test tasks, main and child (spec §2 task list, §3 Task, §5 messages, §7 blade-task with mainTaskSubmit). Child
 * tasks are rows of the same table under their main task, saved with it.
 */
export const taskSchema: ResourceSchema = {
  name: 'task',
  title: { zh: '任务管理', en: 'Tasks' },
  dictionaries: [taskTypeDict, taskRunStatusDict],
  messages: taskMessages,
  api: '/gateway/blade-task/task',
  endpoints: { submit: 'mainTaskSubmit' },
  table: 'blade_task',
  tenantScoped: true,
  route: '/test/task',
  menu: { parent: 'test', icon: 'ScheduleOutlined', sort: 2 },
  permissionCode: 'task',
  operations: [
    ...CRUD,
    {
      alias: 'execute',
      label: { zh: '执行', en: 'Run' },
      placement: 'row',
      icon: 'PlayCircleOutlined',
      method: 'POST',
      path: 'execute',
      idIn: 'body',
      confirm: { zh: '确定执行该任务?', en: 'Run this task?' },
    },
  ],
  form: { mode: 'drawer', width: '90%' },
  sections: [
    { key: 'basic', label: { zh: '基本信息', en: 'Basic info' } },
    { key: 'children', label: { zh: '子任务及测试用例', en: 'Child tasks and test cases' } },
    { key: 'terminal', label: { zh: '终端信息', en: 'Terminal' } },
    { key: 'toolChain', label: { zh: '工具链', en: 'Tool chain' } },
    { key: 'testObject', label: { zh: '测试对象信息', en: 'Test object' } },
    { key: 'reports', label: { zh: '测试报告', en: 'Test reports' }, hiddenOn: ['create'] },
  ],
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    taskCode,
    taskName,
    taskType,
    { name: 'taskLevel', type: 'int', label: { zh: '任务层级', en: 'Task level' }, defaultValue: 1, list: false, form: false },
    { name: 'parentId', type: 'id', label: { zh: '上级任务', en: 'Parent task' }, defaultValue: '0', list: false, form: false },
    ...projectRefFields({ label: { zh: '所属项目', en: 'Project' }, search: true }),
    ...modulePathFields({ as: 'moduleTypePathInfo', search: true, width: 200 }),
    { name: 'runStatus', type: 'int', label: { zh: '运行状态', en: 'Run status' }, dict: { code: 'task_run_status', as: 'runStatusStr' }, defaultValue: 0, readOnly: true, search: 'equal' },
    { name: 'startTime', type: 'datetime', label: { zh: '开始时间', en: 'Started at' }, readOnly: true, search: 'dateRange' },
    { name: 'endTime', type: 'datetime', label: { zh: '结束时间', en: 'Ended at' }, readOnly: true },
    { name: 'duration', type: 'int', label: { zh: '持续时长(秒)', en: 'Duration (s)' }, readOnly: true },
    {
      name: 'terminalId',
      type: 'id',
      label: { zh: '执行终端', en: 'Terminal' },
      ref: { resource: 'terminal', label: 'terminalName', as: 'terminalName', searchParam: 'terminalName' },
      section: 'terminal',
      list: false,
      form: false,
    },
  ],
  children: [
    {
      name: 'taskTestCaseList',
      table: 'blade_task_test_case',
      parentKey: 'task_id',
      label: { zh: '测试用例', en: 'Test cases' },
      section: 'children',
      fields: [
        {
          name: 'testCaseId',
          type: 'id',
          label: { zh: '用例编号', en: 'Case code' },
          required: '请选择测试用例',
          // Audited cases only (spec §4).
          ref: { resource: 'testcase', label: 'caseCode', as: 'caseCode', searchParam: 'caseCode', query: { auditStatus: 1 }, fill: { caseTitle: 'caseTitle' } },
        },
        { name: 'caseTitle', type: 'string', label: { zh: '用例标题', en: 'Title' }, maxLength: 255, readOnly: true },
      ],
    },
    {
      name: 'childTaskList',
      table: 'blade_task',
      parentKey: 'parent_id',
      label: { zh: '子任务', en: 'Child tasks' },
      section: 'children',
      fields: [
        { ...taskCode, search: undefined, unique: undefined },
        { ...taskName, search: undefined },
        { ...taskType, search: undefined },
        { name: 'taskLevel', type: 'int', label: { zh: '任务层级', en: 'Task level' }, defaultValue: 2, form: false, list: false },
      ],
    },
  ],
};
