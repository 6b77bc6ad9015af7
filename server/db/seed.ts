import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hashClientSecret } from '../blade/auth';
import { ADMIN_TENANT, ADMINISTRATOR_ROLE } from '../blade/context';
import { nextId } from '../blade/ids';
import { hashPlainPassword } from '../users/password';
import { formatDateTime } from '../blade/serializer';
import type { SeedDict } from './seed-data/dicts';
import type { SeedMenu, SeedTopMenu } from './seed-data/menus';
import { SCHEMA_LOCK } from './migrate';
import { seedDemoData } from './seed-demo';
import { NOTICE_ROLE_MENU_CODES, seedNotices, seedOrg, seedTester } from './seed-accounts';
import { seedSettings } from './seed-settings';
import type { Db } from './types';

export interface SeedData {
  menus: SeedMenu[];
  topMenus: SeedTopMenu[];
  userRoleMenuCodes: string[];
  dicts: SeedDict[];
}

/** Fixed ids of the seeded core rows: BladeX's own seed uses these, so scripts written for BladeX find them. */
export const SEED_IDS = {
  tenant: '1123598820738675201',
  dept: '1123598813738675201',
  post: '1123598817738675201',
  administratorRole: '1123598816738675201',
  userRole: '1123598816738675202',
  admin: '1123598821738675201',
  client: '1123598811738675201',
  /** The datasource that stands for this server's own database (数据模型 reads its catalogue). */
  embeddedDatasource: '1123598822738675201',
} as const;

export const WEB_CLIENT = { clientId: 'saber', secret: 'saber_secret' } as const;

export { hashPlainPassword as hashPassword } from '../users/password';

/** A readable random password for the first administrator (letters and digits, no look-alikes). */
function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(16)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

async function insertIfMissing(db: Db, existsSql: string, existsParams: unknown[], insertSql: string, insertParams: unknown[]) {
  const found = await db.query(existsSql, existsParams);
  if (found.length === 0) await db.query(insertSql, insertParams);
}

async function seedCore(db: Db, now: string, adminPassword: string | undefined): Promise<string | undefined> {
  const audit = [SEED_IDS.admin, SEED_IDS.dept, now];
  await insertIfMissing(
    db,
    'SELECT 1 FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0',
    [ADMIN_TENANT],
    `INSERT INTO blade_tenant (id, tenant_id, tenant_name, linkman, account_number, create_user, create_dept, create_time, update_user, update_time)
     VALUES ($1, $2, '管理组', 'admin', -1, $3, $4, $5, $3, $5)`,
    [SEED_IDS.tenant, ADMIN_TENANT, ...audit],
  );
  await insertIfMissing(
    db,
    'SELECT 1 FROM blade_dept WHERE id = $1',
    [SEED_IDS.dept],
    `INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_category, dept_name, full_name, sort, create_user, create_dept, create_time, update_user, update_time)
     VALUES ($1, $2, 0, '0', 1, '管理组', '管理组', 1, $3, $4, $5, $3, $5)`,
    [SEED_IDS.dept, ADMIN_TENANT, ...audit],
  );
  await insertIfMissing(
    db,
    'SELECT 1 FROM blade_post WHERE id = $1',
    [SEED_IDS.post],
    `INSERT INTO blade_post (id, tenant_id, category, post_code, post_name, sort, create_user, create_dept, create_time, update_user, update_time)
     VALUES ($1, $2, 1, 'admin', '管理员', 1, $3, $4, $5, $3, $5)`,
    [SEED_IDS.post, ADMIN_TENANT, ...audit],
  );
  for (const [id, name, alias, sort] of [
    [SEED_IDS.administratorRole, '超级管理员', ADMINISTRATOR_ROLE, 1],
    [SEED_IDS.userRole, '普通用户', 'user', 2],
  ] as const) {
    await insertIfMissing(
      db,
      'SELECT 1 FROM blade_role WHERE id = $1',
      [id],
      `INSERT INTO blade_role (id, tenant_id, parent_id, role_name, sort, role_alias, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8, $6, $8)`,
      [id, ADMIN_TENANT, name, sort, alias, ...audit],
    );
  }
  await insertIfMissing(
    db,
    'SELECT 1 FROM blade_client WHERE client_id = $1 AND is_deleted = 0',
    [WEB_CLIENT.clientId],
    `INSERT INTO blade_client (id, client_id, client_secret, scope, authorized_grant_types, access_token_validity, refresh_token_validity, create_user, create_dept, create_time, update_user, update_time)
     VALUES ($1, $2, $3, 'all', 'refresh_token,password,authorization_code,captcha,social,sms_code,register', 3600, 604800, $4, $5, $6, $4, $6)`,
    [SEED_IDS.client, WEB_CLIENT.clientId, hashClientSecret(WEB_CLIENT.secret), ...audit],
  );

  const admin = await db.query('SELECT 1 FROM blade_user WHERE id = $1', [SEED_IDS.admin]);
  if (admin.length > 0) return undefined;
  const password = adminPassword ?? generatePassword();
  await db.query(
    `INSERT INTO blade_user (id, tenant_id, code, user_type, account, password, name, real_name, avatar, email, phone, sex, role_id, dept_id, post_id, create_user, create_dept, create_time, update_user, update_time)
     VALUES ($1, $2, 'admin', 1, 'admin', $3, 'admin', '管理员', '', 'admin@example.com', '', 1, $4, $5, $6, $1, $8, $7, $1, $7)`,
    [SEED_IDS.admin, ADMIN_TENANT, await hashPlainPassword(password), SEED_IDS.administratorRole, SEED_IDS.dept, SEED_IDS.post, now, SEED_IDS.dept],
  );
  return adminPassword ? undefined : password;
}

