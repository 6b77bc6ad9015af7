import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const userTypeDict = dict('user_type', '用户平台', [
  ['1', 'WEB', 'WEB'],
  ['2', 'APP', 'APP'],
  ['3', 'OTHER', 'OTHER'],
]);
