import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const taskTypeDict = dict('task_type', '任务类型', [
  ['1', '功能测试', 'Functional test'],
  ['2', '回归测试', 'Regression test'],
  ['3', '冒烟测试', 'Smoke test'],
  ['4', '性能测试', 'Performance test'],
  ['5', '稳定性测试', 'Stability test'],
]);

// Keys as resources/task/runStatus.ts; 5 and 6 came with real runs (stored tasks keep 0..4).
export const taskRunStatusDict = dict('task_run_status', '任务运行状态', [
  ['0', '未开始', 'Not started'],
  ['5', '排队中', 'Queued'],
  ['1', '运行中', 'Running'],
  ['2', '已暂停', 'Paused'],
  ['3', '已完成', 'Completed'],
  ['6', '已失败', 'Failed'],
  ['4', '已终止', 'Terminated'],
]);
