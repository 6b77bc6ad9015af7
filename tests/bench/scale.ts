/**
 * `npm run bench -- scale`: how list reads grow with the table. One resource table (参数管理's) at 10 k, 100 k and
 * 1 M rows (`BENCH_SCALE_ROWS=10000,100000` for fewer), on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * on a PostgreSQL database of its own. Each shape is read right after a write to the table (the read cache holds
 * nothing of it: a miss), then again unchanged (a hit, PGlite only keeps reads); p50 of a few rounds, store calls
 * timed in process. Measures, never asserts. `BENCH_SCALE_SHAPES=deep,like` measures only some reads (page1, deep,
 * like, sort), `BENCH_SCALE_ENGINES=postgres` only one database (pglite, postgres).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paramSchema } from '../../resources/param/schema';
import { registry } from '../../resources/schemas';
import type { BladeUser } from '../../server/blade/context';
import { createResourceStore, type ResourceStore } from '../../server/blade/crud';
import { runMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';
import { ensureResourceTables } from '../../server/db/resource-tables';
import type { Db } from '../../server/db/types';
import { benchDatabaseUrl, onOwnDatabase } from './own-database';

const TENANT = '000000';
const user: BladeUser = {
  tenantId: TENANT, userId: '1', account: 'bench', userName: 'bench', nickName: 'bench', realName: 'bench',
  roleId: '1', roleName: 'administrator', deptId: '1', postId: '', clientId: 'saber', sessionId: 'bench',
};
const ROUNDS = 5;
const PAGE = 10;

/** The list reads of the issue's growth table, by the query a screen sends. */
function shapes(rows: number): { shape: string; row: string; query: Record<string, string> }[] {
  const deepPage = Math.min(10_000, Math.floor((rows - PAGE) / PAGE));
  const wanted = process.env.BENCH_SCALE_SHAPES?.split(',');
  const all: { key: string; shape: string; row: string; query: Record<string, string> }[] = [
    { key: 'page1', shape: 'page 1, unfiltered total', row: 'page 1, unfiltered total', query: { current: '1', size: String(PAGE) } },
    { key: 'deep', shape: `page ${deepPage.toLocaleString('en-US')}`, row: 'page 10 000 (the last below 100 k rows)', query: { current: String(deepPage), size: String(PAGE) } },
    // Names holding 345 (参数345, 参数1345, 参数3450…): spread over the whole table, as names are; a filter whose
    // matches are all old rows walks the newest rows first (the planner reads the order's index).
    { key: 'like', shape: 'LIKE filter, page 2', row: 'LIKE filter (paramName=345), page 2', query: { current: '2', size: String(PAGE), paramName: '345' } },
    { key: 'sort', shape: 'sort, page 2', row: 'sort on param_key (indexed), page 2', query: { current: '2', size: String(PAGE), ascs: 'param_key' } },
  ];
  return all.filter(({ key }) => !wanted || wanted.includes(key));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Adds rows up to `target`, in batches one statement each, as an import would. */
async function growTo(db: Db, from: number, target: number): Promise<void> {
  for (let next = from; next < target; next += 100_000) {
    await db.query(
      `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, create_time, update_time, status, is_deleted)
       SELECT 7000000000000000000 + n, $1, '参数' || n, 'key.' || n, 'value ' || n,
              timestamp '2025-01-01' + (n || ' seconds')::interval, now(), 1, 0
       FROM generate_series($2::int + 1, $3::int) AS n`,
      [TENANT, next, Math.min(target, next + 100_000)],
    );
  }
  // What the server's upkeep (PGlite) or autovacuum (PostgreSQL) does within a minute of such a batch, done at once.
  await db.query('ANALYZE blade_param');
}

let written = 0;
/** A save of a new row in the listed table: it lands at the head of the list and ends every kept read of it. */
async function write(store: ResourceStore): Promise<void> {
  written++;
  await store.submit(user, { paramName: 'bench write', paramKey: `bench.write.${process.pid}.${written}`, paramValue: 'v' });
}

async function measureEngine(engine: string, db: Db, sizes: number[], table: Map<string, Record<string, string>>) {
  await runMigrations(db);
  await ensureResourceTables(db, paramSchema);
  const store: ResourceStore = createResourceStore(db, registry, paramSchema);
  let rows = 0;
  for (const size of sizes) {
    const growStart = performance.now();
    await growTo(db, rows, size);
    rows = size;
    console.log(`  ${engine}: ${size.toLocaleString('en-US')} rows (${Math.round((performance.now() - growStart) / 1000)} s to add)`);
    for (const { shape, row, query } of shapes(size)) {
      const misses: number[] = [];
      const hits: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await write(store);
        misses.push(await timed(() => store.list(user, query)));
        hits.push(await timed(() => store.list(user, query)));
      }
      const line = table.get(row) ?? { shape: row };
      line[`${engine} ${size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`}`] =
        `${ms(median(misses))} / ${ms(median(hits))}`;
      table.set(row, line);
      console.log(`    ${shape}: miss ${ms(median(misses))} ms, hit ${ms(median(hits))} ms`);
    }
  }
}

/** Prints the growth table: each cell "after a write / unchanged", p50 in ms. */
export async function measureScale(): Promise<void> {
  const sizes = (process.env.BENCH_SCALE_ROWS ?? '10000,100000,1000000').split(',').map(Number);
  const engines = (process.env.BENCH_SCALE_ENGINES ?? 'pglite,postgres').split(',');
  const table = new Map<string, Record<string, string>>();
  if (engines.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'blade-bench-scale-'));
    try {
      const db = await openPglite(dataDir);
      try {
        await measureEngine('PGlite', db, sizes, table);
      } finally {
        await db.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const base = benchDatabaseUrl();
  if (base && engines.includes('postgres')) {
    await onOwnDatabase(base, 'scale', async (url) => {
      const db = await openPostgres(url);
      try {
        await measureEngine('PostgreSQL', db, sizes, table);
      } finally {
        await db.close();
      }
    });
  }
  console.log('\nList reads by table size, p50 ms: right after a write to the table / unchanged (read cache)');
  console.table([...table.values()]);
}

