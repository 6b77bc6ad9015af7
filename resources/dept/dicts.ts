import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const orgCategoryDict = dict('org_category', '机构类型', [
  ['1', '公司', 'Company'],
  ['2', '部门', 'Department'],
  ['3', '小组', 'Team'],
]);
