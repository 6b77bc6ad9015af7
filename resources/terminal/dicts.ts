import { dict, MAINTENANCE } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const terminalRunningStatusDict = dict('terminal_running_status', '终端运行状态', [
  ['0', '离线', 'Offline'],
  ['1', '空闲', 'Idle'],
  ['2', '运行中', 'Running'],
  ['3', '异常', 'Faulty'],
]);

export const terminalMaintenanceStatusDict = dict('terminal_maintenance_status', '终端维护状态', MAINTENANCE);
