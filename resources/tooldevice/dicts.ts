import { dict, MAINTENANCE } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const autotestMaintenanceStatusDict = dict('autotest_maintenance_status', '自动化测试维护状态', MAINTENANCE);

export const toolDeviceTypeDict = dict('tool_device_type', '工具设备类型', [
  ['1', '示波器', 'Oscilloscope'],
  ['2', '万用表', 'Multimeter'],
  ['3', '程控电源', 'Programmable power supply'],
  ['4', '总线分析仪', 'Bus analyser'],
  ['5', '调试器', 'Debugger'],
  ['9', '其他', 'Other'],
]);
