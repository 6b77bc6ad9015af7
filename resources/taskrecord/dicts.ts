import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const taskExecutionStatusDict = dict('task_execution_status', '任务执行状态', [
  ['0', '待执行', 'Waiting'],
  ['1', '执行中', 'Running'],
  ['2', '执行成功', 'Succeeded'],
  ['3', '执行失败', 'Failed'],
  ['4', '已取消', 'Cancelled'],
]);
