import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry, resourceSchemas } from '../../resources/schemas';
import { runMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { ensureAllResourceTables } from '../../server/db/resource-tables';
import { SEED_IDS, seedDatabase } from '../../server/db/seed';
import { seedDictsOf } from '../../server/db/seed-data/dicts';
import { seedMenusOf } from '../../server/db/seed-data/menus';
import type { Db } from '../../server/db/types';
import { call, loginAdmin } from './client';
import { freshDataDir } from './data-dir';

/**
 * The buttons BladeX names otherwise than `<menu>_<alias>`: Saber shows 权限配置 of data and API scopes and 密码重置
 * of users only to holders of BladeX's codes, so we seed (and our front end checks) the same ones, and a database
 * seeded with the earlier codes has them renamed with every grant kept.
 */
const BLADEX_CODES = { datascope_setting: 'data_scope_setting', apiscope_setting: 'api_scope_setting', user_reset_password: 'user_reset' };

describe("BladeX's button codes", () => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAdmin();
  });

  it('menu/buttons (what Saber reads as its permissions) carries the BladeX codes and not the earlier ones', async () => {
    const answer = await call('/api/blade-system/menu/buttons', { token: admin });
    expect(answer.body.code, answer.text).toBe(200);
    const codes = new Set((answer.body.data as { children?: { code: string }[] }[]).flatMap((menu) => (menu.children ?? []).map((button) => button.code)));
    for (const [earlier, bladex] of Object.entries(BLADEX_CODES)) {
      expect(codes.has(bladex), bladex).toBe(true);
      expect(codes.has(earlier), earlier).toBe(false);
    }
  });
});

describe('the migration of an existing database', () => {
  let dir: string;
  let db: Db;
  const { menus, topMenus, userRoleMenuCodes } = seedMenusOf(resourceSchemas);
  const data = { menus, topMenus, userRoleMenuCodes, dicts: seedDictsOf(registry.dictionaries) };
  const MIGRATION = '024_bladex_button_codes.sql';
  const menuIdOf = async (code: string) =>
    (await db.query<{ id: string }>('SELECT id FROM blade_menu WHERE code = $1 AND is_deleted = 0', [code])).map((row) => row.id);

  beforeAll(async () => {
    dir = freshDataDir('blade-button-codes-');
    db = await openPglite(dir);
    await runMigrations(db);
    await ensureAllResourceTables(db, resourceSchemas);
    await seedDatabase(db, data, { adminPassword: 'Codes-test-pass1' });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renames the earlier codes in place, so every role keeps its grant, and runs again without harm', async () => {
    // The database as the earlier seed left it: the earlier codes, granted to the user role as well.
    const ids: Record<string, string> = {};
    for (const [earlier, bladex] of Object.entries(BLADEX_CODES)) {
      [ids[earlier]] = await menuIdOf(bladex);
      await db.query('UPDATE blade_menu SET code = $1 WHERE id = $2', [earlier, ids[earlier]]);
      await db.query('INSERT INTO blade_role_menu (id, menu_id, role_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        `9${ids[earlier].slice(1)}`,
        ids[earlier],
        SEED_IDS.userRole,
      ]);
    }
    await db.query('DELETE FROM blade_migration WHERE name = $1', [MIGRATION]);
    expect(await runMigrations(db)).toEqual([MIGRATION]);
    for (const [earlier, bladex] of Object.entries(BLADEX_CODES)) {
      expect(await menuIdOf(bladex), bladex).toEqual([ids[earlier]]);
      expect(await menuIdOf(earlier), earlier).toEqual([]);
      const holders = await db.query<{ role_id: string }>('SELECT role_id::text AS role_id FROM blade_role_menu WHERE menu_id = $1', [ids[earlier]]);
      expect(holders.map((row) => row.role_id)).toEqual(expect.arrayContaining([SEED_IDS.administratorRole, SEED_IDS.userRole]));
    }
    // Applied to a database that has both (a BladeX database, or a second run): nothing changes.
    await db.query('DELETE FROM blade_migration WHERE name = $1', [MIGRATION]);
    expect(await runMigrations(db)).toEqual([MIGRATION]);
    for (const [earlier, bladex] of Object.entries(BLADEX_CODES)) expect(await menuIdOf(bladex), bladex).toEqual([ids[earlier]]);
  });

  it("gives BladeX's menus BladeX's icon classes, the seed's own, where the earlier antd name is still stored", async () => {
    const ICONS = '025_bladex_menu_icons.sql';
    const sourceOf = async (code: string) =>
      (await db.query<{ source: string }>('SELECT source FROM blade_menu WHERE code = $1 AND category = 1 AND is_deleted = 0', [code]))[0]?.source;
    const seeded = new Map<string, string>();
    const walk = (menu: (typeof menus)[number]) => {
      if (menu.category === 1) seeded.set(menu.code, menu.source);
      menu.children?.forEach(walk);
    };
    menus.forEach(walk);
    // As the earlier seed left them: antd names; an administrator chose another icon for the users' menu.
    const earlier = { system: 'SettingOutlined', dept: 'ApartmentOutlined', work_done: 'CheckSquareOutlined', user: 'GlobalOutlined' };
    for (const [code, source] of Object.entries(earlier)) await db.query('UPDATE blade_menu SET source = $1 WHERE code = $2 AND category = 1', [source, code]);
    await db.query('DELETE FROM blade_migration WHERE name = $1', [ICONS]);
    expect(await runMigrations(db)).toEqual([ICONS]);
    for (const code of ['system', 'dept', 'work_done']) expect(await sourceOf(code), code).toBe(seeded.get(code));
    expect(await sourceOf('system')).toBe('iconfont iconicon_setting');
    expect(await sourceOf('user')).toBe('GlobalOutlined');
    // Every class the migration writes is the one the seed gives that menu now.
    const sql = readFileSync(new URL(`../../server/db/migrations/${ICONS}`, import.meta.url), 'utf8');
    const pairs = [...sql.matchAll(/\('(\w+)', '\w+', '([^']+)'\)/g)];
    expect(pairs.length).toBeGreaterThan(30);
    for (const [, code, source] of pairs) expect(seeded.get(code), code).toBe(source);
  });
});
