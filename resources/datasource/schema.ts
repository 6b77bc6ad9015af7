import { CRUD } from '../operations';
import type { ResourceSchema } from '../types';
import { datasourceMessages } from './messages';

/**
 * Datasources (spec §2 code generation tools, §7 blade-develop datasource): connection settings a tenant can be bound
 * to (tenant `datasource`). Stored only: this server never connects to them unless an administrator allowed the host
 * (`BLADE_OUTBOUND_ALLOW`). The password is write-only.
 */
export const datasourceSchema: ResourceSchema = {
  name: 'datasource',
  title: { zh: '数据源管理', en: 'Datasources' },
  messages: datasourceMessages,
  api: '/api/blade-develop/datasource',
  table: 'blade_datasource',
  tenantScoped: false,
  adminTenantOnly: true,
  route: '/tool/datasource',
  menu: { parent: 'tool', icon: 'DatabaseOutlined', sort: 1 },
  permissionCode: 'datasource',
  operations: CRUD,
  form: { mode: 'modal', width: 760 },
  defaultSort: { column: 'create_time', order: 'desc' },
  fields: [
    { name: 'name', type: 'string', label: { zh: '名称', en: 'Name' }, required: '请输入数据源名称', maxLength: 100, unique: '数据源名称已存在', search: 'like', rules: { notBlank: true } },
    {
      name: 'driverClass',
      type: 'string',
      label: { zh: '驱动类', en: 'Driver class' },
      required: '请输入驱动类',
      maxLength: 100,
      defaultValue: 'org.postgresql.Driver',
    },
    {
      name: 'url',
      type: 'string',
      label: { zh: '连接地址', en: 'URL' },
      required: '请输入连接地址',
      maxLength: 500,
      rules: { prefix: ['jdbc:', 'postgres:'] },
      span: 24,
      width: 320,
    },
    { name: 'username', type: 'string', label: { zh: '用户名', en: 'User name' }, required: '请输入用户名', maxLength: 45 },
    { name: 'password', type: 'string', label: { zh: '密码', en: 'Password' }, maxLength: 100, writeOnly: true, list: false },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, span: 24, list: false },
  ],
};
