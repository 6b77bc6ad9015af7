import type { PGlite } from '@electric-sql/pglite';

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none (one process, no background workers):
 * without it no table ever gets planner statistics, so the planner guesses one row everywhere and may walk a whole
 * index where another would have found the row at once, and the dead rows every update leaves are never reclaimed.
 * Now and then the activity counters are flushed and each table that changed enough is analysed (past 50 rows + 10 %
 * changed) or vacuumed and analysed (past 50 + 20 % dead, or 1 000 + 20 % inserted since the last vacuum),
 * autovacuum's default thresholds. Straight on PGlite, not through the read cache: neither changes what a read answers.
 *
 * Between those passes, every few seconds, a table that took rows since its last vacuum is vacuumed lightly (its heap
 * only, no index cleanup: a millisecond or two): that marks the new rows' pages all-visible, without which a list
 * page's index-only walk over its keys fetches each new row from the table too, and every page of a list starts at
 * its newest rows.
 */

/** The first pass, soon after the start: migrations and the seed have just written every table. */
const FIRST_PASS_MS = 5_000;
/** Then once a minute, as autovacuum's naptime. */
const PASS_MS = 60_000;
/** How often the tables that took rows are looked for, and how many rows a table takes before it is vacuumed lightly. */
const VISIBILITY_PASS_MS = 2_000;
const FRESH_ROWS = 50;

interface TableActivity {
  relname: string;
  n_live_tup: string;
  n_dead_tup: string;
  n_mod_since_analyze: string;
  n_ins_since_vacuum: string;
}

/** What one pass gives each table that needs it: `VACUUM (ANALYZE)`, `ANALYZE` or nothing. */
export function upkeepOf(table: { live: number; dead: number; changed: number; inserted: number }): 'vacuum' | 'analyze' | undefined {
  if (table.dead > 50 + 0.2 * table.live) return 'vacuum';
  if (table.inserted > 1000 + 0.2 * table.live) return 'vacuum';
  if (table.changed > 50 + 0.1 * table.live) return 'analyze';
  return undefined;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One pass over the public tables; answers what it did, table by table. */
export async function upkeepPass(pglite: PGlite): Promise<{ table: string; upkeep: 'vacuum' | 'analyze' }[]> {
  // Counters reach the views at the end of a transaction once a flush is asked for; the second statement ends one.
  await pglite.query('SELECT pg_stat_force_next_flush()');
  await pglite.query('SELECT 1');
  const { rows } = await pglite.query<TableActivity>(
    `SELECT relname, n_live_tup, n_dead_tup, n_mod_since_analyze, n_ins_since_vacuum FROM pg_stat_user_tables WHERE schemaname = 'public'`,
  );
  const done: { table: string; upkeep: 'vacuum' | 'analyze' }[] = [];
  for (const row of rows) {
    const upkeep = upkeepOf({
      live: Number(row.n_live_tup),
      dead: Number(row.n_dead_tup),
      changed: Number(row.n_mod_since_analyze),
      inserted: Number(row.n_ins_since_vacuum),
    });
    if (!upkeep) continue;
    await pglite.query(upkeep === 'vacuum' ? `VACUUM (ANALYZE) ${quoted(row.relname)}` : `ANALYZE ${quoted(row.relname)}`);
    done.push({ table: row.relname, upkeep });
  }
  return done;
}

/** One light pass: vacuums the heap of each table that took `FRESH_ROWS` or more since its last vacuum; answers them. */
export async function visibilityPass(pglite: PGlite): Promise<string[]> {
  await pglite.query('SELECT pg_stat_force_next_flush()');
  await pglite.query('SELECT 1');
  const { rows } = await pglite.query<{ relname: string }>(
    `SELECT relname FROM pg_stat_user_tables WHERE schemaname = 'public' AND n_ins_since_vacuum >= $1`,
    [FRESH_ROWS],
  );
  for (const row of rows) await pglite.query(`VACUUM (INDEX_CLEANUP OFF, PROCESS_TOAST FALSE) ${quoted(row.relname)}`);
  return rows.map((row) => row.relname);
}

/** Runs `pass` in the background until `stop` is called; a failed pass is logged once and tried again later. */
function repeating(name: string, pass: () => Promise<unknown>, firstMs: number, everyMs: number): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let failing = false;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = pass().then(
        () => (failing = false),
        (error: unknown) => {
          if (!failing && !stopped) console.error(`[db] ${name} failed:`, error);
          failing = true;
        },
      );
      void running.then(() => !stopped && schedule(everyMs));
    }, ms);
    timer.unref();
  };
  schedule(firstMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Runs both passes in the background until `stop` is called. */
export function keepUpTables(pglite: PGlite): { stop(): Promise<void> } {
  const passes = [
    repeating('table upkeep', () => upkeepPass(pglite), FIRST_PASS_MS, PASS_MS),
    repeating('visibility upkeep', () => visibilityPass(pglite), VISIBILITY_PASS_MS, VISIBILITY_PASS_MS),
  ];
  return {
    async stop() {
      await Promise.all(passes.map((pass) => pass.stop()));
    },
  };
}
