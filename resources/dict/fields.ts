import { CRUD } from '../operations';
import type { FieldSchema, OperationSchema, ResourceSchema } from '../types';

/**
 * The row operation 字典配置: opens the items of a dictionary (route `<list>/:id/items`), where they are added,
 * edited and removed with the dictionary's own add/edit/delete buttons. No server call of its own.
 */
export const DICT_ITEMS: OperationSchema = {
  alias: 'items',
  label: { zh: '字典配置', en: 'Items' },
  placement: 'row',
  icon: 'SettingOutlined',
};

/**
 * Fields of a dictionary row (spec §3 Dictionary, §5 messages), system and business alike. A dictionary is a root
 * row (parentId 0, dictKey -1) and its items are rows below it sharing its code.
 */
export const DICT_FIELDS: FieldSchema[] = [
  { name: 'code', type: 'string', label: { zh: '字典编号', en: 'Code' }, required: '请输入字典编号', maxLength: 255, search: 'like', width: 180, rules: { notBlank: true } },
  { name: 'dictValue', type: 'string', label: { zh: '字典名称', en: 'Name' }, required: '请输入字典名称', maxLength: 255, search: 'like', width: 180, rules: { notBlank: true } },
  // Roots keep -1 (BladeX's Saber sends it too); items get a key of their own, shown in the items form.
  { name: 'dictKey', type: 'string', label: { zh: '字典键值', en: 'Key' }, required: '请输入字典键值', maxLength: 255, defaultValue: '-1', form: false, list: false, rules: { notBlank: true } },
  { name: 'sort', type: 'int', label: { zh: '字典排序', en: 'Sort' }, required: '请输入字典排序', width: 100 },
  {
    name: 'isSealed',
    type: 'int',
    label: { zh: '封存', en: 'Sealed' },
    required: '请选择封存',
    // 0 否 / 1 是 as the spec stores it; the seeded `yes_no` dictionary numbers 1 否 / 2 是 (BladeX's), so not that one.
    options: [
      { value: 0, label: { zh: '否', en: 'No' } },
      { value: 1, label: { zh: '是', en: 'Yes' } },
    ],
    widget: 'radio',
    defaultValue: 0,
    width: 100,
  },
  // 0 for a dictionary; the parent row for an item (picked from `tree` in the items form).
  { name: 'parentId', type: 'id', label: { zh: '上级字典', en: 'Parent' }, defaultValue: '0', form: false, list: false },
  { name: 'remark', type: 'string', label: { zh: '字典备注', en: 'Remark' }, maxLength: 255, span: 24, width: 200 },
];

/** A dictionary screen: its list shows the dictionaries (roots), `字典配置` their items. */
export function dictionarySchema(spec: Pick<ResourceSchema, 'name' | 'title' | 'api' | 'table' | 'tenantScoped' | 'route' | 'menu' | 'permissionCode' | 'messages'>): ResourceSchema {
  return {
    ...spec,
    // The screen lists dictionaries; `list` answers BladeX's tree of what matches (`list?code=` → [root{children}]).
    endpoints: { list: 'parent-list' },
    tableOwner: 'migration',
    operations: [...CRUD, DICT_ITEMS],
    form: { mode: 'modal', width: '50%' },
    defaultSort: { column: 'sort', order: 'asc' },
    fields: DICT_FIELDS,
  };
}
