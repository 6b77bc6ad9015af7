import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import type { FormInstance } from 'antd';
import '../../providers/i18n';
import { jobInfoSchema } from '../../resources/jobinfo/schema';
import { jobServerSchema } from '../../resources/jobserver/schema';
import type { FieldSchema, ResourceSchema } from '../../resources/types';
import { FieldFormItem } from '../../src/components/crud/fieldEditors';
import { formRulesOf } from '../../src/components/crud/schemaMapping';

const fieldOf = (schema: ResourceSchema, name: string) => schema.fields.find((field) => field.name === name)!;

function renderItem(schema: ResourceSchema, field: FieldSchema, record?: Record<string, unknown>) {
  let form: FormInstance | undefined;
  function Harness() {
    const [instance] = Form.useForm();
    form = instance;
    return (
      <Form form={instance}>
        <FieldFormItem schema={schema} field={field} fields={schema.fields} readOnly={false} record={record} form={instance} />
      </Form>
    );
  }
  render(<Harness />);
  return () => form!;
}

afterEach(cleanup);

describe('field editors', () => {
  it("offer a field's example in its placeholder and its hint under it", () => {
    renderItem(jobInfoSchema, fieldOf(jobInfoSchema, 'processorInfo'));
    expect(screen.getByPlaceholderText('请输入处理器参数，如 cleanJobInstances')).toBeTruthy();
    expect(screen.getByText(/内置: runTestTask（任务参数填测试任务编号/)).toBeTruthy();
  });

  it('require a secret on add, and keep the stored one when an edit leaves it empty', async () => {
    const password = fieldOf(jobServerSchema, 'jobAppPassword');
    expect(formRulesOf(password, jobServerSchema.fields)).toContainEqual({ required: true, message: '请输入应用密码' });
    expect(formRulesOf(password, jobServerSchema.fields, true).some((rule) => typeof rule === 'object' && 'required' in rule)).toBe(false);

    const adding = renderItem(jobServerSchema, password);
    await expect(adding().validateFields()).rejects.toMatchObject({ errorFields: [{ errors: ['请输入应用密码'] }] });
    cleanup();
    const editing = renderItem(jobServerSchema, password, { id: '1', jobServerName: '回归' });
    expect(screen.getByPlaceholderText('留空则保持不变')).toBeTruthy();
    await expect(editing().validateFields()).resolves.toEqual({ jobAppPassword: undefined });
  });
});
