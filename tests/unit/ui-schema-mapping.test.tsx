import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { allowedOperations, showsOnRow } from '../../src/components/crud/useOperations';
import { tenantSchema } from '../../resources/tenant/schema';
import { ADD, EDIT, VIEW } from '../../resources/operations';
import {
  displayValueOf,
  isUnsetNumber,
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

const deviceSchema: ResourceSchema = {
  ...paramSchema,
  name: 'device',
  permissionCode: 'device',
  operations: [ADD, EDIT, VIEW, { alias: 'execute', label: { zh: '执行', en: 'Run' }, placement: 'row', path: 'execute' }],
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
    expect(formFieldsOf(paramSchema, 'create').map((f) => f.name)).toEqual(['paramName', 'paramKey', 'paramValue', 'remark']);
    expect(searchFieldsOf(paramSchema).map((f) => f.name)).toEqual(['paramName', 'paramKey']);
  });

  it('keeps form:false fields out of the form, and read-only ones out of the add form only', () => {
    expect(formFieldsOf(deviceSchema, 'create').map((f) => f.name)).toEqual(['deviceName', 'deviceType']);
    expect(formFieldsOf(deviceSchema, 'edit').map((f) => f.name)).toEqual(['deviceName', 'deviceType', 'secret']);
    expect(listFieldsOf(deviceSchema).map((f) => f.name)).toEqual(['deviceName', 'deviceType', 'createTime']);
  });
});

describe('form rules', () => {
  it('uses the exact required message of the spec and the max length', () => {
    const [paramName] = paramSchema.fields;
    const rules = formRulesOf(paramName, paramSchema.fields);
    expect(rules).toContainEqual({ required: true, message: '请输入参数名称' });
    expect(rules).toContainEqual(expect.objectContaining({ max: 255, message: '参数名称长度不能超过255个字符' }));
  });

  it('gives no required rule to optional fields', () => {
    const remark = paramSchema.fields.find((f) => f.name === 'remark')!;
    expect(formRulesOf(remark, paramSchema.fields).some((rule) => typeof rule === 'object' && 'required' in rule)).toBe(false);
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
  it('shows a button only when the screen declares the operation and the user holds its code', () => {
    const held = new Set(['device_add', 'device_delete', 'device_view', 'device_execute']);
    const shown = allowedOperations(deviceSchema, (code) => held.has(code));
    expect(shown).toMatchObject({ add: true, edit: false, delete: false, view: true });
    expect(shown.rowCustom.map((operation) => operation.alias)).toEqual(['execute']);
  });

  it('shows a row button only on the rows its rule allows: no delete on the administrator tenant, restore on recycled ones', () => {
    const tenants = allowedOperations(tenantSchema, () => true);
    expect(showsOnRow(tenants.deleteOperation, { tenantId: '000000' })).toBe(false);
    expect(showsOnRow(tenants.deleteOperation, { tenantId: '654321' })).toBe(true);
    const restore = tenants.rowCustom.find((operation) => operation.rowWhen?.equals !== undefined);
    expect(showsOnRow(restore, { status: 2 })).toBe(true);
    expect(showsOnRow(restore, { status: 1 })).toBe(false);
    expect(showsOnRow(undefined, {})).toBe(true);
  });
});

describe('displayed values', () => {
  it('shows the label the server joined, and a "not yet" number as empty', () => {
    const status = { name: 'status', type: 'int' as const, label: { zh: '状态', en: 'Status' }, dict: { code: 'project_status', as: 'statusStr' } };
    expect(displayValueOf(status, { status: 1, statusStr: '进行中' }, 1)).toBe('进行中');
    const duration = { name: 'duration', type: 'int' as const, label: { zh: '时长', en: 'Duration' } };
    expect(displayValueOf(duration, { duration: -1 }, -1)).toBe('');
    expect(displayValueOf(duration, { duration: 30 }, 30)).toBe(30);
  });

  it('treats -1 as unset in a number field, unless -1 is one of its choices', () => {
    const type = { name: 'taskType', type: 'int' as const, label: { zh: '任务类型', en: 'Type' }, dict: { code: 'task_type', as: 'taskTypeName' } };
    expect(isUnsetNumber(type, -1, [{ value: 1, label: '功能测试' }])).toBe(true);
    expect(isUnsetNumber(type, -1, [{ value: -1, label: '无' }])).toBe(false);
    expect(isUnsetNumber(type, 1, [{ value: 1, label: '功能测试' }])).toBe(false);
    expect(isUnsetNumber({ ...type, type: 'string' as const }, -1)).toBe(false);
  });
});
