import { describe, expect, it } from 'vitest';
import { itemsSchemaOf } from '../../resources/dict/items';
import { dictSchema } from '../../resources/dict/schema';
import { recordViewOf, screenViewOf } from '../../resources/routing';
import { formFieldsOf, listFieldsOf } from '../../src/components/crud/schemaMapping';

describe('a dictionary screen and its items', () => {
  it('the dictionary form asks for code, name, sort, sealed (0 否 / 1 是, default 0) and remark; no key, no parent', () => {
    expect(formFieldsOf(dictSchema, 'create').map((field) => field.name)).toEqual(['code', 'dictValue', 'sort', 'isSealed', 'remark']);
    const sealed = dictSchema.fields.find((field) => field.name === 'isSealed')!;
    expect(sealed).toMatchObject({ required: '请选择封存', defaultValue: 0, widget: 'radio' });
    expect(sealed.options?.map((option) => [option.value, option.label.zh])).toEqual([
      [0, '否'],
      [1, '是'],
    ]);
    expect(dictSchema.fields.map((field) => field.required).filter(Boolean)).toEqual([
      '请输入字典编号',
      '请输入字典名称',
      '请输入字典键值',
      '请输入字典排序',
      '请选择封存',
    ]);
  });

  it('the items form shows the code (filled from the dictionary) and asks for the key; the list shows the key', () => {
    const items = itemsSchemaOf(dictSchema, '/system/dict/1/items');
    expect(formFieldsOf(items, 'create').map((field) => field.name)).toEqual(['code', 'dictValue', 'dictKey', 'sort', 'isSealed', 'parentId', 'remark']);
    expect(items.fields.find((field) => field.name === 'code')?.readOnly).toBe(true);
    expect(listFieldsOf(items).map((field) => field.name)).toContain('dictKey');
    expect(items.operations.map((operation) => operation.alias)).toEqual(['add', 'edit', 'delete', 'view']);
    // Same resource: the same calls and buttons as the dictionaries.
    expect([items.name, items.api, items.permissionCode]).toEqual([dictSchema.name, dictSchema.api, dictSchema.permissionCode]);
  });

  it('routes 字典配置 as a record view, its item forms below it', () => {
    expect(recordViewOf('/system/dict', '/system/dict/12/items', ['items'])).toEqual({ id: '12', name: 'items', base: '/system/dict/12/items' });
    expect(recordViewOf('/system/dict', '/system/dict/12/items/34/edit', ['items'])?.base).toBe('/system/dict/12/items');
    expect(recordViewOf('/system/dict', '/system/dict/12/edit', ['items'])).toBeUndefined();
    expect(recordViewOf('/system/dict', '/system/dictbiz/12/items', ['items'])).toBeUndefined();
    expect(screenViewOf('/system/dict/12/items', '/system/dict/12/items/34/edit')).toEqual({ kind: 'form', mode: 'edit', id: '34' });
    expect(screenViewOf('/system/dict/12/items', '/system/dict/12/items/new')).toEqual({ kind: 'form', mode: 'create' });
  });
});
