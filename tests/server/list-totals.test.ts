import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramSchema } from '../../resources/param/schema';
import { registry } from '../../resources/schemas';
import type { BladeUser } from '../../server/blade/context';
import { createResourceStore, type ResourceStore } from '../../server/blade/crud';
import { COUNTED_MATCHES, EXACT_TOTALS_UP_TO_ROWS } from '../../server/blade/totals';
import { runMigrations } from '../../server/db/migrate';
import { openDb } from '../../server/db/open';
import { ensureResourceTables } from '../../server/db/resource-tables';
import type { Db } from '../../server/db/types';
import { freshDataDir } from './data-dir';
import { freshPostgresDatabase } from './printed-product';

const ROWS = 24_000;
const TENANT = '636363';
const user: BladeUser = {
  tenantId: TENANT, userId: '1', account: 'a', userName: 'a', nickName: 'a', realName: 'a',
  roleId: '1', roleName: 'administrator', deptId: '1', postId: '', clientId: 'saber', sessionId: 's',
};

let dataDir: string;
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let db: Db;
let store: ResourceStore;

beforeAll(async () => {
  // PGlite, or with TEST_DATABASE_URL a PostgreSQL database of this file's own.
  dataDir = freshDataDir('list-totals-');
  postgres = await freshPostgresDatabase('list_totals');
  db = await openDb({ databaseUrl: postgres?.url, dataDir });
  await runMigrations(db);
  await ensureResourceTables(db, paramSchema);
  store = createResourceStore(db, registry, paramSchema);
  await db.query(
    `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, status, is_deleted)
     SELECT 6000000000000000000 + n, $1, '参数' || n, 'key.' || n, 'v', timestamp '2025-01-01' + (n || ' seconds')::interval,
            now(), 1, CASE WHEN n % 50 = 0 THEN 1 ELSE 0 END
     FROM generate_series(1, $2::int) AS n`,
    [TENANT, ROWS],
  );
}, 120_000);

afterAll(async () => {
  await db?.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const LIVE = ROWS - ROWS / 50;

describe('list totals of a large table', () => {
  it('counts a filter with few matches exactly', async () => {
    expect(ROWS).toBeGreaterThan(EXACT_TOTALS_UP_TO_ROWS);
    // 参数1234 and 参数12340…12349.
    const page = await store.list(user, { paramName: '参数1234', size: '5', current: '2' });
    expect(page.total).toBe(11);
    expect(page).not.toHaveProperty('totalEstimated');
  });

  it('estimates a filter with many matches, marked as such, without counting them', async () => {
    const page = await store.list(user, { paramKey: 'key.', size: '10', current: '3' });
    expect(page.totalEstimated).toBe(true);
    expect(page.total).toBeGreaterThan(COUNTED_MATCHES);
    expect(page.total).toBeGreaterThan(LIVE * 0.5);
    expect(page.total).toBeLessThan(LIVE * 1.5);
    expect(page.pages).toBe(Math.ceil(page.total / 10));
    expect(page.records).toHaveLength(10);
  });

  it('counts the whole list exactly: the live-row count', async () => {
    const page = await store.list(user, { size: '10', current: '2' });
    expect(page.total).toBe(LIVE);
    expect(page).not.toHaveProperty('totalEstimated');
  });

  it('serves substring filters of the searched text columns from trigram indexes', async () => {
    const indexes = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'blade_param' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`,
    );
    expect(indexes.map((index) => index.indexname)).toEqual(['blade_param_param_key_trgm', 'blade_param_param_name_trgm']);
    const plan = await db.transaction(async (tx) => {
      // Only bitmap scans left: one needs an index whose condition the LIKE is.
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_indexscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM blade_param b WHERE b.param_name LIKE $1`, ['%数123%']);
    });
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on blade_param_param_name_trgm');
  });
});
