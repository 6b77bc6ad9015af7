/** Accounts and tenants the server test run creates (global-setup) and uses (tests). */
export const ADMIN_PASSWORD = 'Server-test-admin1';

/** The seeded `tester` (roles `user` + `notice_reader`, two depts); it gets the administrator's first-start password. */
export const TESTER = { tenantId: '000000', account: 'tester', password: ADMIN_PASSWORD } as const;
/** An account the lock-out test may lock without disturbing the others. */
export const LOCK_VICTIM = { tenantId: '000000', account: 'lockme', password: 'Lockme-pass1' } as const;
/** A second tenant with its own administrator and parameters, for isolation tests. */
export const OTHER_TENANT = {
  tenantId: '100001',
  account: 'otheradmin',
  password: 'Other-pass1',
  paramKey: 'other.tenant.secret',
  /** Its administrator has two roles and two depts, to test Role-Id / Dept-Id switching. */
  roleIds: ['2000000000000000001', '2000000000000000002'],
  deptIds: ['2000000000000000011', '2000000000000000012'],
  paramId: '2000000000000000101',
} as const;

/** A third tenant whose account quota (`account_number` 1) its one administrator already fills. */
export const QUOTA_TENANT = {
  tenantId: '100002',
  account: 'quotaadmin',
  password: 'Quota-pass1',
  roleId: '2100000000000000001',
  deptId: '2100000000000000011',
} as const;

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
  }
}
