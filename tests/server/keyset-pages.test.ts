import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramSchema } from '../../resources/param/schema';
import { registry } from '../../resources/schemas';
import type { BladeUser } from '../../server/blade/context';
import { createResourceStore, type ResourceStore } from '../../server/blade/crud';
import { runMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { ReadCache } from '../../server/db/read-cache';
import { ensureResourceTables } from '../../server/db/resource-tables';
import type { Db } from '../../server/db/types';
import { freshDataDir } from './data-dir';

const ROWS = 23_457;
const TENANT = '424242';
const user: BladeUser = {
  tenantId: TENANT, userId: '1', account: 'a', userName: 'a', nickName: 'a', realName: 'a',
  roleId: '1', roleName: 'administrator', deptId: '1', postId: '', clientId: 'saber', sessionId: 's',
};

let dataDir: string;
let db: Db;
let store: ResourceStore;
/** The page statements the store ran, to see which way it read. */
const statements: string[] = [];
const lastOffset = () => Number(statements.at(-1)?.match(/OFFSET (\d+)/)?.[1]);

/** Counts the passes that number a whole list to find its anchors: reads the cache did not answer. */
class WatchedCache extends ReadCache {
  anchorPasses = 0;
  override read<T>(sql: string, params: unknown[], run: () => Promise<T[]>): Promise<T[]> {
    return super.read(sql, params, () => {
      if (sql.includes('row_number()')) this.anchorPasses++;
      return run();
    });
  }
}
const cache = new WatchedCache();

beforeAll(async () => {
  dataDir = freshDataDir('keyset-');
  db = await openPglite(dataDir, cache);
  await runMigrations(db);
  await ensureResourceTables(db, paramSchema);
  const watched: Db = {
    ...db,
    cachedQuery: (sql, params) => {
      if (sql.includes('LIMIT')) statements.push(sql);
      return db.cachedQuery(sql, params);
    },
  };
  store = createResourceStore(watched, registry, paramSchema);
  // Three rows share each creation time, and some times carry microseconds: ties and precision both matter.
  await db.query(
    `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, status, is_deleted)
     SELECT 5000000000000000000 + n, $1, 'p' || n, 'k' || n, 'v',
            timestamp '2025-01-01' + ((n / 3) || ' seconds')::interval + ((n % 7) * 0.000123 || ' seconds')::interval,
            now(), 1, CASE WHEN n % 97 = 0 THEN 1 ELSE 0 END
     FROM generate_series(1, $2::int) AS n`,
    [TENANT, ROWS],
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The page as a plain OFFSET reads it: what the anchored read must equal. */
async function offsetPage(order: string, offset: number, size: number) {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM blade_param WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY ${order} LIMIT ${size} OFFSET ${offset}`,
    [TENANT],
  );
  return rows.map((row) => row.id);
}

const idsOf = (page: { records: Record<string, unknown>[] }) => page.records.map((row) => row.id);

describe('deep list pages read from kept anchors', () => {
  it('answer exactly the rows a plain OFFSET answers, both directions, at and between anchors', async () => {
    for (const current of [1001, 1100, 1101, 1500, 2001, 2230, 2300]) {
      const page = await store.list(user, { current: String(current), size: '10' });
      expect(idsOf(page), `page ${current}`).toEqual(await offsetPage('create_time DESC, id DESC', (current - 1) * 10, 10));
      expect(lastOffset(), `page ${current} skips fewer rows than an anchor step`).toBeLessThan(1000);
      const ascending = await store.list(user, { current: String(current), size: '10', ascs: 'create_time' });
      expect(idsOf(ascending), `page ${current} ascending`).toEqual(await offsetPage('create_time ASC, id DESC', (current - 1) * 10, 10));
      const byId = await store.list(user, { current: String(current), size: '10', ascs: 'id' });
      expect(idsOf(byId), `page ${current} by id`).toEqual(await offsetPage('id ASC', (current - 1) * 10, 10));
    }
    const last = await store.list(user, { current: '1161', size: '20' });
    expect(idsOf(last)).toEqual(await offsetPage('create_time DESC, id DESC', 23_200, 20));
  });

  it('follow writes: a new row and a removed one shift the deep pages at once', async () => {
    const before = await store.list(user, { current: '1500', size: '10' });
    await db.query(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, status, is_deleted)
       VALUES (4999999999999999999, $1, 'new', 'new', 'v', timestamp '2030-01-01', now(), 1, 0)`,
      [TENANT],
    );
    const after = await store.list(user, { current: '1500', size: '10' });
    expect(idsOf(after)).toEqual(await offsetPage('create_time DESC, id DESC', 14_990, 10));
    expect(idsOf(after)[1]).toBe(idsOf(before)[0]);
    await db.query(`UPDATE blade_param SET is_deleted = 1 WHERE id = 4999999999999999999`);
    expect(idsOf(await store.list(user, { current: '1500', size: '10' }))).toEqual(idsOf(before));
  });

  it('keep their anchors across writes to other tables, and number the list again after a write to its own', async () => {
    await store.list(user, { current: '1300', size: '10' });
    const passes = cache.anchorPasses;
    await db.query(
      `INSERT INTO blade_dict (id, tenant_id, code, dict_key, dict_value, parent_id, is_sealed, is_deleted)
       VALUES (4999999999999999990, $1, 'keyset', '1', 'v', 0, 0, 0)`,
      [TENANT],
    );
    await db.transaction((tx) => tx.query(`UPDATE blade_user SET status = status WHERE tenant_id = $1`, [TENANT]));
    const page = await store.list(user, { current: '1301', size: '10' });
    expect(idsOf(page)).toEqual(await offsetPage('create_time DESC, id DESC', 13_000, 10));
    expect(cache.anchorPasses, 'no anchor pass after writes elsewhere').toBe(passes);

    // A removed row (hard delete) and a new one between two deep reads of this table.
    await db.query(`DELETE FROM blade_param WHERE id = 5000000000000023000`);
    const afterDelete = await store.list(user, { current: '1302', size: '10' });
    expect(idsOf(afterDelete)).toEqual(await offsetPage('create_time DESC, id DESC', 13_010, 10));
    await db.query(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, status, is_deleted)
       VALUES (4999999999999999998, $1, 'mid', 'mid', 'v', timestamp '2025-01-01 01:00:00', now(), 1, 0)`,
      [TENANT],
    );
    const afterInsert = await store.list(user, { current: '1302', size: '10' });
    expect(idsOf(afterInsert)).toEqual(await offsetPage('create_time DESC, id DESC', 13_010, 10));
    expect(cache.anchorPasses).toBe(passes + 2);
  });

  it('fall back to OFFSET when an order key is null', async () => {
    await db.query(`UPDATE blade_param SET create_time = NULL WHERE id = 5000000000000000100`);
    const page = await store.list(user, { current: '1200', size: '10' });
    expect(idsOf(page)).toEqual(await offsetPage('create_time DESC, id DESC', 11_990, 10));
    expect(lastOffset()).toBe(11_990);
  });

  it('leave shallow pages to a plain OFFSET', async () => {
    await store.list(user, { current: '900', size: '10' });
    expect(lastOffset()).toBe(8_990);
  });
});