/** Inserts the menus missing by code (parents first) and answers every menu's id by code. */
async function seedMenus(db: Db, menus: SeedMenu[], now: string): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; code: string }>('SELECT id, code FROM blade_menu WHERE is_deleted = 0');
  const idByCode = new Map(rows.map((row) => [row.code, row.id]));
  const walk = async (menu: SeedMenu, parentId: string) => {
    let id = idByCode.get(menu.code);
    if (!id) {
      id = nextId();
      await db.query(
        `INSERT INTO blade_menu (id, parent_id, code, name, alias, path, source, sort, category, action, is_open, remark, create_user, create_dept, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $13, $15)`,
        [id, parentId, menu.code, menu.name, menu.alias, menu.path, menu.source, menu.sort, menu.category, menu.action,
          menu.isOpen, menu.remark ?? null, SEED_IDS.admin, SEED_IDS.dept, now],
      );
      idByCode.set(menu.code, id);
    }
    for (const child of menu.children ?? []) await walk(child, id);
  };
  for (const menu of menus) await walk(menu, '0');
  return idByCode;
}

/** Grants menus to a role in one statement (the pairs it already holds are kept). */
async function grant(db: Db, roleId: string, menuIds: Iterable<string>) {
  const menus = [...menuIds];
  if (menus.length === 0) return;
  await db.query(
    `INSERT INTO blade_role_menu (id, menu_id, role_id)
     SELECT pair.id, pair.menu_id, $3::bigint FROM unnest($1::bigint[], $2::bigint[]) AS pair(id, menu_id)
     ON CONFLICT (role_id, menu_id) DO NOTHING`,
    [menus.map(() => nextId()), menus, roleId],
  );
}

async function seedTopMenus(db: Db, topMenus: SeedTopMenu[], idByCode: Map<string, string>, now: string) {
  for (const top of topMenus) {
    const [existing] = await db.query<{ id: string }>(
      'SELECT id FROM blade_top_menu WHERE tenant_id = $1 AND code = $2 AND is_deleted = 0',
      [ADMIN_TENANT, top.code],
    );
    const id = existing?.id ?? nextId();
    if (!existing) {
      await db.query(
        `INSERT INTO blade_top_menu (id, tenant_id, code, name, source, path, sort, create_user, create_dept, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $8, $10)`,
        [id, ADMIN_TENANT, top.code, top.name, top.source, top.path, top.sort, SEED_IDS.admin, SEED_IDS.dept, now],
      );
    }
    const menuIds = top.menuCodes.flatMap((code) => idByCode.get(code) ?? []);
    if (menuIds.length === 0) continue;
    await db.query(
      `INSERT INTO blade_top_menu_setting (id, top_menu_id, menu_id)
       SELECT pair.id, $3::bigint, pair.menu_id FROM unnest($1::bigint[], $2::bigint[]) AS pair(id, menu_id)
       ON CONFLICT (top_menu_id, menu_id) DO NOTHING`,
      [menuIds.map(() => nextId()), menuIds, id],
    );
  }
}

