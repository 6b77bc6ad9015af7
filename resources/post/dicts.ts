import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const postCategoryDict = dict('post_category', '岗位类型', [
  ['1', '高层', 'Senior'],
  ['2', '中层', 'Middle'],
  ['3', '基层', 'Junior'],
  ['4', '其他', 'Other'],
]);
