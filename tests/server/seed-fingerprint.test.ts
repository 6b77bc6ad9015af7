import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import { SEED_IDS, seedDatabase, seedFingerprint, type SeedData } from '../../server/db/seed';
import { seedDictsOf } from '../../server/db/seed-data/dicts';
import { registry } from '../../resources/schemas';
import { seedMenusOf } from '../../server/db/seed-data/menus';
import type { Db } from '../../server/db/types';
import { migratedDatabase } from './data-dir';

const seedDicts = seedDictsOf(registry.dictionaries);

const { menus: seedMenus, topMenus: seedTopMenus, userRoleMenuCodes } = seedMenusOf(resourceSchemas);

const data: SeedData = { menus: seedMenus, topMenus: seedTopMenus, userRoleMenuCodes, dicts: seedDicts };
const PASSWORD = 'Seed-test-pass1';

let database: Awaited<ReturnType<typeof migratedDatabase>>;
let db: Db;
let statements = 0;
const counting = (inner: Db): Db => ({
  ...inner,
  query: (sql, params) => ((statements += 1), inner.query(sql, params)),
  exec: (sql) => ((statements += 1), inner.exec(sql)),
  transaction: (fn) => inner.transaction((tx) => fn(counting(tx))),
});

const liveMenu = async (code: string) =>
  (await db.query<{ id: string }>('SELECT id FROM blade_menu WHERE code = $1 AND is_deleted = 0', [code]))[0]?.id;
const projectCount = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM blade_project WHERE is_deleted = 0'))[0].n);

beforeAll(async () => {
  database = await migratedDatabase('blade-seed-', resourceSchemas);
  db = database.db;
}, 120_000);
afterAll(() => database?.close());

describe('the seed at start', () => {
  it('seeds an empty database: administrator, menus, demo projects', async () => {
    await seedDatabase(db, data, { adminPassword: PASSWORD });
    expect(await liveMenu('param')).toBeDefined();
    expect(await projectCount()).toBeGreaterThan(0);
  });

  it('skips an unchanged seed on the next start, so what an administrator removed stays removed', async () => {
    await db.query('UPDATE blade_menu SET is_deleted = 1 WHERE code = $1', ['param']);
    await db.query('UPDATE blade_project SET is_deleted = 1');
    statements = 0;
    await seedDatabase(counting(db), data, { adminPassword: PASSWORD });
    expect(await liveMenu('param')).toBeUndefined();
    expect(await projectCount()).toBe(0);
    // The core rows' checks and the fingerprint, instead of some hundred queries.
    expect(statements).toBeLessThan(20);
  });

  it('applies a changed seed again, adding what it lacks', async () => {
    const target = data.dicts.find((dict) => !dict.biz)!;
    const changed: SeedData = { ...data, dicts: data.dicts.map((dict) => (dict === target ? { ...dict, items: [...dict.items, { key: 'zz', value: '新增项' }] } : dict)) };
    expect(seedFingerprint(changed)).not.toBe(seedFingerprint(data));
    await seedDatabase(db, changed, { adminPassword: PASSWORD });
    const added = await db.query('SELECT 1 FROM blade_dict WHERE code = $1 AND dict_key = $2 AND is_deleted = 0', [target.code, 'zz']);
    expect(added).toHaveLength(1);
    expect(await liveMenu('param')).toBeDefined();
  });

  it('still restores the administrator when the row is gone, whatever the fingerprint', async () => {
    await db.query('DELETE FROM blade_user WHERE id = $1', [SEED_IDS.admin]);
    const { generatedAdminPassword } = await seedDatabase(db, data, {});
    expect(generatedAdminPassword).toMatch(/^\w{16}$/);
    expect(await db.query('SELECT 1 FROM blade_user WHERE id = $1', [SEED_IDS.admin])).toHaveLength(1);
  });
});
