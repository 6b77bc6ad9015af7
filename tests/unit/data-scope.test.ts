import { describe, expect, it } from 'vitest';
import { SqlParams } from '../../server/blade/query';
import { apiPathMatches, resolveDataScopes } from '../../server/blade/role-scopes';
import { dataScopePredicate, readScope, rowsOfTenants, scopedWhere, tenantWhere } from '../../server/blade/scope';
import type { BladeUser } from '../../server/blade/context';

const caller = { userId: '11', deptId: '21,22', tenantId: '000000' };
const rule = (scopeType: number, column = 'create_dept', deptIds: string[] = []) => ({ scopeType, column, deptIds });

describe('dataScopePredicate', () => {
  it('全部可见 and no rules do not limit', () => {
    expect(dataScopePredicate([], caller, new SqlParams())).toBeUndefined();
    expect(dataScopePredicate([rule(2, 'create_user'), rule(1)], caller, new SqlParams())).toBeUndefined();
  });

  it('本人可见 compares the column with the caller, bound', () => {
    const params = new SqlParams();
    expect(dataScopePredicate([rule(2, 'create_user')], caller, params, (column) => `t.${column}`)).toBe('(t.create_user = $1)');
    expect(params.values).toEqual(['11']);
  });

  it('所在机构可见 lists the caller’s depts; 自定义 the rule’s; the union of several rules', () => {
    const params = new SqlParams();
    const sql = dataScopePredicate([rule(3), rule(5, 'create_dept', ['31', '32'])], caller, params);
    expect(sql).toBe(`(create_dept = ANY(string_to_array($1, ',')::bigint[]) OR create_dept = ANY(string_to_array($2, ',')::bigint[]))`);
    expect(params.values).toEqual(['21,22', '31,32']);
  });

  it('所在机构及其子级可见 adds the depts whose ancestors hold one of the caller’s', () => {
    const params = new SqlParams();
    const sql = dataScopePredicate([rule(4)], caller, params)!;
    expect(sql).toContain('string_to_array(scope_dept.ancestors');
    expect(sql).toContain('scope_dept.tenant_id = $2');
    expect(params.values).toEqual(['21,22', '000000']);
  });

  it('never lets a value or a column into the SQL: bad columns, bad ids and unknown types allow nothing', () => {
    const params = new SqlParams();
    expect(dataScopePredicate([rule(3, 'create_dept; drop table x')], caller, params)).toBe('(FALSE)');
    expect(dataScopePredicate([rule(5, 'create_dept', ['1 OR 1=1'])], caller, params)).toBe('(FALSE)');
    expect(dataScopePredicate([rule(9)], caller, params)).toBe('(FALSE)');
    expect(dataScopePredicate([rule(3)], { ...caller, deptId: '' }, params)).toBe('(FALSE)');
    expect(params.values).toEqual([]);
  });
});

describe('readScope', () => {
  const user = { tenantId: '000000', userId: '11', deptId: '21', roleName: 'user', dataScopes: new Map([['project', [rule(3)]]]) } as unknown as BladeUser;

  it('adds the data scope of the named resource and stops counting all live rows', () => {
    const limited = readScope(user, new SqlParams(), { alias: 't', resource: 'project' });
    expect(limited.predicates).toEqual([`t.tenant_id = $1`, `t.is_deleted = 0`, `(t.create_dept = ANY(string_to_array($2, ',')::bigint[]))`]);
    expect(limited.countsAllLiveRows).toBe(false);
  });

  it('leaves other resources and unnamed reads alone', () => {
    expect(readScope(user, new SqlParams(), { resource: 'task' }).countsAllLiveRows).toBe(true);
    expect(readScope(user, new SqlParams()).predicates).toHaveLength(2);
  });
});

describe('resolveDataScopes', () => {
  const row = (role_id: string, resource_code: string, scope_type: number) => ({ role_id, resource_code, scope_type, scope_column: null, scope_value: null });

  it('limits a resource only when every role has a rule for it, with the union of their rules', () => {
    const scopes = resolveDataScopes(['1', '2'], [row('1', 'project', 3), row('2', 'project', 2), row('1', 'task', 3)]);
    expect(scopes.get('project')).toEqual([rule(3), rule(2, 'create_user')]);
    expect(scopes.has('task')).toBe(false);
  });

  it('a 全部可见 rule of any role lifts the limit', () => {
    expect(resolveDataScopes(['1', '2'], [row('1', 'project', 3), row('2', 'project', 1)]).has('project')).toBe(false);
  });
});

describe('apiPathMatches', () => {
  it('matches exactly or below a trailing /**', () => {
    expect(apiPathMatches('/api/blade-system/param/list', '/api/blade-system/param/list')).toBe(true);
    expect(apiPathMatches('/api/blade-system/param/list', '/api/blade-system/param/listing')).toBe(false);
    expect(apiPathMatches('/api/blade-system/param/**', '/api/blade-system/param/detail')).toBe(true);
    expect(apiPathMatches('/api/blade-system/param/**', '/api/blade-system/parameter')).toBe(false);
    expect(apiPathMatches('', '/x')).toBe(false);
  });
});

describe('hand-written WHERE clauses through the seam', () => {
  const user = { tenantId: '000000', userId: '11', deptId: '21', roleId: '5', dataScopes: new Map([['task', [rule(2, 'create_user')]]]) } as unknown as BladeUser;

  it('scopedWhere: the query’s own conditions first, then tenant, logical delete and the resource’s data scope', () => {
    expect(scopedWhere(user, { resource: 'task' }, 'task_code = $1', ['T1'])).toEqual({
      where: 'task_code = $1 AND tenant_id = $2 AND is_deleted = 0 AND (create_user = $3)',
      values: ['T1', '000000', '11'],
    });
    // Without a resource the data scope does not apply (a reference checked in its tenant).
    expect(scopedWhere(user, { alias: 'd' })).toEqual({ where: 'd.tenant_id = $1 AND d.is_deleted = 0', values: ['000000'] });
  });

  it('tenantWhere and tenantRows: a tenant without a caller; append-only tables without logical delete', () => {
    expect(tenantWhere('100001', { noLogicalDelete: true }, 'job_id = $1', ['9'])).toEqual({ where: 'job_id = $1 AND tenant_id = $2', values: ['9', '100001'] });
    const params = new SqlParams();
    expect(rowsOfTenants(['100001', '100002'], params, { alias: 'u' })).toEqual([`u.tenant_id = ANY(string_to_array($1, ','))`, 'u.is_deleted = 0']);
    expect(params.values).toEqual(['100001,100002']);
  });
});
