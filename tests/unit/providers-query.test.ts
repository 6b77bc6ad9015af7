import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { paramSchema } from '../../resources/param/schema';
import type { ResourceSchema } from '../../resources/types';
import { isDateField, toBladeFilters, toBladePaging, toBladeSorting, toQueryValue } from '../../providers/blade-query';

const taskSchema: ResourceSchema = {
  ...paramSchema,
  name: 'task',
  fields: [
    { name: 'taskName', type: 'string', label: { zh: '任务名称', en: 'Task name' } },
    { name: 'startTime', type: 'date', label: { zh: '开始时间', en: 'Start' } },
    { name: 'lastHeartbeat', type: 'datetime', label: { zh: '心跳', en: 'Heartbeat' } },
    { name: 'taskCode', column: 'code_of_task', type: 'string', label: { zh: '编号', en: 'Code' } },
  ],
};

describe('toBladeFilters', () => {
  it('maps comparison and text operators to Blade Condition suffixes', () => {
    expect(
      toBladeFilters([
        { field: 'paramKey', operator: 'eq', value: 'k' },
        { field: 'paramName', operator: 'contains', value: 'name' },
        { field: 'status', operator: 'ne', value: 0 },
        { field: 'sort', operator: 'gte', value: 1 },
        { field: 'sort', operator: 'lte', value: 9 },
        { field: 'level', operator: 'gt', value: 2 },
        { field: 'level', operator: 'lt', value: 5 },
        { field: 'remark', operator: 'ncontains', value: 'x' },
        { field: 'code', operator: 'startswith', value: 'A' },
        { field: 'path', operator: 'endswith', value: '.py' },
      ]),
    ).toEqual({
      paramKey_equal: 'k',
      paramName: 'name',
      status_notequal: 0,
      sort_ge: 1,
      sort_le: 9,
      level_gt: 2,
      level_lt: 5,
      remark_notlike: 'x',
      code_likeright: 'A',
      path_likeleft: '.py',
    });
  });

  it('sends a createTime range as _dategt / _datelt (spec §7)', () => {
    expect(
      toBladeFilters([
        { field: 'createTime', operator: 'gte', value: '2024-01-01 00:00:00' },
        { field: 'createTime', operator: 'lte', value: '2024-01-31 23:59:59' },
      ]),
    ).toEqual({ createTime_dategt: '2024-01-01 00:00:00', createTime_datelt: '2024-01-31 23:59:59' });
  });

  it('sends a between range on a date field as _dategt / _datelt, formatting dates', () => {
    expect(
      toBladeFilters(
        [{ field: 'lastHeartbeat', operator: 'between', value: [dayjs('2024-03-01 08:00:00'), new Date(2024, 2, 2)] }],
        taskSchema,
      ),
    ).toEqual({ lastHeartbeat_dategt: '2024-03-01 08:00:00', lastHeartbeat_datelt: '2024-03-02 00:00:00' });
    expect(toBladeFilters([{ field: 'sort', operator: 'between', value: [1, 5] }])).toEqual({ sort_ge: 1, sort_le: 5 });
  });

  it('uses the _date suffixes for other date fields, date-only fields formatted yyyy-MM-dd', () => {
    expect(
      toBladeFilters(
        [
          { field: 'startTime', operator: 'gte', value: dayjs('2024-05-06 10:11:12') },
          { field: 'startTime', operator: 'lte', value: '2024-05-31' },
          { field: 'lastHeartbeat', operator: 'gt', value: '2024-05-01 00:00:00' },
          { field: 'updateTime', operator: 'lt', value: '2024-06-01' },
          { field: 'startTime', operator: 'eq', value: '2024-05-07' },
        ],
        taskSchema,
      ),
    ).toEqual({
      startTime_datege: '2024-05-06',
      startTime_datele: '2024-05-31',
      lastHeartbeat_dategt: '2024-05-01 00:00:00',
      updateTime_datelt: '2024-06-01',
      startTime_dateequal: '2024-05-07',
    });
  });

  it('sends null checks with a non-empty flag and skips empty values', () => {
    expect(
      toBladeFilters([
        { field: 'parentId', operator: 'null', value: undefined },
        { field: 'remark', operator: 'nnull', value: true },
        { field: 'paramName', operator: 'contains', value: '' },
        { field: 'paramKey', operator: 'eq', value: null },
        { field: 'moduleType', operator: 'eq', value: [] },
        { field: 'createTime', operator: 'between', value: [] },
      ]),
    ).toEqual({ parentId_null: 1, remark_notnull: 1 });
  });

  it('flattens and-groups, joins arrays, and refuses what Blade cannot express', () => {
    expect(
      toBladeFilters([
        {
          operator: 'and',
          value: [
            { field: 'a', operator: 'eq', value: 1 },
            { field: 'modulePath', operator: 'eq', value: ['1', '2'] },
          ],
        },
      ]),
    ).toEqual({ a_equal: 1, modulePath_equal: '1,2' });
    expect(() => toBladeFilters([{ operator: 'or', value: [] }])).toThrow(/or/);
    expect(() => toBladeFilters([{ field: 'id', operator: 'in', value: [1, 2] }])).toThrow(/"in"/);
  });
});

describe('toQueryValue and isDateField', () => {
  it('formats dates and leaves scalars alone', () => {
    expect(toQueryValue(new Date(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02 03:04:05');
    expect(toQueryValue(dayjs('2024-01-02 03:04:05'), true)).toBe('2024-01-02');
    expect(toQueryValue(0)).toBe(0);
    expect(toQueryValue(false)).toBe(false);
    expect(toQueryValue('')).toBeUndefined();
  });

  it('knows date fields from the schema and the audit fields', () => {
    expect(isDateField('startTime', taskSchema)).toBe(true);
    expect(isDateField('taskName', taskSchema)).toBe(false);
    expect(isDateField('createTime')).toBe(true);
    expect(isDateField('paramName', paramSchema)).toBe(false);
  });
});

describe('toBladeSorting', () => {
  it('joins snake_case columns into ascs and descs, honouring a declared column', () => {
    expect(
      toBladeSorting(
        [
          { field: 'createTime', order: 'desc' },
          { field: 'taskCode', order: 'asc' },
          { field: 'taskName', order: 'asc' },
          { field: 'updateTime', order: 'desc' },
        ],
        taskSchema,
      ),
    ).toEqual({ ascs: 'code_of_task,task_name', descs: 'create_time,update_time' });
    expect(toBladeSorting([])).toEqual({});
  });
});

describe('toBladePaging', () => {
  it('sends current and size for server paging, with the spec defaults', () => {
    expect(toBladePaging({ currentPage: 3, pageSize: 30 })).toEqual({ current: 3, size: 30 });
    expect(toBladePaging()).toEqual({ current: 1, size: 10 });
  });

  it('sends no paging when Refine pages on the client or not at all', () => {
    expect(toBladePaging({ mode: 'off', currentPage: 2, pageSize: 10 })).toEqual({});
    expect(toBladePaging({ mode: 'client' })).toEqual({});
  });
});
