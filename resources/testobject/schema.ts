import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { testObjectMaintenanceStatusDict, testObjectDeviceTypeDict } from './dicts';

/** Test objects, the devices under test (spec §3 Test object/device, §5 messages, §7 /gateway/blade-testobject). */
export const testObjectSchema: ResourceSchema = {
  name: 'testobject',
  title: { zh: '测试对象', en: 'Test objects' },
  dictionaries: [testObjectMaintenanceStatusDict, testObjectDeviceTypeDict],
  api: '/gateway/blade-testobject/testObject',
  table: 'blade_test_object',
  tenantScoped: true,
  route: '/test/testobject',
  menu: { parent: 'test', icon: 'AimOutlined', sort: 7 },
  permissionCode: 'testobject',
  operations: CRUD,
  form: { mode: 'modal', width: '60%' },
  fields: [
    { name: 'deviceCode', type: 'string', label: { zh: '设备编号', en: 'Device code' }, required: '请输入设备编号', maxLength: 64, search: 'like', unique: '设备编号已存在', rules: { notBlank: true } },
    { name: 'deviceName', type: 'string', label: { zh: '设备名称', en: 'Device name' }, required: '请输入设备名称', maxLength: 128, search: 'like' },
    { name: 'deviceType', type: 'int', label: { zh: '设备类型', en: 'Device type' }, required: '请选择设备类型', dict: { code: 'test_object_device_type', as: 'deviceTypeName' }, search: 'equal' },
    { name: 'maintenanceStatus', type: 'int', label: { zh: '维护状态', en: 'Maintenance status' }, required: '请选择维护状态', dict: { code: 'test_object_maintenance_status', as: 'maintenanceStatusStr' }, search: 'equal' },
    { name: 'baselineVersion', type: 'string', label: { zh: '基线版本', en: 'Baseline version' }, required: '请输入基线版本', maxLength: 64 },
    { name: 'manufacturer', type: 'string', label: { zh: '厂商', en: 'Manufacturer' }, maxLength: 128 },
    { name: 'ip', type: 'string', label: { zh: '设备IP', en: 'IP address' }, maxLength: 64, rules: { ip: true } },
    { name: 'borrowerName', type: 'string', label: { zh: '领用人', en: 'Borrower' }, required: '请输入领用人', maxLength: 64 },
    { name: 'borrowTime', type: 'date', label: { zh: '领用时间', en: 'Borrowed on' }, required: '请选择领用时间' },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      widget: 'switch',
      options: [
        { value: 1, label: { zh: '启用', en: 'Enabled' } },
        { value: 0, label: { zh: '禁用', en: 'Disabled' } },
      ],
      defaultValue: 1,
    },
    { name: 'remark', type: 'text', label: { zh: '备注', en: 'Remark' }, maxLength: 500, span: 24, list: false },
  ],
};
