import { dict, AUDIT } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const testCasePriorityDict = dict('test_case_priority', '用例优先级', [
  ['1', '高', 'High'],
  ['2', '中', 'Medium'],
  ['3', '低', 'Low'],
]);

export const testCaseAuditStatusDict = dict('test_case_audit_status', '用例审核状态', AUDIT);
