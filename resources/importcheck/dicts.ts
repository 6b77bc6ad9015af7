import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const importCheckOperationTypeDict = dict('import_check_operation_type', '导入检查操作类型', [
  ['1', '导入检查', 'Import check'],
  ['2', '导入上传', 'Import upload'],
]);

export const importCheckFinishStatusDict = dict('import_check_finish_status', '导入检查完成状态', [
  ['0', '检查中', 'Checking'],
  ['1', '检查完成', 'Checked'],
  ['2', '检查失败', 'Check failed'],
]);
