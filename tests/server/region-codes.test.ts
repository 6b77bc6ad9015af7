import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../server/db/migrate';
import type { Db } from '../../server/db/types';
import { migratedDatabase } from './data-dir';

/** A database made before the seeded regions took BladeX's codes: what an existing install brings to the migration. */
const SIX_DIGIT: Record<string, string> = { '11': '110000', '1101': '110100', '33': '330000', '3301': '330100', '3302': '330200', '44': '440000', '4401': '440100', '4403': '440300' };
const MIGRATION = '032_region_bladex_codes.sql';

let database: Awaited<ReturnType<typeof migratedDatabase>>;
let db: Db;

const region = async (name: string) =>
  (await db.query<Record<string, string>>('SELECT code, parent_code, ancestors, province_code, city_code, district_code FROM blade_region WHERE name = $1 AND is_deleted = 0', [name]))[0];

beforeAll(async () => {
  database = await migratedDatabase('blade-region-codes-');
  db = database.db;
  // Back to the six-digit codes, as before the migration, with a district an administrator added under 杭州市.
  for (const [short, six] of Object.entries(SIX_DIGIT)) {
    for (const column of ['code', 'parent_code', 'province_code', 'city_code']) {
      await db.query(`UPDATE blade_region SET ${column} = $2 WHERE ${column} = $1`, [short, six]);
    }
    await db.query(`UPDATE blade_region SET ancestors = array_to_string(array_replace(string_to_array(ancestors, ','), $1, $2), ',')`, [short, six]);
  }
  await db.query(
    `INSERT INTO blade_region (id, code, parent_code, ancestors, name, province_code, province_name, city_code, city_name, district_code, district_name, region_level)
     VALUES (1999000000000000001, '330110', '330100', '00,330000,330100', '余杭区', '330000', '浙江省', '330100', '杭州市', '330110', '余杭区', 3)`,
  );
  await db.query('DELETE FROM blade_migration WHERE name = $1', [MIGRATION]);
}, 120_000);

afterAll(() => database?.close());

describe('the seeded regions take BladeX codes', () => {
  it('moves provinces and cities to two and four digits, with every child, ancestor and per-level code that names them', async () => {
    expect(await region('杭州市')).toMatchObject({ code: '330100' });
    expect(await runMigrations(db)).toEqual([MIGRATION]);
    expect(await region('浙江省')).toMatchObject({ code: '33', parent_code: '00', ancestors: '00', province_code: '33' });
    expect(await region('杭州市')).toMatchObject({ code: '3301', parent_code: '33', ancestors: '00,33', province_code: '33', city_code: '3301' });
    expect(await region('西湖区')).toMatchObject({ code: '330106', parent_code: '3301', ancestors: '00,33,3301', city_code: '3301', district_code: '330106' });
    // The administrator's own district keeps its code and follows its parents.
    expect(await region('余杭区')).toMatchObject({ code: '330110', parent_code: '3301', ancestors: '00,33,3301', province_code: '33', city_code: '3301' });
    expect(await region('深圳市')).toMatchObject({ code: '4403', parent_code: '44' });
  });

  it('leaves a seeded region alone once an administrator changed its code', async () => {
    await db.query("UPDATE blade_region SET code = '110000' WHERE name = '北京市'");
    await db.query("UPDATE blade_region SET code = '999999' WHERE name = '广东省'");
    await db.query('DELETE FROM blade_migration WHERE name = $1', [MIGRATION]);
    expect(await runMigrations(db)).toEqual([MIGRATION]);
    // 北京市 carries its first code again, so it moves; 广东省 was renumbered by hand, so it stays.
    expect(await region('北京市')).toMatchObject({ code: '11' });
    expect(await region('广东省')).toMatchObject({ code: '999999' });
  });
});
