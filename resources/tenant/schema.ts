import { ADD, DELETE, EDIT, VIEW } from '../operations';
import type { ResourceSchema } from '../types';
import { tenantMessages } from './messages';

/**
 * Tenants (spec §2 system settings, §7 tenant calls): only the administrator tenant manages them. Creating one creates
 * its administrator, roles, root department and menu grants (`server.ts`); `setting`, `datasource` and
 * `package-setting` change a tenant's licence, datasource and product package; `recycle` moves tenants to the recycle
 * bin (no login) and `pass` takes them back.
 */
export const tenantSchema: ResourceSchema = {
  name: 'tenant',
  title: { zh: '租户管理', en: 'Tenants' },
  messages: tenantMessages,
  api: '/api/blade-system/tenant',
  table: 'blade_tenant',
  tenantScoped: false,
  adminTenantOnly: true,
  route: '/system/tenant',
  menu: { parent: 'system', icon: 'TeamOutlined', sort: 7 },
  permissionCode: 'tenant',
  operations: [
    ADD,
    EDIT,
    // The administrator tenant cannot be removed (the server refuses it too).
    { ...DELETE, rowWhen: { field: 'tenantId', notEquals: '000000' } },
    VIEW,
    {
      alias: 'setting',
      label: { zh: '授权配置', en: 'Licence' },
      placement: 'toolbar',
      method: 'POST',
      path: 'setting',
      idIn: 'ids',
      icon: 'SafetyCertificateOutlined',
      fields: [
        { name: 'accountNumber', type: 'int', label: { zh: '账号额度', en: 'Account quota' }, required: '请输入账号额度' },
        { name: 'expireTime', type: 'datetime', label: { zh: '过期时间', en: 'Expires at' } },
      ],
    },
    {
      alias: 'datasource',
      label: { zh: '数据源配置', en: 'Datasource' },
      placement: 'toolbar',
      method: 'POST',
      path: 'datasource',
      idIn: 'query',
      icon: 'DatabaseOutlined',
      fields: [
        {
          name: 'datasourceId',
          type: 'id',
          label: { zh: '数据源', en: 'Datasource' },
          required: '请选择数据源',
          ref: { resource: 'datasource', label: 'name', as: 'datasourceName' },
        },
      ],
    },
    {
      alias: 'package-setting',
      label: { zh: '产品包配置', en: 'Package' },
      placement: 'toolbar',
      method: 'POST',
      path: 'package-setting',
      idIn: 'query',
      icon: 'GiftOutlined',
      fields: [
        {
          name: 'packageId',
          type: 'id',
          label: { zh: '产品包', en: 'Package' },
          ref: { resource: 'tenantpackage', label: 'packageName', as: 'packageName' },
        },
      ],
    },
    {
      alias: 'recycle',
      label: { zh: '回收', en: 'Recycle' },
      placement: 'toolbar',
      method: 'POST',
      path: 'recycle',
      idIn: 'ids',
      icon: 'RestOutlined',
      confirm: { zh: '确定将选择的租户移入回收站? 回收后租户无法登录', en: 'Move the selected tenants to the recycle bin? They can no longer log in.' },
    },
    {
      alias: 'pass',
      label: { zh: '通过', en: 'Restore' },
      placement: 'row',
      method: 'POST',
      path: 'pass',
      idIn: 'ids',
      icon: 'CheckCircleOutlined',
      rowWhen: { field: 'status', equals: 2 },
      confirm: { zh: '确定恢复该租户?', en: 'Restore this tenant?' },
    },
  ],
  form: { mode: 'modal', width: 860 },
  revealOnCreate: [
    { name: 'account', label: { zh: '管理员账号', en: 'Administrator account' } },
    { name: 'password', label: { zh: '初始密码', en: 'Initial password' } },
  ],
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    {
      name: 'tenantId',
      type: 'string',
      label: { zh: '租户ID', en: 'Tenant ID' },
      maxLength: 12,
      unique: '租户ID已存在',
      immutable: true,
      rules: { code: true },
      search: 'like',
      width: 90,
    },
    { name: 'tenantName', type: 'string', label: { zh: '租户名称', en: 'Tenant name' }, required: '请输入租户名称', maxLength: 50, search: 'like', rules: { notBlank: true } },
    { name: 'domain', type: 'string', label: { zh: '域名地址', en: 'Domain' }, maxLength: 255, list: false },
    { name: 'backgroundUrl', type: 'string', label: { zh: '系统背景', en: 'Background URL' }, maxLength: 1000, list: false },
    { name: 'linkman', type: 'string', label: { zh: '联系人', en: 'Contact' }, required: '请输入联系人', maxLength: 20, search: 'like', rules: { notBlank: true }, width: 100 },
    { name: 'contactNumber', type: 'string', label: { zh: '联系电话', en: 'Phone' }, maxLength: 20, rules: { phone: true }, width: 120 },
    { name: 'address', type: 'string', label: { zh: '联系地址', en: 'Address' }, maxLength: 255, span: 24, list: false },
    {
      name: 'packageId',
      type: 'id',
      label: { zh: '产品包', en: 'Package' },
      ref: { resource: 'tenantpackage', label: 'packageName', as: 'packageName' },
      hiddenOn: ['edit'],
      list: false,
    },
    { name: 'packageName', type: 'string', label: { zh: '产品包', en: 'Package' }, virtual: true, readOnly: true, form: false },
    // Set by `setting` (授权配置), shown in the list.
    { name: 'accountNumber', type: 'int', label: { zh: '账号额度', en: 'Account quota' }, readOnly: true, defaultValue: -1, hiddenOn: ['edit'], width: 90 },
    { name: 'expireTime', type: 'datetime', label: { zh: '过期时间', en: 'Expires at' }, readOnly: true, hiddenOn: ['edit'], width: 170 },
    // Set by `datasource` (数据源配置).
    {
      name: 'datasourceId',
      type: 'id',
      label: { zh: '数据源', en: 'Datasource' },
      ref: { resource: 'datasource', label: 'name', as: 'datasourceName' },
      readOnly: true,
      list: false,
      form: false,
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      options: [
        { value: 1, label: { zh: '正常', en: 'Active' } },
        { value: 2, label: { zh: '已回收', en: 'Recycled' } },
      ],
      readOnly: true,
      defaultValue: 1,
      search: 'equal',
      hiddenOn: ['create', 'edit'],
      // Room for its tag (正常, 已回收, 已过期).
      width: 100,
    },
  ],
};
