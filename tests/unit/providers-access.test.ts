import { describe, expect, it } from 'vitest';
import { paramSchema } from '../../resources/param/schema';
import { collectLeafCodes, isActionAllowed, permissionCodeFor } from '../../providers/access';

describe('collectLeafCodes', () => {
  it('turns every leaf code of the button tree into a true entry', () => {
    expect(
      collectLeafCodes([
        {
          code: 'system',
          children: [
            { code: 'param', children: [{ code: 'param_add' }, { code: 'param_delete', children: [] }] },
            { code: 'user', children: [{ code: 'user_reset' }] },
          ],
        },
        { code: 'loose_button' },
      ]),
    ).toEqual({ param_add: true, param_delete: true, user_reset: true, loose_button: true });
    expect(collectLeafCodes([])).toEqual({});
  });
});

describe('permissionCodeFor', () => {
  it('maps Refine actions to Blade button codes', () => {
    expect(permissionCodeFor(paramSchema, 'create')).toBe('param_add');
    expect(permissionCodeFor(paramSchema, 'clone')).toBe('param_add');
    expect(permissionCodeFor(paramSchema, 'edit')).toBe('param_edit');
    expect(permissionCodeFor(paramSchema, 'delete')).toBe('param_delete');
    expect(permissionCodeFor(paramSchema, 'show')).toBe('param_view');
    expect(permissionCodeFor(paramSchema, 'export')).toBe('param_export');
    expect(permissionCodeFor(paramSchema, 'list')).toBeUndefined();
  });
});

describe('isActionAllowed', () => {
  const granted = { param_add: true, param_view: true };

  it('allows an action whose button the user holds, and always the list', () => {
    expect(isActionAllowed(granted, paramSchema, 'create')).toBe(true);
    expect(isActionAllowed(granted, paramSchema, 'show')).toBe(true);
    expect(isActionAllowed(granted, paramSchema, 'edit')).toBe(false);
    expect(isActionAllowed({}, paramSchema, 'delete')).toBe(false);
    expect(isActionAllowed({}, paramSchema, 'list')).toBe(true);
  });

  it('denies actions the screen does not have, and allows everything without a schema', () => {
    const noAdd = { ...paramSchema, operations: paramSchema.operations.filter((operation) => operation.alias !== 'add') };
    expect(isActionAllowed(granted, noAdd, 'create')).toBe(false);
    expect(isActionAllowed({}, undefined, 'delete')).toBe(true);
  });
});
