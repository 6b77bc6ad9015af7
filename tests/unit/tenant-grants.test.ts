import { describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import { closureOf, grantableMenus, parseMenuIds } from '../../resources/tenant/grants';
import { hasPrefix, ruleMessages } from '../../resources/validation';
import { formRulesOf } from '../../src/components/crud/schemaMapping';

/** Menus: system group (1) › param screen (2) › its add button (3); tenant screen (4) › its button (5); test group (6). */
const MENUS = [
  { id: '1', parent_id: '0', code: 'system' },
  { id: '2', parent_id: '1', code: 'param' },
  { id: '3', parent_id: '2', code: 'param_add' },
  { id: '4', parent_id: '1', code: 'tenant' },
  { id: '5', parent_id: '4', code: 'tenant_add' },
  { id: '6', parent_id: '0', code: 'test' },
];

describe('tenant menu grants', () => {
  it("never offers the administrator tenant's own screens (and their buttons) to other tenants", () => {
    expect(grantableMenus(MENUS, resourceSchemas).map((menu) => menu.code)).toEqual(['system', 'param', 'param_add', 'test']);
  });

  it('offers the shared dictionaries to read, without their add, edit and delete buttons', () => {
    const menus = [
      { id: '7', parent_id: '0', code: 'dict' },
      { id: '8', parent_id: '7', code: 'dict_add' },
      { id: '9', parent_id: '7', code: 'dict_delete' },
      { id: '10', parent_id: '7', code: 'dict_view' },
    ];
    expect(grantableMenus(menus, resourceSchemas).map((menu) => menu.code)).toEqual(['dict', 'dict_view']);
  });

  it("adds a package menu's ancestors, so a checked button brings its screen and group", () => {
    expect([...closureOf(['3'], MENUS)].sort()).toEqual(['1', '2', '3']);
    expect([...closureOf(['6', '404'], MENUS)]).toEqual(['6']);
  });

  it('accepts only ids of known menus, deduplicated', () => {
    expect(parseMenuIds('2, 3,2,', MENUS)).toEqual(['2', '3']);
    expect(() => parseMenuIds('2,99', MENUS)).toThrow();
    expect(() => parseMenuIds('2,x', MENUS)).toThrow();
  });
});

describe('the prefix rule', () => {
  const field = { name: 'url', type: 'string' as const, label: { zh: '连接地址', en: 'URL' }, rules: { prefix: ['jdbc:', 'postgres:'] } };

  it('accepts values starting with a listed prefix, case-insensitively', () => {
    expect(hasPrefix('jdbc:postgresql://db/x', field.rules.prefix)).toBe(true);
    expect(hasPrefix('POSTGRES://db/x', field.rules.prefix)).toBe(true);
    expect(hasPrefix('http://169.254.169.254/', field.rules.prefix)).toBe(false);
    expect(ruleMessages.prefix(field, field.rules.prefix)).toBe('连接地址必须以 jdbc: 或 postgres: 开头');
  });

  it('is the same rule in the form', async () => {
    const rules = formRulesOf(field, [field]);
    const validators = rules.map((rule) => (typeof rule === 'function' ? undefined : rule.validator)).filter(Boolean);
    const outcomes = await Promise.allSettled(validators.map((validate) => validate!({} as never, 'file:///etc/passwd', () => undefined)));
    expect(outcomes.some((outcome) => outcome.status === 'rejected' && String(outcome.reason.message) === '连接地址必须以 jdbc: 或 postgres: 开头')).toBe(true);
    const fine = await Promise.allSettled(validators.map((validate) => validate!({} as never, 'jdbc:x', () => undefined)));
    expect(fine.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
  });
});
