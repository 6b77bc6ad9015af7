import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramSchema } from '../../resources/param/schema';
import { registry, schemaByName } from '../../resources/schemas';
import type { BladeUser } from '../../server/blade/context';
import { createResourceStore, type ResourceStore } from '../../server/blade/crud';
import { KEYS_FIRST_FROM_OFFSET } from '../../server/blade/keyset';
import { runMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { ReadCache } from '../../server/db/read-cache';
import { ensureResourceTables } from '../../server/db/resource-tables';
import type { Db } from '../../server/db/types';
import { freshDataDir } from './data-dir';

/** With TEST_DATABASE_URL the same reads run on PostgreSQL (the rows go to a tenant of this file's own). */
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const ROWS = 23_457;
const TENANT = databaseUrl ? `k${process.pid}`.slice(0, 12) : '424242';
const user: BladeUser = {
  tenantId: TENANT, userId: '1', account: 'a', userName: 'a', nickName: 'a', realName: 'a',
  roleId: '1', roleName: 'administrator', deptId: '1', postId: '', clientId: 'saber', sessionId: 's',
};
const NEWEST = 'create_time DESC, id DESC';

let dataDir: string | undefined;
let db: Db;
/** A second connection pool on the same database: another server process. */
let other: Db | undefined;
let store: ResourceStore;
/** The page statements the store ran, to see which way it read. */
const statements: string[] = [];
const lastOffset = () => Number(statements.at(-1)?.match(/OFFSET (\d+)/)?.[1]);
const readFromKeptAnchor = () => /OFFSET \(\d+ - \(SELECT [^()]* FROM blade_list_anchor/.test(statements.at(-1) ?? '');

/** Counts the passes that number a whole list to find its in-process anchors: reads the cache did not answer. */
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

/** `db`, recording the page statements it runs. */
function statementsOf(db: Db): Db {
  return {
    ...db,
    cachedQuery: (sql, params) => {
      if (sql.includes('LIMIT') && !sql.startsWith('SELECT EXISTS')) statements.push(sql);
      return db.cachedQuery(sql, params);
    },
  };
}

async function removeRows() {
  await db.query('DELETE FROM blade_param WHERE tenant_id = $1', [TENANT]);
  await db.query('DELETE FROM blade_user WHERE tenant_id = $1', [TENANT]);
  await db.query(`DELETE FROM blade_dict WHERE code = 'sex' AND dict_value LIKE 'keyset %'`);
  await db.query('DELETE FROM blade_list_anchor WHERE tenant_id = $1', [TENANT]);
  await db.query('DELETE FROM blade_row_count WHERE tenant_id = $1', [TENANT]);
}

beforeAll(async () => {
  if (databaseUrl) {
    db = await openPostgres(databaseUrl);
    other = await openPostgres(databaseUrl);
  } else {
    dataDir = freshDataDir('keyset-');
    db = await openPglite(dataDir, cache);
  }
  await runMigrations(db);
  await ensureResourceTables(db, paramSchema);
  await removeRows();
  store = createResourceStore(statementsOf(db), registry, paramSchema);
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
  if (databaseUrl && db) await removeRows();
  await other?.close();
  await db?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The page as a plain OFFSET reads it: what the anchored read must equal. */
async function offsetPage(order: string, offset: number, size: number) {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM blade_param WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY ${order} LIMIT ${size} OFFSET ${offset}`,
    [TENANT],
  );
  return rows.map((row) => row.id);
}

/** The kept anchors' keys: the same keys after a write mean the write corrected them instead of a new numbering. */
async function anchorKeys() {
  const rows = await db.query<{ key: string }>(
    `SELECT create_time::text || '/' || id AS key FROM blade_list_anchor WHERE table_name = 'blade_param' AND tenant_id = $1 ORDER BY 1`,
    [TENANT],
  );
  return rows.map((row) => row.key);
}

const idsOf = (page: { records: Record<string, unknown>[] }) => page.records.map((row) => row.id);
const insertSql = `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, status, is_deleted)
  VALUES ($1, $2, $3, $3, 'v', $4, now(), 1, 0)`;

describe('deep list pages read from kept anchors', () => {
  it('answer exactly the rows a plain OFFSET answers, both directions, at and between anchors', async () => {
    for (const current of [1001, 1100, 1101, 1500, 2001, 2230, 2300]) {
      const page = await store.list(user, { current: String(current), size: '10' });
      expect(idsOf(page), `page ${current}`).toEqual(await offsetPage(NEWEST, (current - 1) * 10, 10));
      expect(readFromKeptAnchor(), `page ${current} starts from a kept anchor`).toBe(true);
      const ascending = await store.list(user, { current: String(current), size: '10', ascs: 'create_time' });
      expect(idsOf(ascending), `page ${current} ascending`).toEqual(await offsetPage('create_time ASC, id DESC', (current - 1) * 10, 10));
      const byId = await store.list(user, { current: String(current), size: '10', ascs: 'id' });
      expect(idsOf(byId), `page ${current} by id`).toEqual(await offsetPage('id ASC', (current - 1) * 10, 10));
      // Other orders keep their anchors in the read cache, where it keeps reads (PGlite).
      if (!databaseUrl) expect(lastOffset(), `page ${current} by id skips fewer rows than an anchor step`).toBeLessThan(1000);
    }
    const last = await store.list(user, { current: '1161', size: '20' });
    expect(idsOf(last)).toEqual(await offsetPage(NEWEST, 23_200, 20));
  });

  it('stay exact after every kind of write to the table without numbering the list again', async () => {
    await store.list(user, { current: '2300', size: '10' });
    const anchors = await anchorKeys();
    expect(anchors.length).toBeGreaterThanOrEqual(23);
    const expectPages = async (what: string) => {
      for (const current of [1001, 1500, 2001, 2300]) {
        const page = await store.list(user, { current: String(current), size: '10' });
        expect(idsOf(page), `page ${current} after ${what}`).toEqual(await offsetPage(NEWEST, (current - 1) * 10, 10));
        expect(readFromKeptAnchor()).toBe(true);
      }
    };
    const before = await store.list(user, { current: '1500', size: '10' });

    const saved = await store.submit(user, { paramName: 'new', paramKey: 'keyset.new', paramValue: 'v' });
    await expectPages('a save (a new row at the head)');
    expect(idsOf(await store.list(user, { current: '1500', size: '10' }))[1]).toBe(idsOf(before)[0]);
    await store.remove(user, [String(saved)]);
    await expectPages('a removal (logical delete)');
    expect(idsOf(await store.list(user, { current: '1500', size: '10' }))).toEqual(idsOf(before));

    // Raw SQL: a row in the middle, an old row made the newest (the order column), a hard delete, a batch.
    await db.query(insertSql, ['4999999999999999998', TENANT, 'mid', '2025-01-01 01:00:00']);
    await expectPages('an insert in the middle');
    await db.query(`UPDATE blade_param SET create_time = timestamp '2031-01-01' WHERE id = 5000000000000000007`);
    await expectPages('an update of the order column');
    await db.query(`UPDATE blade_param SET create_time = timestamp '2025-01-01 02:00:00' WHERE id = 5000000000000000008`);
    await expectPages('an update moving a row between anchors');
    await db.query(`DELETE FROM blade_param WHERE id IN (5000000000000023000, 5000000000000010000, 5000000000000000001)`);
    await expectPages('a hard delete');
    await db.query(`UPDATE blade_param SET is_deleted = 0 WHERE id = 5000000000000009700`);
    await expectPages('a deleted row restored');
    await db.query(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, status, is_deleted)
       SELECT 4999999999999990000 + n, $1, 'b' || n, 'b' || n, 'v', timestamp '2025-01-01' + (n * 7 || ' seconds')::interval, now(), 1, 0
       FROM generate_series(1, 3000) AS n`,
      [TENANT],
    );
    await expectPages('a batch of rows spread over the list');
    await db.transaction(async (tx) => {
      await tx.query(insertSql, ['4999999999999999997', TENANT, 'tx', '2032-01-01 00:00:00']);
      await tx.query(`UPDATE blade_param SET is_deleted = 1 WHERE id = 5000000000000005000`);
    });
    await expectPages('a transaction');
    expect(await anchorKeys(), 'the anchors were corrected, not numbered again').toEqual(anchors);
  });

  it('are numbered once for readers of different depths arriving together, never shallower than kept', async () => {
    await db.query('DELETE FROM blade_list_anchor WHERE tenant_id = $1', [TENANT]);
    const [deep, shallow] = await Promise.all([
      store.list(user, { current: '2300', size: '10' }),
      store.list(user, { current: '1100', size: '10' }),
    ]);
    expect(idsOf(deep)).toEqual(await offsetPage(NEWEST, 22_990, 10));
    expect(idsOf(shallow)).toEqual(await offsetPage(NEWEST, 10_990, 10));
    const anchors = await anchorKeys();
    expect(anchors.length, 'the anchors reach the deeper page').toBeGreaterThanOrEqual(23);
    await store.list(user, { current: '2300', size: '10' });
    await store.list(user, { current: '1100', size: '10' });
    expect(await anchorKeys()).toEqual(anchors);
  });

  it.skipIf(!databaseUrl)('stay exact after writes through another server process', async () => {
    await store.list(user, { current: '1500', size: '10' });
    await other!.query(insertSql, ['4999999999999999996', TENANT, 'other', '2033-01-01 00:00:00']);
    await other!.query(`UPDATE blade_param SET is_deleted = 1 WHERE id = 5000000000000012000`);
    for (const current of [1001, 1500, 2300]) {
      const page = await store.list(user, { current: String(current), size: '10' });
      expect(idsOf(page), `page ${current}`).toEqual(await offsetPage(NEWEST, (current - 1) * 10, 10));
    }
  });

  it.skipIf(!!databaseUrl)('keep in-process anchors of other orders across writes to other tables only', async () => {
    await store.list(user, { current: '1300', size: '10', ascs: 'id' });
    const passes = cache.anchorPasses;
    await db.query(
      `INSERT INTO blade_dict (id, tenant_id, code, dict_key, dict_value, parent_id, is_sealed, is_deleted)
       VALUES (4999999999999999990, $1, 'keyset', '1', 'v', 0, 0, 0)`,
      [TENANT],
    );
    await db.transaction((tx) => tx.query(`UPDATE blade_user SET status = status WHERE tenant_id = $1`, [TENANT]));
    const page = await store.list(user, { current: '1301', size: '10', ascs: 'id' });
    expect(idsOf(page)).toEqual(await offsetPage('id ASC', 13_000, 10));
    expect(cache.anchorPasses, 'no anchor pass after writes elsewhere').toBe(passes);
    await db.query(`DELETE FROM blade_param WHERE id = 5000000000000022000`);
    const afterDelete = await store.list(user, { current: '1302', size: '10', ascs: 'id' });
    expect(idsOf(afterDelete)).toEqual(await offsetPage('id ASC', 13_010, 10));
    expect(cache.anchorPasses).toBe(passes + 1);
  });

  it('fall back to OFFSET when an order key is null', async () => {
    await db.query(`UPDATE blade_param SET create_time = NULL WHERE id = 5000000000000000100`);
    const page = await store.list(user, { current: '1200', size: '10' });
    expect(idsOf(page)).toEqual(await offsetPage(NEWEST, 11_990, 10));
    expect(lastOffset()).toBe(11_990);
    // Its creation time back, the kept anchors serve again and are still exact.
    await db.query(`UPDATE blade_param SET create_time = timestamp '2025-01-01 00:00:33' WHERE id = 5000000000000000100`);
    const again = await store.list(user, { current: '1200', size: '10' });
    expect(idsOf(again)).toEqual(await offsetPage(NEWEST, 11_990, 10));
    expect(readFromKeptAnchor()).toBe(true);
  });

  it('leave shallow pages to a plain OFFSET', async () => {
    await store.list(user, { current: '900', size: '10' });
    expect(lastOffset()).toBe(8_990);
  });
});

