import type { FormInstance } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { userSchema } from '../../resources/user/schema';
import { formFieldsOf, formRulesOf, listFieldsOf } from '../../src/components/crud/schemaMapping';
import { checkRowRules } from '../../server/blade/validate';
import { storedColumnsOf } from '../../server/blade/model';

/** Write-only fields (a password and its confirmation) and the same-as rule, on the form and on the server. */
const field = (name: string) => userSchema.fields.find((candidate) => candidate.name === name)!;

async function formProblem(name: string, value: string, others: Record<string, string>): Promise<string | undefined> {
  const getFieldValue = (key: string) => others[key];
  for (const rule of formRulesOf(field(name), userSchema.fields)) {
    const resolved = (typeof rule === 'function' ? rule({ getFieldValue } as unknown as FormInstance) : rule) as RuleObject;
    if (!resolved.validator) continue;
    try {
      await resolved.validator(resolved, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
}

describe('write-only fields', () => {
  it('are shown on add only, never listed, never read from the table', () => {
    const names = (fields: { name: string }[]) => fields.map((entry) => entry.name);
    expect(names(formFieldsOf(userSchema, 'create'))).toEqual(expect.arrayContaining(['password', 'password2']));
    expect(names(formFieldsOf(userSchema, 'edit'))).not.toContain('password');
    expect(names(formFieldsOf(userSchema, 'view'))).not.toContain('password2');
    expect(names(listFieldsOf(userSchema))).not.toContain('password');
    expect(storedColumnsOf(userSchema.fields).map((column) => column.column)).not.toContain('password');
  });

  it('the confirmation must equal the password, with the same message on the form and on the server', async () => {
    expect(await formProblem('password2', 'abc', { password: 'abd' })).toBe('两次密码输入不一致');
    expect(await formProblem('password2', 'abc', { password: 'abc' })).toBeUndefined();
    const fields = [field('password'), field('password2')];
    expect(() => checkRowRules(fields, { password: 'a', password2: 'b' }, new Set(['password', 'password2']), true)).toThrow('两次密码输入不一致');
    expect(() => checkRowRules(fields, { password: 'a', password2: 'a' }, new Set(['password', 'password2']), true)).not.toThrow();
  });
});
