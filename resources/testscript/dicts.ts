import { dict, AUDIT } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const testScriptAuditStatusDict = dict('test_script_audit_status', '脚本审核状态', AUDIT);

export const scriptTypeDict = dict('script_type', '脚本类型', [['python', 'python', 'python']]);
