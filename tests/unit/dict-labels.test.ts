import { describe, expect, it } from 'vitest';
import { dict } from '../../resources/dictionaries';
import { createRegistry } from '../../resources/registry';
import { registry } from '../../resources/schemas';
import type { ResourceSchema } from '../../resources/types';

const { dictLabelIn } = registry;

describe('the product dictionaries in the reader language', () => {
  it('give every seeded item an English label', () => {
    for (const entry of registry.dictionaries) {
      for (const item of entry.items) expect(item.label.en, `${entry.code}.${item.key}`).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('translate a label still as seeded, and show a renamed one or an unknown dictionary as written', () => {
    expect(dictLabelIn('en', 'task_run_status', 6, '已失败')).toBe('Failed');
    expect(dictLabelIn('zh', 'task_run_status', 6, '已失败')).toBe('已失败');
    expect(dictLabelIn('en', 'task_run_status', 6, '失败了')).toBe('失败了');
    expect(dictLabelIn('en', 'my_own_dict', '1', '自定义')).toBe('自定义');
  });

  it('are collected by the registry from the folders: the shared ones, then each schema\'s own, a code only once', () => {
    // A screen's own dictionary is declared beside its schema (resources/task/dicts.ts), not in a central list.
    expect(registry.schemaByName('task')!.dictionaries!.map((entry) => entry.code)).toContain('task_run_status');
    const colour = dict('gadget_colour', '颜色', [['red', '红色', 'Red']], true);
    const gadget = { ...registry.schemaByName('param')!, name: 'gadget', dictionaries: [colour] } as ResourceSchema;
    const own = createRegistry([gadget], { dictionaries: [dict('sex', '性别', [['1', '男', 'Male']])] });
    expect(own.dictionaries.map((entry) => entry.code)).toEqual(['sex', 'gadget_colour']);
    expect(own.dictLabelIn('en', 'gadget_colour', 'red', '红色')).toBe('Red');
    expect(own.dictLabelIn('en', 'task_run_status', 6, '已失败')).toBe('已失败');
    expect(() => createRegistry([gadget, { ...gadget, name: 'gizmo' }])).toThrow('registry: two dictionaries share a code');
  });
});
