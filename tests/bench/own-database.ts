import pg from 'pg';

/** The PostgreSQL server the benches also measure on, when one is named. */
export const benchDatabaseUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/**
 * Runs `measure` on a database of its own on the server of `base`, created and dropped; a role that may not create
 * databases has the empty database of `base` used as it is (and left with the rows: drop it afterwards).
 */
export async function onOwnDatabase(base: string, name: string, measure: (url: string) => Promise<void>): Promise<void> {
  const database = `blade_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const created = await admin.query(`CREATE DATABASE ${database}`).then(
    () => true,
    (error: { code?: string }) => {
      if (error.code !== '42501') throw error;
      console.log(`  PostgreSQL: no right to create a database, measuring in ${new URL(base).pathname.slice(1)} as given`);
      return false;
    },
  );
  const url = new URL(base);
  if (created) url.pathname = `/${database}`;
  try {
    await measure(url.href);
  } finally {
    if (created) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
