import { dict } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const noticeDict = dict('notice', '通知类型', [
  ['1', '发布通知', 'Announcement'],
  ['2', '批转通知', 'Approved circular'],
  ['3', '转发通知', 'Forwarded notice'],
  ['4', '指示通知', 'Instruction'],
  ['5', '任免通知', 'Appointment'],
  ['6', '事务通知', 'Affairs notice'],
]);