describe('pages found by their keys first', () => {
  const readByKeys = () => /JOIN \(SELECT t\.id FROM/.test([...statements].reverse().find((sql) => sql.includes('OFFSET')) ?? '');
  /** The same list's rows from offset 0 in one page: read by a plain statement, whatever its size. */
  const headOf = async (list: ResourceStore, query: Record<string, string>, rows: number) =>
    (await list.list(user, { ...query, current: '1', size: String(rows) })).records;

  it('answer the rows a plain read answers, with filters and other orders, from the offset where keys come first', async () => {
    const queries: Record<string, string>[] = [{}, { ascs: 'param_key' }, { paramName: 'p1' }, { descs: 'param_key', paramKey: '2' }];
    for (const query of queries) {
      const head = await headOf(store, query, 600);
      for (const offset of [KEYS_FIRST_FROM_OFFSET - 10, KEYS_FIRST_FROM_OFFSET, KEYS_FIRST_FROM_OFFSET + 30, 580]) {
        const page = await store.list(user, { ...query, current: String(offset / 10 + 1), size: '10' });
        expect(page.records, `${JSON.stringify(query)} at ${offset}`).toEqual(head.slice(offset, offset + 10));
        expect(readByKeys(), `${JSON.stringify(query)} at ${offset} reads by keys`).toBe(offset >= KEYS_FIRST_FROM_OFFSET);
      }
    }
  });

  it('answer the labels of referenced rows and dictionaries as a plain read does', async () => {
    const users = createResourceStore(statementsOf(db), registry, schemaByName('user')!);
    await db.query(
      `INSERT INTO blade_dict (id, tenant_id, code, dict_key, dict_value, parent_id, is_sealed, is_deleted)
       VALUES (4999999999999999980, '000000', 'sex', '1', 'keyset 男', 1, 0, 0), (4999999999999999981, '000000', 'sex', '2', 'keyset 女', 1, 0, 0)`,
    );
    await db.query(
      `INSERT INTO blade_user (id, tenant_id, account, name, real_name, sex, user_type, create_time, status, is_deleted)
       SELECT 5100000000000000000 + n, $1, 'keyset' || n, 'u' || n, 'u' || n, 1 + n % 2, 1, timestamp '2025-01-01' + (n / 2 || ' seconds')::interval, 1, 0
       FROM generate_series(1, 300) AS n`,
      [TENANT],
    );
    for (const query of [{}, { ascs: 'account' }] as Record<string, string>[]) {
      const head = await headOf(users, query, 300);
      // The seeded dictionary's label where there is one (PostgreSQL's test database), else this file's.
      expect(['男', '女', 'keyset 男', 'keyset 女']).toContain(head[150].sexName);
      const page = await users.list(user, { ...query, current: '16', size: '10' });
      expect(page.records, JSON.stringify(query)).toEqual(head.slice(150, 160));
      expect(readByKeys()).toBe(true);
    }
  });
});

describe('a whole list’s total', () => {
  const liveRows = async () =>
    Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM blade_param WHERE tenant_id = $1 AND is_deleted = 0', [TENANT]))[0].n);

  it('is its live rows on any page, past the last one, and right after a save and a removal', async () => {
    for (const current of ['1', '2', '500', '99999']) {
      expect((await store.list(user, { current, size: '10' })).total, `page ${current}`).toBe(await liveRows());
    }
    const saved = await store.submit(user, { paramName: 'total', paramKey: 'keyset.total', paramValue: 'v' });
    const afterSave = await store.list(user, { current: '2', size: '10' });
    expect(afterSave.total).toBe(await liveRows());
    await store.remove(user, [String(saved)]);
    expect((await store.list(user, { current: '3', size: '10' })).total).toBe(afterSave.total - 1);
  });
});
