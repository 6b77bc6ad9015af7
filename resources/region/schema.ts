import { CRUD } from '../operations';
import type { FieldSchema, ResourceSchema } from '../types';
import { regionMessages } from './messages';

const LEVEL_NAMES = ['province', 'city', 'district', 'town', 'village'] as const;
const LEVEL_LABELS = [
  ['省份', 'Province'],
  ['地市', 'City'],
  ['区县', 'District'],
  ['乡镇', 'Town'],
  ['村委', 'Village'],
] as const;

/** The code and name of the region's ancestor (or itself) at each level, kept by the server. */
const levelFields: FieldSchema[] = LEVEL_NAMES.flatMap((level, index) => [
  { name: `${level}Code`, type: 'string', label: { zh: `${LEVEL_LABELS[index][0]}编号`, en: `${LEVEL_LABELS[index][1]} code` }, maxLength: 12, readOnly: true, list: false },
  { name: `${level}Name`, type: 'string', label: { zh: `${LEVEL_LABELS[index][0]}名称`, en: `${LEVEL_LABELS[index][1]} name` }, maxLength: 32, readOnly: true, list: false },
] satisfies FieldSchema[]);

/**
 * Administrative regions (spec §2, §7: detail by code, remove by id, lazy-tree by parentCode; BladeX `blade_region`):
 * one tree shared by every tenant, keyed by the national code, `00` above the provinces. A region's parent is fixed
 * when it is added (添加下级); its level, ancestors and the codes and names of its ancestors follow from the parent.
 */
export const regionSchema: ResourceSchema = {
  name: 'region',
  title: { zh: '行政区划', en: 'Regions' },
  messages: regionMessages,
  api: '/api/blade-system/region',
  table: 'blade_region',
  tenantScoped: false,
  route: '/base/region',
  menu: { parent: 'system', icon: 'GlobalOutlined', sort: 12 },
  permissionCode: 'region',
  operations: CRUD,
  form: { mode: 'modal', width: 720 },
  defaultSort: { column: 'sort', order: 'asc' },
  fields: [
    { name: 'parentCode', type: 'string', label: { zh: '上级区划编号', en: 'Parent code' }, maxLength: 12, readOnly: true, list: false },
    { name: 'parentName', type: 'string', label: { zh: '上级区划', en: 'Parent region' }, virtual: true, readOnly: true, list: false },
    { name: 'code', type: 'string', label: { zh: '区划编号', en: 'Code' }, required: '请输入区划编号', maxLength: 12, search: 'like', sortable: true, unique: '区划编号已存在', rules: { notBlank: true } },
    { name: 'name', type: 'string', label: { zh: '区划名称', en: 'Name' }, required: '请输入区划名称', maxLength: 32, search: 'like', rules: { notBlank: true } },
    { name: 'ancestors', type: 'string', label: { zh: '祖区划编号', en: 'Ancestors' }, maxLength: 255, readOnly: true, list: false },
    ...levelFields,
    {
      name: 'regionLevel',
      type: 'int',
      label: { zh: '区划等级', en: 'Level' },
      options: LEVEL_LABELS.map(([zh, en], index) => ({ value: index + 1, label: { zh, en } })),
      readOnly: true,
      search: 'equal',
    },
    { name: 'sort', type: 'int', label: { zh: '排序', en: 'Sort' }, required: '请输入排序', defaultValue: 1 },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, maxLength: 255, widget: 'textarea', span: 24, list: false },
  ],
};
