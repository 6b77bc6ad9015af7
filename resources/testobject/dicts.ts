import { dict, MAINTENANCE } from '../dictionaries';

/**
 * This screen's own dictionaries: its schema declares them and the registry seeds them (the Chinese labels, as BladeX
 * stores them); English mode shows the English ones.
 */
export const testObjectMaintenanceStatusDict = dict('test_object_maintenance_status', '测试对象维护状态', MAINTENANCE);

export const testObjectDeviceTypeDict = dict('test_object_device_type', '测试对象设备类型', [
  ['1', '整机', 'Complete unit'],
  ['2', '控制器', 'Controller'],
  ['3', '板卡', 'Board'],
  ['4', '模组', 'Module'],
  ['9', '其他', 'Other'],
]);
