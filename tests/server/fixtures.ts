/** Accounts and tenants the server test run creates (global-setup) and uses (tests). */
export const ADMIN_PASSWORD = 'Server-test-admin1';

/** The seeded `tester` (roles `user` + `notice_reader`, two depts); it gets the administrator's first-start password. */
export const TESTER = { tenantId: '000000', account: 'tester', password: ADMIN_PASSWORD } as const;
/** An account the lock-out test may lock without disturbing the others. */
export const LOCK_VICTIM = { tenantId: '000000', account: 'lockme', password: 'Lockme-pass1' } as const;
/** Locked and unlocked by the server-log tests, to find the usual-log rows of both events. */
export const LOG_LOCK_VICTIM = { id: '1900000000000000003', tenantId: '000000', account: 'lockme_log', password: 'Lockme-log-pass1' } as const;
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
  /** Its tenant package: 参数管理 only (role grants are limited to it). */
  packageId: '2000000000000000301',
} as const;

/**
 * Data scope fixtures: one role held by three users in three depts (B separate; A1 a child of A). The authority
 * tests grant the role menus and scopes through the API and read as each user.
 */
export const SCOPE_FIXTURE = {
  tenantId: '000000',
  roleId: '1900000000000000100',
  roleAlias: 'scope_fixture',
  password: 'Scope-pass1',
  depts: { a: '1900000000000000111', a1: '1900000000000000112', b: '1900000000000000113' },
  users: {
    a: { id: '1900000000000000121', account: 'scope_a' },
    a1: { id: '1900000000000000122', account: 'scope_a1' },
    b: { id: '1900000000000000123', account: 'scope_b' },
  },
  /** An execution record of scope_a's and one of scope_b's (records are written by runs only). */
  taskRecords: { a: '1900000000000000131', b: '1900000000000000132' },
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
    /** The process the server runs in (the test runner's main process), for tests that watch its memory. */
    serverPid: number;
    /** An initialized, empty PGlite data directory to copy (`freshDataDir`): initdb once per run. */
    pgliteTemplate: string;
  }
}
