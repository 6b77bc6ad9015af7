import type { FieldSchema, LocalizedText } from './types';

/**
 * Fields several resources declare alike: the module a row is filed under (its id path and the readable path the
 * server joins), the project it belongs to (the id picked by name and the joined name), and the head of a data or
 * API scope. Pure data.
 */

export function modulePathFields(options: { as: string; search?: boolean; width?: number }): FieldSchema[] {
  const label: LocalizedText = { zh: '功能模块', en: 'Module' };
  return [
    {
      name: 'moduleTypePath',
      type: 'string',
      label,
      required: '请选择功能模块',
      maxLength: 255,
      treePath: { resource: 'moduletype', as: options.as },
      list: false,
      ...(options.search ? { search: 'tree' as const } : {}),
    },
    { name: options.as, type: 'string', label, virtual: true, readOnly: true, form: false, width: options.width ?? 180 },
  ];
}

export function projectRefFields(options: {
  label: LocalizedText;
  required?: string;
  /** The project is required only when this field has this value (ownership 1: a project's case). */
  requiredWhen?: { field: string; equals: number };
  search?: boolean;
}): FieldSchema[] {
  return [
    {
      name: 'projectId',
      type: 'id',
      label: options.label,
      ...(options.required ? { required: options.required } : {}),
      ...(options.requiredWhen ? { rules: { requiredWhen: options.requiredWhen } } : {}),
      ref: { resource: 'project', label: 'projectName', as: 'projectName', searchParam: 'projectName' },
      list: false,
    },
    {
      name: 'projectName',
      type: 'string',
      label: options.label,
      virtual: true,
      readOnly: true,
      form: false,
      ...(options.search ? { search: 'like' as const } : {}),
    },
  ];
}

/** The fields every scope (data or API) starts with, as BladeX keeps them per menu. */
export const scopeHeadFields: FieldSchema[] = [
  { name: 'menuId', type: 'id', label: { zh: '所属菜单', en: 'Menu' }, list: false, form: false },
  { name: 'scopeName', type: 'string', label: { zh: '权限名称', en: 'Scope name' }, required: '请输入权限名称', maxLength: 255, search: 'like', rules: { notBlank: true } },
  { name: 'resourceCode', type: 'string', label: { zh: '权限编号', en: 'Resource code' }, required: '请输入权限编号', maxLength: 255, search: 'like', rules: { notBlank: true } },
];

/** What the server's API and usual logs say of the server and the request, beside each log's own columns. */
export const SERVER_LOG_FIELDS: FieldSchema[] = [
  { name: 'serviceId', type: 'string', label: { zh: '服务id', en: 'Service' }, maxLength: 64, list: false },
  { name: 'serverHost', type: 'string', label: { zh: '服务host', en: 'Server host' }, maxLength: 255, list: false },
  { name: 'serverIp', type: 'string', label: { zh: '服务ip', en: 'Server IP' }, maxLength: 64, list: false },
  { name: 'env', type: 'string', label: { zh: '软件环境', en: 'Environment' }, maxLength: 32, list: false },
  { name: 'userAgent', type: 'string', label: { zh: '用户代理', en: 'User agent' }, maxLength: 500, list: false, span: 24 },
  { name: 'params', type: 'text', label: { zh: '请求数据', en: 'Parameters' }, list: false, span: 24 },
];
