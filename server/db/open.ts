import { mkdirSync } from 'node:fs';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

/** PostgreSQL when a URL is given, else the embedded database in `dataDir`. */
export async function openDb(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  mkdirSync(options.dataDir, { recursive: true });
  return openPglite(options.dataDir);
}
