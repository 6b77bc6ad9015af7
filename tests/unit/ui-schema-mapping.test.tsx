import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { crudButtonsOf } from '../../src/components/crud/ResourceCrudPage';
import {
  formFieldsOf,
  formRulesOf,
  listFieldsOf,
  localizedOptions,
  optionLabelOf,
  searchFieldsOf,
  searchFilters,
} from '../../src/components/crud/schemaMapping';
import { paramSchema } from '../../resources/param/schema';
import type { ResourceSchema } from '../../resources/types';

const t = (key: string, options?: Record<string, unknown>) => `${key}:${JSON.stringify(options ?? {})}`;

const deviceSchema: ResourceSchema = {
  ...paramSchema,
  name: 'device',
  permissionCode: 'device',
  actions: { add: true, edit: true, delete: false, view: true },
  fields: [
    { name: 'deviceName', type: 'string', label: { zh: '设备名称', en: 'Name' }, search: 'like', required: '请输入设备名称' },
    { name: 'deviceType', type: 'string', label: { zh: '设备类型', en: 'Type' }, search: 'equal', dict: { code: 'device_type' } },
    { name: 'createTime', type: 'datetime', label: { zh: '创建时间', en: 'Created' }, search: 'dateRange', form: false },
    { name: 'secret', type: 'string', label: { zh: '内部', en: 'Internal' }, list: false, readOnly: true },
  ],
};

describe('schema → columns, form fields and search fields', () => {
  it('lists every param field but the remark, and edits all four', () => {
    expect(listFieldsOf(paramSchema).map((f) => f.name)).toEqual(['paramName', 'paramKey', 'paramValue']);
    expect(formFieldsOf(paramSchema).map((f) => f.name)).toEqual(['paramName', 'paramKey', 'paramValue', 'remark']);
    expect(searchFieldsOf(paramSchema).map((f) => f.name)).toEqual(['paramName', 'paramKey']);
  });

  it('keeps form:false and read-only fields out of the form', () => {
    expect(formFieldsOf(deviceSchema).map((f) => f.name)).toEqual(['deviceName', 'deviceType']);
    expect(listFieldsOf(deviceSchema).map((f) => f.name)).toEqual(['deviceName', 'deviceType', 'createTime']);
  });
});

describe('form rules', () => {
  it('uses the exact required message of the spec and the max length', () => {
    const [paramName] = paramSchema.fields;
    const rules = formRulesOf(paramName, '参数名称', t);
    expect(rules).toContainEqual({ required: true, message: '请输入参数名称' });
    expect(rules).toContainEqual(expect.objectContaining({ max: 255, message: 'crud.maxLength:{"label":"参数名称","max":255}' }));
  });

  it('gives no required rule to optional fields', () => {
    const remark = paramSchema.fields.find((f) => f.name === 'remark')!;
    expect(formRulesOf(remark, '备注', t).some((rule) => 'required' in rule)).toBe(false);
  });
});

describe('search values → Refine filters', () => {
  it('maps like to contains and equal to eq, trimming text', () => {
    expect(searchFilters(deviceSchema, { deviceName: '  probe ', deviceType: '2' })).toEqual([
      { field: 'deviceName', operator: 'contains', value: 'probe' },
      { field: 'deviceType', operator: 'eq', value: '2' },
      { field: 'createTime', operator: 'between', value: undefined },
    ]);
  });

  it('turns a date range into a between filter from the first day start to the last day end', () => {
    const filters = searchFilters(deviceSchema, { createTime: [dayjs('2024-03-01 15:00'), dayjs('2024-03-05 08:00')] });
    expect(filters).toContainEqual({
      field: 'createTime',
      operator: 'between',
      value: ['2024-03-01 00:00:00', '2024-03-05 23:59:59'],
    });
  });

  it('sends undefined for blank values so that clearing the form clears the filters', () => {
    expect(searchFilters(paramSchema, { paramName: '   ', paramKey: undefined })).toEqual([
      { field: 'paramName', operator: 'contains', value: undefined },
      { field: 'paramKey', operator: 'contains', value: undefined },
    ]);
  });
});

describe('option labels', () => {
  it('finds the label of a value whatever its type, and localises fixed options', () => {
    const options = localizedOptions(
      [
        { value: 0, label: { zh: '公共', en: 'Public' } },
        { value: 1, label: { zh: '项目', en: 'Project' } },
      ],
      'en',
    );
    expect(options).toEqual([
      { value: 0, label: 'Public' },
      { value: 1, label: 'Project' },
    ]);
    expect(optionLabelOf(options, '1')).toBe('Project');
    expect(optionLabelOf(options, '')).toBeUndefined();
  });
});

describe('crud buttons', () => {
  it('shows a button only when the screen offers the action and the user holds its code', () => {
    const held = new Set(['device_add', 'device_delete', 'device_view']);
    expect(crudButtonsOf(deviceSchema, (code) => held.has(code))).toEqual({
      add: true,
      edit: false, // no device_edit code
      delete: false, // the screen offers no delete
      view: true,
    });
  });
});
