import type { ResourceSchema } from '../types';

/**
 * Terminals, the devices tests run on (spec §3 Terminal, §5 terminal messages). Base per spec §7
 * terminalManagement; the list screen reads `page` (design §4).
 */
export const terminalSchema: ResourceSchema = {
  name: 'terminal',
  title: { zh: '终端管理', en: 'Terminals' },
  api: '/gateway/blade-terminal/terminalManagement',
  endpoints: { list: 'page' },
  table: 'blade_terminal',
  tenantScoped: true,
  route: '/test/terminal',
  permissionCode: 'terminal',
  actions: { add: true, edit: true, delete: true, view: true },
  form: { mode: 'drawer', width: '90%' },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'terminalCode',
      type: 'string',
      label: { zh: '设备编号', en: 'Terminal code' },
      required: '请输入设备编号',
      maxLength: 64,
      search: 'like',
      unique: '设备编号已存在',
    },
    {
      name: 'terminalName',
      type: 'string',
      label: { zh: '设备名称', en: 'Terminal name' },
      required: '请输入设备名称',
      maxLength: 128,
      search: 'like',
    },
    {
      name: 'manufacturer',
      type: 'string',
      label: { zh: '厂商', en: 'Manufacturer' },
      required: '请输入厂商',
      maxLength: 128,
    },
    { name: 'ip', type: 'string', label: { zh: '设备IP', en: 'IP address' }, required: '请输入设备IP', maxLength: 64 },
    {
      name: 'uniqueCode',
      type: 'string',
      label: { zh: '唯一识别码', en: 'Unique code' },
      required: '请输入唯一识别码',
      maxLength: 128,
    },
    {
      name: 'runningStatus',
      type: 'int',
      label: { zh: '运行状态', en: 'Running status' },
      required: '请选择运行状态',
      dict: { code: 'terminal_running_status' },
      search: 'equal',
    },
    {
      name: 'maintenanceStatus',
      type: 'int',
      label: { zh: '维护状态', en: 'Maintenance status' },
      required: '请选择维护状态',
      dict: { code: 'terminal_maintenance_status' },
      search: 'equal',
    },
    { name: 'borrowerId', type: 'id', label: { zh: '领用人编号', en: 'Borrower ID' }, list: false },
    { name: 'borrowerName', type: 'string', label: { zh: '领用人', en: 'Borrower' }, maxLength: 64 },
    { name: 'borrowTime', type: 'date', label: { zh: '领用时间', en: 'Borrowed on' } },
    { name: 'projectId', type: 'id', label: { zh: '所属项目编号', en: 'Project ID' }, list: false },
    { name: 'location', type: 'string', label: { zh: '位置', en: 'Location' }, maxLength: 255 },
    // Reported by the device, not typed in.
    { name: 'lastHeartbeat', type: 'datetime', label: { zh: '最后心跳', en: 'Last heartbeat' }, form: false },
  ],
};
