import { registerMessages } from '../../providers/i18n';

/** Messages of the job screen's own parts (运行记录), beside the schema's field and operation labels. */
registerMessages({
  zh: {
    'jobinfo.instances.title': '运行记录 · {{name}}',
    'jobinfo.instances.id': '实例ID',
    'jobinfo.instances.triggerType': '触发方式',
    'jobinfo.instances.status': '状态',
    'jobinfo.instances.triggerTime': '触发时间',
    'jobinfo.instances.duration': '耗时',
    'jobinfo.instances.attempts': '尝试次数',
    'jobinfo.instances.result': '运行结果',
    'jobinfo.instances.testRuns': '测试执行',
    'jobinfo.instances.passed': '通过 {{passed}}/{{total}}',
    'jobinfo.instances.refresh': '刷新',
    'jobinfo.instances.empty': '该任务还没有运行过',
  },
  en: {
    'jobinfo.instances.title': 'Runs · {{name}}',
    'jobinfo.instances.id': 'Instance',
    'jobinfo.instances.triggerType': 'Trigger',
    'jobinfo.instances.status': 'Status',
    'jobinfo.instances.triggerTime': 'Triggered at',
    'jobinfo.instances.duration': 'Duration',
    'jobinfo.instances.attempts': 'Attempts',
    'jobinfo.instances.result': 'Result',
    'jobinfo.instances.testRuns': 'Test runs',
    'jobinfo.instances.passed': '{{passed}}/{{total}} passed',
    'jobinfo.instances.refresh': 'Refresh',
    'jobinfo.instances.empty': 'This job has not run yet',
  },
});
