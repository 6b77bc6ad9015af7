import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const dataScopeTypeDict = dict('data_scope_type', '数据权限', [
  ['1', '全部可见', 'All'],
  ['2', '本人可见', 'Own only'],
  ['3', '所在机构可见', 'Own department'],
  ['4', '所在机构及子级可见', 'Own department and below'],
  ['5', '自定义', 'Custom'],
]);
