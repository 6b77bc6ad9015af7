import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { terminalRunningStatusDict, terminalMaintenanceStatusDict } from './dicts';
import { terminalMessages } from './messages';

/**
 * Terminals, the test benches tests run on (spec §2 terminal management, §3 Terminal, §5 messages, §7
 * terminalManagement). Each has a tool chain of tool devices and one test object, picked by code. Its three 设备编号
 * fields (the terminal's, a tool's, the test object's) each name their section in the required message.
 */
export const terminalSchema: ResourceSchema = {
  name: 'terminal',
  title: { zh: '终端管理', en: 'Terminals' },
  dictionaries: [terminalRunningStatusDict, terminalMaintenanceStatusDict],
  messages: terminalMessages,
  api: '/gateway/blade-terminal/terminalManagement',
  endpoints: { list: 'page' },
  table: 'blade_terminal',
  tenantScoped: true,
  route: '/test/terminal',
  menu: { parent: 'test', icon: 'MobileOutlined', sort: 3 },
  permissionCode: 'terminal',
  operations: CRUD,
  selection: 'single',
  form: { mode: 'drawer', width: '90%' },
  sections: [
    { key: 'basic', label: { zh: '基本信息', en: 'Basic info' } },
    { key: 'toolChain', label: { zh: '工具链信息', en: 'Tool chain' } },
    { key: 'testObject', label: { zh: '测试对象信息', en: 'Test object' }, hiddenOn: ['create'] },
  ],
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    { name: 'terminalCode', type: 'string', label: { zh: '设备编号', en: 'Terminal code' }, required: '请输入终端设备编号', maxLength: 64, search: 'like', sortable: true, unique: '设备编号已存在', rules: { notBlank: true } },
    { name: 'terminalName', type: 'string', label: { zh: '设备名称', en: 'Terminal name' }, required: '请输入设备名称', maxLength: 128, search: 'like' },
    { name: 'manufacturer', type: 'string', label: { zh: '厂商', en: 'Manufacturer' }, required: '请输入厂商', maxLength: 128 },
    { name: 'ip', type: 'string', label: { zh: '设备IP', en: 'IP address' }, required: '请输入设备IP', maxLength: 64, rules: { ip: true } },
    { name: 'uniqueCode', type: 'string', label: { zh: '唯一识别码', en: 'Unique code' }, required: '请输入唯一识别码', maxLength: 128 },
    {
      name: 'runningStatus',
      type: 'int',
      label: { zh: '运行状态', en: 'Running status' },
      required: '请选择运行状态',
      dict: { code: 'terminal_running_status', as: 'runningStatusStr' },
      search: 'equal',
    },
    {
      name: 'maintenanceStatus',
      type: 'int',
      label: { zh: '维护状态', en: 'Maintenance status' },
      required: '请选择维护状态',
      dict: { code: 'terminal_maintenance_status', as: 'maintenanceStatusStr' },
      search: 'equal',
    },
    { name: 'borrowerName', type: 'string', label: { zh: '领用人', en: 'Borrower' }, maxLength: 64 },
    { name: 'borrowTime', type: 'date', label: { zh: '领用时间', en: 'Borrowed on' } },
    {
      name: 'projectId',
      type: 'id',
      label: { zh: '所属项目', en: 'Project' },
      ref: { resource: 'project', label: 'projectName', as: 'projectName', searchParam: 'projectName' },
      list: false,
    },
    { name: 'projectName', type: 'string', label: { zh: '所属项目', en: 'Project' }, virtual: true, readOnly: true, form: false },
    { name: 'location', type: 'string', label: { zh: '位置', en: 'Location' }, maxLength: 255, list: false },
    // Reported by the terminal's agent, not typed in.
    { name: 'lastHeartbeat', type: 'datetime', label: { zh: '最后心跳', en: 'Last heartbeat' }, readOnly: true, form: false },
  ],
  children: [
    {
      name: 'terminalToolDeviceList',
      table: 'blade_terminal_tool_device',
      parentKey: 'terminal_id',
      label: { zh: '工具链', en: 'Tool chain' },
      section: 'toolChain',
      fields: [
        {
          name: 'toolDeviceId',
          type: 'id',
          label: { zh: '设备编号', en: 'Device code' },
          required: '请选择工具链设备编号',
          ref: {
            resource: 'tooldevice',
            label: 'deviceCode',
            as: 'deviceCode',
            searchParam: 'deviceCode',
            query: { maintenanceStatus: 1 },
            fill: { deviceName: 'deviceName', uniqueCode: 'uniqueCode', maintenanceStatus: 'maintenanceStatus' },
          },
        },
        { name: 'deviceName', type: 'string', label: { zh: '设备名称', en: 'Device name' }, maxLength: 128, readOnly: true },
        { name: 'uniqueCode', type: 'string', label: { zh: '唯一识别码', en: 'Unique code' }, maxLength: 128, readOnly: true },
        {
          name: 'maintenanceStatus',
          type: 'int',
          label: { zh: '维护状态', en: 'Maintenance status' },
          dict: { code: 'autotest_maintenance_status', as: 'maintenanceStatusStr' },
          readOnly: true,
        },
      ],
    },
    {
      name: 'terminalTestObject',
      table: 'blade_terminal_test_object',
      parentKey: 'terminal_id',
      single: true,
      label: { zh: '测试对象', en: 'Test object' },
      section: 'testObject',
      hiddenOn: ['create'],
      fields: [
        {
          name: 'testObjectId',
          type: 'id',
          label: { zh: '设备编号', en: 'Device code' },
          required: '请选择测试对象设备编号',
          ref: {
            resource: 'testobject',
            label: 'deviceCode',
            as: 'deviceCode',
            searchParam: 'deviceCode',
            query: { maintenanceStatus: 1 },
            fill: { deviceName: 'deviceName', deviceType: 'deviceType', maintenanceStatus: 'maintenanceStatus', baselineVersion: 'baselineVersion' },
          },
        },
        { name: 'deviceName', type: 'string', label: { zh: '设备名称', en: 'Device name' }, maxLength: 128, readOnly: true },
        {
          name: 'deviceType',
          type: 'int',
          label: { zh: '设备类型', en: 'Device type' },
          required: '请选择测试对象设备类型',
          dict: { code: 'test_object_device_type', as: 'deviceTypeName' },
          readOnly: true,
        },
        {
          name: 'maintenanceStatus',
          type: 'int',
          label: { zh: '维护状态', en: 'Maintenance status' },
          dict: { code: 'test_object_maintenance_status', as: 'maintenanceStatusStr' },
          readOnly: true,
        },
        { name: 'baselineVersion', type: 'string', label: { zh: '基线版本', en: 'Baseline version' }, maxLength: 64, readOnly: true },
      ],
    },
  ],
};
