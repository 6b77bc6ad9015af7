import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const apiScopeTypeDict = dict('api_scope_type', '接口权限', [
  ['1', '系统接口', 'System API'],
  ['2', '业务接口', 'Business API'],
]);
