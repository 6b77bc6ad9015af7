import { describe, expect, it } from 'vitest';
import { dictLabelIn, productDictionaries } from '../../resources/dictionaries';

describe('the product dictionaries in the reader language', () => {
  it('give every seeded item an English label', () => {
    for (const dict of productDictionaries) {
      for (const item of dict.items) expect(item.label.en, `${dict.code}.${item.key}`).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('translate a label still as seeded, and show a renamed one or an unknown dictionary as written', () => {
    expect(dictLabelIn('en', 'task_run_status', 6, '已失败')).toBe('Failed');
    expect(dictLabelIn('zh', 'task_run_status', 6, '已失败')).toBe('已失败');
    expect(dictLabelIn('en', 'task_run_status', 6, '失败了')).toBe('失败了');
    expect(dictLabelIn('en', 'my_own_dict', '1', '自定义')).toBe('自定义');
  });
});
