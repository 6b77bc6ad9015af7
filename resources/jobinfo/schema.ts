import { CRUD } from '../operations';
import type { FieldSchema, ResourceSchema } from '../types';

const limit = (name: string, zh: string, en: string, extra: Partial<FieldSchema> = {}): FieldSchema => ({
  name,
  type: 'int',
  label: { zh, en },
  defaultValue: 0,
  list: false,
  section: 'runtime',
  span: 8,
  ...extra,
});

/** Enabled (1) or paused (0): a paused job is not triggered by its schedule (spec §4). */
export const JOB_ENABLE_OPTIONS = [
  { value: 1, label: { zh: '开启', en: 'On' } },
  { value: 0, label: { zh: '停止', en: 'Off' } },
];

/** States of a job's run (运行记录): 2 running, 3 succeeded, 4 failed (1 is PowerJob's waiting, unused here). */
export const JOB_INSTANCE_STATUS_OPTIONS = [
  { value: 2, label: { zh: '运行中', en: 'Running' } },
  { value: 3, label: { zh: '成功', en: 'Succeeded' } },
  { value: 4, label: { zh: '失败', en: 'Failed' } },
];

/** How a run came to be: 1 by the schedule, 2 on demand (运行, or the `run` call). */
export const JOB_TRIGGER_TYPE_OPTIONS = [
  { value: 1, label: { zh: '定时触发', en: 'Schedule' } },
  { value: 2, label: { zh: '手动运行', en: 'On demand' } },
];

/**
 * Scheduled jobs (spec §2, §3 Job, §4 job enable, §5 messages, §7 `/api/blade-job/job-info`, §9 enums and defaults).
 * This server is the scheduler: a job with a CRON, fixed-rate or fixed-delay time is triggered by it (once, across
 * every process on one database); API and workflow jobs run when asked (运行, or `run` by the API). Each trigger is a
 * 运行记录 (instance) with what the processor answered. Built-in processors run here (`runTestTask` starts test tasks
 * on their terminals); an external one (type 4) is the job app's address. 启停 turns the schedule on and off, 同步
 * recomputes the next trigger from now.
 */
