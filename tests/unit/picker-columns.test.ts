import { describe, expect, it } from 'vitest';
import { resourceSchemas, schemaByName } from '../../resources/schemas';
import { pickerColumnsOf, projectData } from '../../server/blade/picker-columns';

describe('picker columns', () => {
  it('a screen that picks users reads their id, name, search and filter fields and its link columns: never phone or email', () => {
    const project = pickerColumnsOf(schemaByName('user')!, resourceSchemas).get('project')!;
    expect([...project]).toEqual(expect.arrayContaining(['id', 'realName', 'status', 'account', 'deptName', 'childUserList']));
    expect([...project]).not.toEqual(expect.arrayContaining(['phone']));
    expect([...project]).not.toEqual(expect.arrayContaining(['email']));
    // Its own screen is no picker of itself.
    expect(pickerColumnsOf(schemaByName('user')!, resourceSchemas).has('user')).toBe(false);
  });

  it('a pick that fills the form reads what it fills; a picked tree keeps its shape', () => {
    expect([...pickerColumnsOf(schemaByName('testscript')!, resourceSchemas).get('testcase')!]).toEqual(
      expect.arrayContaining(['id', 'scriptCode', 'auditStatus', 'scriptPath', 'scriptDesc']),
    );
    expect([...pickerColumnsOf(schemaByName('dept')!, resourceSchemas).get('user')!]).toEqual(
      expect.arrayContaining(['id', 'deptName', 'parentId', 'children', 'title', 'key', 'value', 'hasChildren']),
    );
  });

  it('cuts a page, a list, a tree and one row down to the columns', () => {
    const columns = new Set(['id', 'realName', 'children']);
    const row = { id: '1', realName: '张三', phone: '13800000000', email: 'a@b.c' };
    expect(projectData({ records: [row], total: 1, size: 10, current: 1 }, columns)).toEqual({ records: [{ id: '1', realName: '张三' }], total: 1, size: 10, current: 1 });
    expect(projectData([row], columns)).toEqual([{ id: '1', realName: '张三' }]);
    expect(projectData([{ ...row, children: [{ ...row, id: '2' }] }], columns)).toEqual([{ id: '1', realName: '张三', children: [{ id: '2', realName: '张三' }] }]);
    expect(projectData(row, columns)).toEqual({ id: '1', realName: '张三' });
    expect(projectData(null, columns)).toBeNull();
  });
});
