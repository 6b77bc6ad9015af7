import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/app';
import { formatDateTime } from '../../server/blade/serializer';
import { hashPassword, SEED_IDS } from '../../server/db/seed';
import type { Db } from '../../server/db/types';
import { ADMIN_PASSWORD, LOCK_VICTIM, LOG_LOCK_VICTIM, OTHER_TENANT, QUOTA_TENANT, SCOPE_FIXTURE } from './fixtures';
import { registry } from '../../resources/schemas';
import { makePgliteTemplate } from './template-setup';

const NOW = '2024-01-02 03:04:05';

async function addUser(db: Db, id: string, tenantId: string, account: string, password: string, roleIds: string, deptIds: string) {
  await db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, post_id, create_time, update_time)
     VALUES ($1, $2, $3, $4, $3, $3, $5, $6, '', $7, $7)`,
    [id, tenantId, account, await hashPassword(password), roleIds, deptIds, NOW],
  );
}

/** Rows the tests need beyond the seed (which has `tester`): a lock-out victim and a second tenant. */
async function addFixtures(db: Db) {
  await addUser(db, '1900000000000000002', LOCK_VICTIM.tenantId, LOCK_VICTIM.account, LOCK_VICTIM.password, SEED_IDS.userRole, SEED_IDS.dept);
  const logVictim = LOG_LOCK_VICTIM;
  await addUser(db, logVictim.id, logVictim.tenantId, logVictim.account, logVictim.password, SEED_IDS.userRole, SEED_IDS.dept);

  const other = OTHER_TENANT;
  await db.query(
    `INSERT INTO blade_tenant (id, tenant_id, tenant_name, domain, background_url, create_time, update_time)
     VALUES ('2000000000000000000', $1, '第二租户', 'other.example.com', '/img/other.png', $2, $2)`,
    [other.tenantId, NOW],
  );
  for (const [index, roleId] of other.roleIds.entries()) {
    await db.query(
      `INSERT INTO blade_role (id, tenant_id, role_name, role_alias, sort) VALUES ($1, $2, $3, $4, $5)`,
      [roleId, other.tenantId, index === 0 ? '租户管理员' : '普通用户', index === 0 ? 'administrator' : 'user', index],
    );
  }
  for (const deptId of other.deptIds) {
    await db.query(`INSERT INTO blade_dept (id, tenant_id, dept_name) VALUES ($1, $2, '部门')`, [deptId, other.tenantId]);
  }
  await addUser(db, '2000000000000000021', other.tenantId, other.account, other.password, other.roleIds.join(','), other.deptIds.join(','));
  const quota = QUOTA_TENANT;
  await db.query(
    `INSERT INTO blade_tenant (id, tenant_id, tenant_name, account_number, create_time, update_time)
     VALUES ('2100000000000000000', $1, '额度租户', 1, $2, $2)`,
    [quota.tenantId, NOW],
  );
  await db.query(`INSERT INTO blade_role (id, tenant_id, role_name, role_alias, sort) VALUES ($1, $2, '租户管理员', 'administrator', 1)`, [quota.roleId, quota.tenantId]);
  await db.query(`INSERT INTO blade_dept (id, tenant_id, dept_name, ancestors) VALUES ($1, $2, '额度部门', '0')`, [quota.deptId, quota.tenantId]);
  await addUser(db, '2100000000000000021', quota.tenantId, quota.account, quota.password, quota.roleId, quota.deptId);
  await db.query(
    `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time)
     VALUES ($1, $2, '第二租户参数', $3, 'hidden', $4, $4)`,
    [other.paramId, other.tenantId, other.paramKey, NOW],
  );
  // Execution records are written by runs only: the second tenant's come from here (one today, one outside the
  // dashboard's 14-day window).
  const scope = SCOPE_FIXTURE;
  await db.query(`INSERT INTO blade_role (id, tenant_id, parent_id, role_name, role_alias, sort) VALUES ($1, $2, 0, '数据权限测试', $3, 9)`, [
    scope.roleId,
    scope.tenantId,
    scope.roleAlias,
  ]);
  for (const [deptId, parentId, ancestors] of [
    [scope.depts.a, '0', '0'],
    [scope.depts.a1, scope.depts.a, `0,${scope.depts.a}`],
    [scope.depts.b, '0', '0'],
  ]) {
    await db.query(`INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_name) VALUES ($1, $2, $3, $4, '范围部门')`, [
      deptId,
      scope.tenantId,
      parentId,
      ancestors,
    ]);
  }
  for (const key of ['a', 'a1', 'b'] as const) {
    await addUser(db, scope.users[key].id, scope.tenantId, scope.users[key].account, scope.password, scope.roleId, scope.depts[key]);
  }
  // Long before the dashboard's window, so that its figures of the administrator tenant stay as they were.
  for (const key of ['a', 'b'] as const) {
    await db.query(
      `INSERT INTO blade_task_record (id, tenant_id, project_code, task_code, terminal_code, execution_status, executor, execute_time,
         create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, $3, $3, 'D-M-SCOPE', 3, $4, '2020-01-02 03:04:05', $5, $6, '2020-01-02 03:04:05', $5, '2020-01-02 03:04:05')`,
      [scope.taskRecords[key], scope.tenantId, `D-P-SCOPE-${key.toUpperCase()}`, scope.users[key].account, scope.users[key].id, scope.depts[key]],
    );
  }
  // The second tenant's package holds 参数管理 alone (with its buttons): its role grants are limited to it.
  const [param] = await db.query<{ id: string }>(`SELECT id::text AS id FROM blade_menu WHERE code = 'param' AND is_deleted = 0`);
  await db.query(
    `INSERT INTO blade_tenant_package (id, package_name, menu_id, create_time, update_time) VALUES ($1, '参数包', $2, $3, $3)`,
    [OTHER_TENANT.packageId, param.id, NOW],
  );
  await db.query('UPDATE blade_tenant SET package_id = $1 WHERE tenant_id = $2', [OTHER_TENANT.packageId, other.tenantId]);
  const now = new Date();
  for (const [id, executedAt, status] of [
    ['2000000000000000201', now, 3],
    ['2000000000000000202', new Date(now.getTime() - 20 * 86_400_000), 2],
  ] as const) {
    await db.query(
      `INSERT INTO blade_task_record (id, tenant_id, project_code, task_code, terminal_code, execution_status, executor, execute_time, create_time, update_time)
       VALUES ($1, $2, 'D-P-FIXTURE', 'D-T-FIXTURE', 'D-M-FIXTURE', $3, '看板执行人', $4, $4, $4)`,
      [id, other.tenantId, status, formatDateTime(executedAt)],
    );
  }
}

/**
 * One server for the whole `server` project (PGlite is slow to create and memory-hungry). With
 * TEST_DATABASE_URL (an empty PostgreSQL database) the same tests run against PostgreSQL instead of PGlite.
 */
export default async function setup(project: TestProject) {
  // initdb is most of a PGlite start: run once here, its cluster copied for this server and every test's own.
  const template = await makePgliteTemplate();
  const dataDir = mkdtempSync(join(tmpdir(), 'blade-server-test-'));
  cpSync(template, dataDir, { recursive: true });
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const server = await startServer({
    port: 0,
    dataDir,
    databaseUrl,
    adminPassword: ADMIN_PASSWORD,
    captcha: false,
    // The fake OAuth providers of the tests listen on loopback, which the outbound policy refuses unless listed.
    outboundAllow: ['127.0.0.1'],
  }, { resources: registry });
  await addFixtures(server.db);
  project.provide('serverUrl', server.url);
  project.provide('serverPid', process.pid);
  project.provide('pgliteTemplate', template);
  return async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
  };
}
