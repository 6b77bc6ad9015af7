import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Serialises schema changes when several instances start on one PostgreSQL database. */
export const SCHEMA_LOCK = 727_001;

/** The number after the highest migration's: what a newly generated resource's migration is named with. */
export function nextMigrationNumber(): number {
  const numbers = readdirSync(MIGRATIONS_DIR).flatMap((file) => (/^(\d{3})_/.exec(file) ? [Number(file.slice(0, 3))] : []));
  return Math.max(0, ...numbers) + 1;
}

/** Applies every `NNN_name.sql` not yet recorded in `blade_migration`, in name order, each in its own transaction. */
export async function runMigrations(db: Db): Promise<string[]> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS blade_migration (name varchar(255) PRIMARY KEY, applied_at timestamp NOT NULL DEFAULT now())`,
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      const done = await tx.query('SELECT 1 FROM blade_migration WHERE name = $1', [file]);
      if (done.length > 0) return false;
      await tx.exec(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('INSERT INTO blade_migration (name) VALUES ($1)', [file]);
      return true;
    });
    if (didApply) applied.push(file);
  }
  return applied;
}