/** System dictionaries are shared; business ones (`biz`) belong to the administrator tenant. */
async function seedDicts(db: Db, dicts: SeedDict[], now: string) {
  for (const dict of dicts) {
    const table = dict.biz ? 'blade_dict_biz' : 'blade_dict';
    const rows = await db.query<{ id: string; parent_id: string; dict_key: string }>(
      `SELECT id, parent_id, dict_key FROM ${table} WHERE code = $1 AND is_deleted = 0 AND tenant_id = $2`,
      [dict.code, ADMIN_TENANT],
    );
    const insert = async (id: string, parentId: string, key: string, value: string, sort: number, remark?: string) => {
      await db.query(
        `INSERT INTO ${table} (id, tenant_id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed, create_user, create_dept, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $11, $9, $11)`,
        [id, ADMIN_TENANT, parentId, dict.code, key, value, sort, remark ?? null, SEED_IDS.admin, SEED_IDS.dept, now],
      );
    };
    let rootId = rows.find((row) => row.parent_id === '0')?.id;
    if (!rootId) {
      rootId = nextId();
      await insert(rootId, '0', '-1', dict.name, 0);
    }
    const keys = new Set(rows.filter((row) => row.parent_id === rootId).map((row) => row.dict_key));
    for (const [index, item] of dict.items.entries()) {
      if (!keys.has(item.key)) await insert(nextId(), rootId, item.key, item.value, index + 1, item.remark);
    }
  }
}

/** The seed's code: a change to it (new demo rows, accounts) applies the seed again, as a change to its data does. */
const SEED_MODULES = ['./seed.ts', './seed-demo.ts', './seed-accounts.ts', './seed-settings.ts', './seed-data/settings.ts'];

/** A hash of what the seed would write: its data and the code that writes it. */
export function seedFingerprint(data: SeedData): string {
  const hash = createHash('sha256').update(JSON.stringify(data));
  for (const module of SEED_MODULES) hash.update(readFileSync(new URL(module, import.meta.url)));
  return hash.digest('hex');
}

const SEED_NAME = 'default';

/**
 * Idempotent seed: adds what is missing (by id for the core rows, by code for menus, top menus and dictionaries, demo
 * rows into empty tables) and never overwrites what an administrator changed. The core rows (tenant, administrator,
 * roles, client) are checked at every start; the rest only when the seed differs from the one last applied
 * (`blade_seed`), so that what an administrator removed stays removed, and a start skips some hundred queries.
 * Answers the administrator password when it was generated on this start (it is stored only as a hash).
 */
export async function seedDatabase(
  db: Db,
  data: SeedData,
  options: { adminPassword?: string; onStep?: (step: string) => void; demo?: boolean } = {},
) {
  const fingerprint = seedFingerprint(data);
  const onStep = options.onStep ?? (() => undefined);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    const now = formatDateTime(new Date());
    const generatedAdminPassword = await seedCore(tx, now, options.adminPassword);
    const [applied] = await tx.query<{ fingerprint: string }>('SELECT fingerprint FROM blade_seed WHERE name = $1', [SEED_NAME]);
    if (applied?.fingerprint === fingerprint && !generatedAdminPassword) return { generatedAdminPassword };
    onStep(`seeding menus and role grants (${data.menus.length} menus)`);
    const idByCode = await seedMenus(tx, data.menus, now);
    await grant(tx, SEED_IDS.administratorRole, idByCode.values());
    await grant(tx, SEED_IDS.userRole, data.userRoleMenuCodes.flatMap((code) => idByCode.get(code) ?? []));
    await seedTopMenus(tx, data.topMenus, idByCode, now);
    onStep(`seeding dictionaries (${data.dicts.length})`);
    await seedDicts(tx, data.dicts, now);
    if (options.demo !== false) {
      onStep('seeding demo projects, terminals, test objects, tasks and records');
      await seedDemoData(tx, SEED_IDS.admin, SEED_IDS.dept, SEED_IDS.userRole);
    }
    onStep('seeding the demo account tester, notices and organisation');
    // Part A: `tester` (two roles, two depts) gets the administrator's first-start password; notices for the desk.
    const firstStartPassword = generatedAdminPassword ?? options.adminPassword;
    if (firstStartPassword) {
      const noticeRole = await seedTester(tx, {
        now,
        adminId: SEED_IDS.admin,
        adminDept: SEED_IDS.dept,
        userRole: SEED_IDS.userRole,
        password: () => hashPlainPassword(firstStartPassword),
      });
      await grant(tx, noticeRole, NOTICE_ROLE_MENU_CODES.flatMap((code) => idByCode.get(code) ?? []));
    }
    if (options.demo !== false) await seedNotices(tx, SEED_IDS.admin, SEED_IDS.dept, new Date());
    await seedOrg(tx, { now, adminId: SEED_IDS.admin, adminDept: SEED_IDS.dept });
    await seedSettings(tx, { embeddedDatasource: SEED_IDS.embeddedDatasource, now, adminId: SEED_IDS.admin, adminDept: SEED_IDS.dept, administratorRole: SEED_IDS.administratorRole, idByCode });
    await tx.query(
      `INSERT INTO blade_seed (name, fingerprint) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, update_time = now()`,
      [SEED_NAME, fingerprint],
    );
    return { generatedAdminPassword };
  });
}