export const jobInfoSchema: ResourceSchema = {
  name: 'jobinfo',
  title: { zh: '任务信息', en: 'Jobs' },
  api: '/api/blade-job/job-info',
  table: 'blade_job_info',
  tenantScoped: true,
  route: '/job/jobinfo',
  menu: { parent: 'job', icon: 'ClockCircleOutlined', sort: 2 },
  permissionCode: 'jobinfo',
  operations: [
    ...CRUD,
    {
      alias: 'run',
      label: { zh: '运行', en: 'Run' },
      placement: 'row',
      method: 'POST',
      path: 'run',
      idIn: 'query',
      icon: 'PlayCircleOutlined',
      confirm: { zh: '确定立即运行该任务一次?', en: 'Run this job once now?' },
    },
    {
      alias: 'change',
      label: { zh: '启停', en: 'On/off' },
      placement: 'row',
      method: 'POST',
      path: 'change',
      idIn: 'query',
      icon: 'PoweroffOutlined',
      fields: [
        { name: 'enable', type: 'int', label: { zh: '是否开启', en: 'Enabled' }, required: '请选择是否开启', options: JOB_ENABLE_OPTIONS, widget: 'radio' },
      ],
    },
    { alias: 'instances', label: { zh: '运行记录', en: 'Runs' }, placement: 'row', icon: 'HistoryOutlined' },
    {
      alias: 'sync',
      label: { zh: '同步', en: 'Sync' },
      placement: 'toolbar',
      method: 'POST',
      path: 'sync',
      idIn: 'body',
      icon: 'SyncOutlined',
      confirm: { zh: '确定按当前时间重新计算所选任务的触发时间?', en: 'Recompute the next trigger time of the selected jobs from now?' },
    },
  ],
  form: { mode: 'drawer', width: '70%' },
  defaultSort: { column: 'create_time', order: 'desc' },
  sections: [
    { key: 'basic', label: { zh: '基础配置', en: 'Basics' } },
    { key: 'timing', label: { zh: '定时配置', en: 'Schedule' } },
    { key: 'execution', label: { zh: '执行配置', en: 'Execution' } },
    { key: 'runtime', label: { zh: '运行时配置', en: 'Runtime' } },
    { key: 'alarm', label: { zh: '告警与日志', en: 'Alerts and logs' } },
  ],
  fields: [
    { name: 'jobId', type: 'int', label: { zh: '任务ID', en: 'Job ID' }, readOnly: true, width: 80, hiddenOn: ['create'] },
    {
      name: 'jobServerId',
      type: 'id',
      label: { zh: '任务应用', en: 'Job app' },
      required: '请选择任务应用',
      ref: { resource: 'jobserver', label: 'jobServerName', as: 'jobServerName', endpoint: 'select' },
      width: 120,
    },
    { name: 'jobName', type: 'string', label: { zh: '任务名称', en: 'Job name' }, required: '请输入任务名称', maxLength: 128, search: 'like', rules: { notBlank: true }, width: 160 },
    { name: 'jobDescription', type: 'string', label: { zh: '任务描述', en: 'Description' }, maxLength: 500, span: 24, list: false, widget: 'textarea' },
    { name: 'jobParams', type: 'text', label: { zh: '任务参数', en: 'Job parameters' }, maxLength: 4000, span: 24, list: false, widget: 'textarea' },
    {
      name: 'enable',
      type: 'int',
      label: { zh: '是否开启', en: 'Enabled' },
      required: '请选择是否开启',
      defaultValue: 1,
      section: 'basic',
      options: JOB_ENABLE_OPTIONS,
      widget: 'radio',
      search: 'equal',
      width: 90,
    },
    {
      name: 'timeExpressionType',
      type: 'int',
      label: { zh: '定时信息', en: 'Schedule type' },
      required: '请选择定时信息',
      defaultValue: 2,
      section: 'timing',
      width: 130,
      options: [
        { value: 1, label: { zh: 'API', en: 'API' } },
        { value: 2, label: { zh: 'CRON', en: 'CRON' } },
        { value: 3, label: { zh: '固定频率(毫秒)', en: 'Fixed rate (ms)' } },
        { value: 4, label: { zh: '固定延迟(毫秒)', en: 'Fixed delay (ms)' } },
        { value: 5, label: { zh: '工作流', en: 'Workflow' } },
      ],
    },
    { name: 'timeExpression', type: 'string', label: { zh: '时间表达式', en: 'Time expression' }, maxLength: 255, section: 'timing', width: 130 },
    { name: 'lifecycleStart', type: 'datetime', label: { zh: '生效时间', en: 'Active from' }, section: 'timing', list: false },
    {
      name: 'lifecycleEnd',
      type: 'datetime',
      label: { zh: '失效时间', en: 'Active until' },
      section: 'timing',
      list: false,
      rules: { notBefore: 'lifecycleStart' },
    },
    { name: 'nextTriggerTime', type: 'datetime', label: { zh: '下次触发', en: 'Next trigger' }, readOnly: true, section: 'timing', width: 160 },
    { name: 'lastTriggerTime', type: 'datetime', label: { zh: '上次触发', en: 'Last trigger' }, readOnly: true, section: 'timing', list: false },
    {
      name: 'lastInstanceStatus',
      type: 'int',
      label: { zh: '最近运行', en: 'Last run' },
      readOnly: true,
      options: JOB_INSTANCE_STATUS_OPTIONS,
      section: 'timing',
      width: 100,
    },
    {
      name: 'executeType',
      type: 'int',
      label: { zh: '执行类型', en: 'Execution type' },
      required: '请选择执行器类型',
      defaultValue: 1,
      section: 'execution',
      list: false,
      options: [
        { value: 1, label: { zh: '单机执行', en: 'Standalone' } },
        { value: 2, label: { zh: '广播执行', en: 'Broadcast' } },
        { value: 3, label: { zh: 'MapReduce', en: 'MapReduce' } },
      ],
    },
    {
      name: 'processorType',
      type: 'int',
      label: { zh: '处理器类型', en: 'Processor type' },
      required: '请选择处理器类型',
      defaultValue: 1,
      section: 'execution',
      list: false,
      options: [
        { value: 1, label: { zh: '内置', en: 'Built-in' } },
        { value: 4, label: { zh: '外部(动态加载)', en: 'External' } },
      ],
    },
    {
      name: 'processorInfo',
      type: 'string',
      label: { zh: '处理器参数', en: 'Processor' },
      required: '请输入处理器参数',
      maxLength: 255,
      section: 'execution',
      width: 140,
      example: 'cleanJobInstances',
      help: {
        zh: '内置: runTestTask（任务参数填测试任务编号，多个以逗号分隔）或 cleanJobInstances（任务参数填保留天数）；外部: 处理器名称，随任务派发到任务应用的地址',
        en: 'Built-in: runTestTask (parameters: test task codes, comma-separated) or cleanJobInstances (parameters: days to keep); external: a processor name sent with the job to the job app’s address',
      },
    },
    {
      name: 'dispatchStrategy',
      type: 'int',
      label: { zh: '派发策略', en: 'Dispatch strategy' },
      required: '请选择运行时配置',
      defaultValue: 1,
      section: 'runtime',
      list: false,
      span: 8,
      options: [
        { value: 1, label: { zh: 'HEALTH_FIRST', en: 'HEALTH_FIRST' } },
        { value: 2, label: { zh: 'RANDOM', en: 'RANDOM' } },
      ],
    },
    limit('maxInstanceNum', '最大实例数', 'Max instances'),
    limit('concurrency', '单机线程并发数', 'Concurrency', { defaultValue: 5 }),
    limit('instanceTimeLimit', '运行时间限制(毫秒)', 'Time limit (ms)'),
    limit('instanceRetryNum', '实例重试次数', 'Instance retries'),
    limit('taskRetryNum', '任务重试次数', 'Task retries'),
    limit('minCpuCores', '最低CPU核心数', 'Min CPU cores', { type: 'number' }),
    limit('minMemorySpace', '最低内存(GB)', 'Min memory (GB)', { type: 'number' }),
    limit('minDiskSpace', '最低磁盘(GB)', 'Min disk (GB)', { type: 'number' }),
    { name: 'designatedWorkers', type: 'string', label: { zh: '指定执行机器', en: 'Designated workers' }, maxLength: 500, section: 'runtime', list: false, span: 16 },
    limit('maxWorkerCount', '最大执行机器数量', 'Max workers'),
    {
      name: 'notifyUserIds',
      type: 'string',
      label: { zh: '报警用户', en: 'Alert users' },
      help: { zh: '失败达到告警阈值时收到消息的用户', en: 'The users who get a message when failures reach the threshold' },
      ref: { resource: 'user', label: 'realName', as: 'notifyUserNames', endpoint: 'pageV2', searchParam: 'realName', query: { status: 1 }, multiple: true },
      // Ids of the tenant's users, checked on save: none is a value valid in every tenant.
      example: '',
      maxLength: 500,
      section: 'alarm',
      list: false,
    },
    limit('alertThreshold', '告警阈值', 'Alert threshold', { section: 'alarm' }),
    limit('statisticWindowLen', '统计窗口(秒)', 'Statistic window (s)', { section: 'alarm' }),
    limit('silenceWindowLen', '沉默窗口(秒)', 'Silence window (s)', { section: 'alarm' }),
    {
      name: 'logType',
      type: 'int',
      label: { zh: '日志类型', en: 'Log type' },
      defaultValue: 1,
      section: 'alarm',
      list: false,
      span: 8,
      options: [
        { value: 1, label: { zh: 'ONLINE', en: 'ONLINE' } },
        { value: 2, label: { zh: 'LOCAL', en: 'LOCAL' } },
        { value: 3, label: { zh: 'STDOUT', en: 'STDOUT' } },
        { value: 4, label: { zh: 'LOCAL_AND_ONLINE', en: 'LOCAL_AND_ONLINE' } },
        { value: 999, label: { zh: 'NULL', en: 'NULL' } },
      ],
    },
    {
      name: 'logLevel',
      type: 'int',
      label: { zh: '日志级别', en: 'Log level' },
      defaultValue: 2,
      section: 'alarm',
      list: false,
      span: 8,
      options: [
        { value: 1, label: { zh: 'DEBUG', en: 'DEBUG' } },
        { value: 2, label: { zh: 'INFO', en: 'INFO' } },
        { value: 3, label: { zh: 'WARN', en: 'WARN' } },
        { value: 4, label: { zh: 'ERROR', en: 'ERROR' } },
        { value: 99, label: { zh: 'OFF', en: 'OFF' } },
      ],
    },
    { name: 'extra', type: 'text', label: { zh: '扩展字段', en: 'Extra' }, maxLength: 2000, section: 'alarm', list: false, span: 24, widget: 'textarea' },
  ],
};
