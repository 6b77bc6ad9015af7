import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Form, Select, TreeSelect } from 'antd';
import { withComboboxAria } from '../../src/components/crud/comboboxAria';

afterEach(cleanup);

const RequiredSelect = withComboboxAria(Select);
const RequiredTreeSelect = withComboboxAria(TreeSelect);

describe('withComboboxAria', () => {
  it("puts a form item's required state on the combobox input, never on the select's role-less box", () => {
    const { container } = render(
      <Form>
        <Form.Item name="kind" label="通知类型" rules={[{ required: true }]}>
          <RequiredSelect options={[{ value: '1', label: '发布通知' }]} />
        </Form.Item>
        <Form.Item name="dept" label="所属部门" rules={[{ required: true }]}>
          <RequiredTreeSelect treeData={[{ value: '1', title: '总部' }]} />
        </Form.Item>
      </Form>,
    );
    expect(screen.getByRole('combobox', { name: '通知类型' }).getAttribute('aria-required')).toBe('true');
    expect(screen.getByRole('combobox', { name: '所属部门' }).getAttribute('aria-required')).toBe('true');
    expect(container.querySelectorAll('.ant-select[aria-required]')).toHaveLength(0);
  });

  it('names the combobox with aria-label when there is no label, and leaves out what is not asked', () => {
    const { container } = render(<RequiredSelect aria-label="测试用例" options={[]} />);
    const combobox = screen.getByRole('combobox', { name: '测试用例' });
    expect(combobox.hasAttribute('aria-required')).toBe(false);
    expect(container.querySelectorAll('.ant-select[aria-label]')).toHaveLength(0);
  });
});
