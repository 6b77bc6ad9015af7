import { describe, expect, it } from 'vitest';
import { expressionProblem, resolveExpression } from '../../server/flow/expression';

/** The workflow expression evaluator: conditions over process variables, and nothing that reaches past them. */
describe('flow expressions', () => {
  const variables = { days: 5, pass: true, type: 'sick', leave: { days: '2' } };

  it('evaluates comparisons, && and || over the variables', () => {
    expect(resolveExpression('${days > 3}', variables)).toBe(true);
    expect(resolveExpression('${days <= 3}', variables)).toBe(false);
    expect(resolveExpression('${pass}', variables)).toBe(true);
    expect(resolveExpression('${!pass}', variables)).toBe(false);
    expect(resolveExpression("${type == 'sick' && days >= 5}", variables)).toBe(true);
    expect(resolveExpression('${days < 2 || (pass && days != 4)}', variables)).toBe(true);
    expect(resolveExpression('${leave.days == 2}', variables)).toBe(true);
    expect(resolveExpression('${environment.variables.days * 2}', variables)).toBe(10);
    expect(resolveExpression('PT${days}M', variables)).toBe('PT5M');
    expect(resolveExpression('no expression', variables)).toBe('no expression');
  });

  it('answers undefined for a variable that is not there', () => {
    expect(resolveExpression('${missing}', variables)).toBeUndefined();
    expect(resolveExpression('${missing > 3}', variables)).toBe(false);
  });

  it('refuses calls, prototypes and anything outside the grammar', () => {
    expect(() => resolveExpression('${process.exit()}', variables)).toThrow(/不允许调用函数/);
    expect(() => resolveExpression('${days.constructor}', variables)).toThrow(/不允许访问/);
    expect(() => resolveExpression('${leave.__proto__}', variables)).toThrow(/不允许访问/);
    expect(() => resolveExpression('${days[0]}', variables)).toThrow(/不支持的字符/);
    expect(() => resolveExpression('${days = 3}', variables)).toThrow(/不支持的字符/);
    expect(() => resolveExpression('${a; b}', variables)).toThrow(/不支持的字符/);
    expect(() => resolveExpression('${`x`}', variables)).toThrow(/不支持的字符/);
    // Names resolve only in the variables: globals are not there.
    expect(resolveExpression('${globalThis}', variables)).toBeUndefined();
    expect(resolveExpression('${process.env}', variables)).toBeUndefined();
    expect(resolveExpression('${toString}', variables)).toBeUndefined();
  });

  it('names the problem of an expression a model carries', () => {
    expect(expressionProblem('${days > 3}')).toBeUndefined();
    expect(expressionProblem('${require("fs")}')).toMatch(/不允许调用函数/);
  });
});
