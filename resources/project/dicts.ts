import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const projectStatusDict = dict('project_status', '项目状态', [
  ['0', '未开始', 'Not started'],
  ['1', '进行中', 'In progress'],
  ['2', '已暂停', 'Paused'],
  ['3', '已完成', 'Completed'],
  ['4', '已关闭', 'Closed'],
]);
