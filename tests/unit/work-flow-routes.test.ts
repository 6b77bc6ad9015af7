import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { flowPaths, flowRouteKeyOf, leaveDaysBetween } from '../../src/pages/work/workApi';
import { productRegistry } from './productRegistry';

describe('我的事务: where a row opens and how many days a leave takes', () => {
  it('reads the form route of a category from the flow dictionary’s remark, and gives the others the generic form', () => {
    expect(flowRouteKeyOf(productRegistry, 'flow_1')).toBe('leave');
    expect(flowRouteKeyOf(productRegistry, 'flow_3')).toBe('review');
    // 报销流程 names a route no form has; an unknown category and none at all have no form of their own either.
    expect(flowRouteKeyOf(productRegistry, 'flow_2')).toBe('generic');
    expect(flowRouteKeyOf(productRegistry, 'flow_9')).toBe('generic');
    expect(flowRouteKeyOf(productRegistry, undefined)).toBe('generic');
    expect(flowPaths.handle('generic', { taskId: '11', processInstanceId: '22', businessId: '' })).toBe('/work/process/generic/handle/11/22');
    expect(flowPaths.detail('generic', { processInstanceId: '22' })).toBe('/work/process/generic/detail/22');
    const row = { taskId: '11', processInstanceId: '22', businessId: '33' };
    expect(flowPaths.handle('leave', row)).toBe('/work/process/leave/handle/11/22/33');
    expect(flowPaths.detail('leave', row)).toBe('/work/process/leave/detail/22/33');
    expect(flowPaths.form('leave', 'Leave:1:abc')).toBe('/work/process/leave/form/Leave%3A1%3Aabc');
  });

  it('counts both the first and the last day, and nothing for an end before the start', () => {
    expect(leaveDaysBetween(dayjs('2026-12-01'), dayjs('2026-12-03'))).toBe(3);
    expect(leaveDaysBetween(dayjs('2026-12-01 15:00'), dayjs('2026-12-01 09:00'))).toBe(1);
    expect(leaveDaysBetween(dayjs('2026-12-31'), dayjs('2027-01-02'))).toBe(3);
    expect(leaveDaysBetween(dayjs('2026-12-03'), dayjs('2026-12-01'))).toBeUndefined();
    expect(leaveDaysBetween(dayjs('2026-12-03'), undefined)).toBeUndefined();
  });
});
