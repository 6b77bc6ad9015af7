import { ADMIN_TENANT } from '../blade/context';
import { nextId } from '../blade/ids';
import type { Db } from './types';

/**
 * Issue 3 seed: a demo user `tester` with two roles and two departments (so the department/role switch and the
 * smaller permissions can be tried at once), and a few notices for the top bar's notice popover.
 */

export const TESTER_IDS = {
  user: '1123598821738675202',
  /** Second role of the tester: reads the desk's notices. */
  noticeRole: '1123598816738675203',
  /** Second department of the tester. */
  testDept: '1123598813738675202',
} as const;

export const TESTER_ACCOUNT = 'tester';
/** Menus of the tester's second role (its first role is the seeded `user` role). */
export const NOTICE_ROLE_MENU_CODES = ['desk', 'notice', 'notice_view'];

interface AccountSeed {
  now: string;
  adminId: string;
  adminDept: string;
  userRole: string;
  /** The password `tester` gets when it is created: the administrator's first-start password. */
  password: () => Promise<string>;
}

async function insertMissing(db: Db, table: string, id: string, insert: () => Promise<unknown>) {
  const found = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  if (found.length === 0) await insert();
}

/** Role, department and user rows of `tester`, each added only when missing. Answers the new role's id. */
export async function seedTester(db: Db, seed: AccountSeed): Promise<string> {
  const audit = [seed.adminId, seed.adminDept, seed.now];
  await insertMissing(db, 'blade_role', TESTER_IDS.noticeRole, () =>
    db.query(
      `INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, 0, '通知查看', 3, 'notice_reader', $3, $4, $5, $3, $5)`,
      [TESTER_IDS.noticeRole, ADMIN_TENANT, ...audit],
    ),
  );
  await insertMissing(db, 'blade_dept', TESTER_IDS.testDept, () =>
    db.query(
      `INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, $3, $4, 1, '测试部', '测试部', 2, $5, $6, $7, $5, $7)`,
      [TESTER_IDS.testDept, ADMIN_TENANT, seed.adminDept, `0,${seed.adminDept}`, ...audit],
    ),
  );
  const taken = await db.query('SELECT 1 FROM blade_user WHERE id = $1 OR (tenant_id = $2 AND account = $3 AND is_deleted = 0)', [
    TESTER_IDS.user,
    ADMIN_TENANT,
    TESTER_ACCOUNT,
  ]);
  if (taken.length === 0) {
    await db.query(
      `INSERT INTO blade_user (id, tenant_id, code, user_type, account, password, name, real_name, avatar, email, phone, sex, role_id, dept_id, post_id, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, 'tester', 1, $3, $4, 'tester', '测试员', '', 'tester@example.com', '13800000000', 1, $5, $6, '', $7, $8, $9, $7, $9)`,
      [TESTER_IDS.user, ADMIN_TENANT, TESTER_ACCOUNT, await seed.password(), `${seed.userRole},${TESTER_IDS.noticeRole}`,
        `${seed.adminDept},${TESTER_IDS.testDept}`, ...audit],
    );
  }
  return TESTER_IDS.noticeRole;
}

const NOTICES: [title: string, category: number, daysAgo: number, content: string][] = [
  ['测试管理平台上线通知', 1, 1, '测试管理平台已正式上线,请各项目组登录后在"测试管理"中维护项目、任务与终端信息。'],
  ['关于规范测试用例评审流程的通知', 6, 3, '即日起,新增测试用例须经审核通过后方可被测试脚本关联,请各位测试负责人及时处理待审核用例。'],
  ['终端设备季度巡检安排', 4, 6, '本季度终端设备巡检将于下周一开始,请借用终端的同事在周五前归还或登记续借。'],
  ['测试部人员任免通知', 5, 10, '经研究决定,任命王强为测试部自动化测试组组长,负责自动化测试框架建设。'],
];

/** A few notices of the administrator tenant, written only into an empty table (deleted ones never come back). */
export async function seedNotices(db: Db, adminId: string, adminDept: string, now: Date): Promise<void> {
  const [{ n }] = await db.query<{ n: string }>('SELECT count(*) AS n FROM blade_notice');
  if (Number(n) > 0) return;
  for (const [title, category, daysAgo, content] of NOTICES) {
    const released = new Date(now.getTime() - daysAgo * 86_400_000);
    const stamp = `${released.toISOString().slice(0, 10)} 09:00:00`;
    await db.query(
      `INSERT INTO blade_notice (id, tenant_id, title, category, release_time, content, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $5, $7, $5)`,
      [nextId(), ADMIN_TENANT, title, category, stamp, content, adminId, adminDept],
    );
  }
}

/** A small department tree and a few posts for tenant 000000, each added only when missing (by id). */
const ORG_DEPTS: [id: string, name: string, sort: number][] = [
  ['1123598813738675203', '研发部', 3],
  ['1123598813738675204', '产品部', 4],
];
const ORG_POSTS: [id: string, code: string, name: string, category: number, sort: number][] = [
  ['1123598817738675202', 'ceo', '首席执行官', 1, 2],
  ['1123598817738675203', 'manager', '经理', 2, 3],
  ['1123598817738675204', 'staff', '员工', 3, 4],
];

export async function seedOrg(db: Db, seed: { now: string; adminId: string; adminDept: string }): Promise<void> {
  const audit = [seed.adminId, seed.adminDept, seed.now];
  for (const [id, name, sort] of ORG_DEPTS) {
    await insertMissing(db, 'blade_dept', id, () =>
      db.query(
        `INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, create_user, create_dept, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, 2, $5, $5, $6, $7, $8, $9, $7, $9)`,
        [id, ADMIN_TENANT, seed.adminDept, `0,${seed.adminDept}`, name, sort, ...audit],
      ),
    );
  }
  for (const [id, code, name, category, sort] of ORG_POSTS) {
    const taken = await db.query('SELECT 1 FROM blade_post WHERE id = $1 OR (tenant_id = $2 AND post_code = $3 AND is_deleted = 0)', [id, ADMIN_TENANT, code]);
    if (taken.length > 0) continue;
    await db.query(
      `INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $7, $9)`,
      [id, ADMIN_TENANT, category, code, name, sort, ...audit],
    );
  }
}
