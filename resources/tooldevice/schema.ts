import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { autotestMaintenanceStatusDict, toolDeviceTypeDict } from './dicts';

/** Tool devices of the test benches (spec §2 tool device list, §3 Tool device, §5 messages). */
export const toolDeviceSchema: ResourceSchema = {
  name: 'tooldevice',
  title: { zh: '工具设备', en: 'Tool devices' },
  dictionaries: [autotestMaintenanceStatusDict, toolDeviceTypeDict],
  api: '/gateway/blade-tooldevice/toolDevice',
  table: 'blade_tool_device',
  tenantScoped: true,
  route: '/test/tooldevice',
  menu: { parent: 'test', icon: 'ToolOutlined', sort: 6 },
  permissionCode: 'tooldevice',
  operations: CRUD,
  form: { mode: 'modal', width: '60%' },
  fields: [
    { name: 'deviceCode', type: 'string', label: { zh: '设备编号', en: 'Device code' }, required: '请输入设备编号', maxLength: 64, search: 'like', unique: '设备编号已存在', rules: { notBlank: true } },
    { name: 'deviceName', type: 'string', label: { zh: '设备名称', en: 'Device name' }, required: '请输入设备名称', maxLength: 128, search: 'like' },
    { name: 'deviceType', type: 'int', label: { zh: '设备类型', en: 'Device type' }, required: '请选择设备类型', dict: { code: 'tool_device_type', as: 'deviceTypeName' }, search: 'equal' },
    { name: 'manufacturer', type: 'string', label: { zh: '厂商', en: 'Manufacturer' }, required: '请输入厂商', maxLength: 128 },
    { name: 'uniqueCode', type: 'string', label: { zh: '唯一识别码', en: 'Unique code' }, required: '请输入唯一识别码', maxLength: 128, search: 'like' },
    { name: 'ip', type: 'string', label: { zh: '设备IP', en: 'IP address' }, maxLength: 64, list: false, rules: { ip: true } },
    { name: 'maintenanceStatus', type: 'int', label: { zh: '维护状态', en: 'Maintenance status' }, required: '请选择维护状态', dict: { code: 'autotest_maintenance_status', as: 'maintenanceStatusStr' }, search: 'equal' },
    { name: 'calibrationLocation', type: 'string', label: { zh: '标定地址', en: 'Calibration location' }, required: '请输入标定地址', maxLength: 255 },
    { name: 'borrowerName', type: 'string', label: { zh: '领用人', en: 'Borrower' }, required: '请输入领用人', maxLength: 64, search: 'like' },
    { name: 'borrowTime', type: 'date', label: { zh: '领用时间', en: 'Borrowed on' }, required: '请选择领用时间' },
    { name: 'purchaseDate', type: 'date', label: { zh: '采购日期', en: 'Purchased on' }, list: false },
    { name: 'warrantyPeriod', type: 'int', label: { zh: '保修期(月)', en: 'Warranty (months)' }, list: false },
    { name: 'specification', type: 'text', label: { zh: '规格说明', en: 'Specification' }, maxLength: 1000, span: 24, list: false },
  ],
};
