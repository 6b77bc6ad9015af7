import { mkdirSync } from 'node:fs';
import type { Db } from './types';

/**
 * PostgreSQL when a URL is given, else the embedded database in `dataDir`. Each driver is loaded only when it is the
 * one used: the other's package would only lengthen every start.
 */
export async function openDb(options: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return (await import('./postgres')).openPostgres(options.databaseUrl);
  mkdirSync(options.dataDir, { recursive: true });
  return (await import('./pglite')).openPglite(options.dataDir);
}
