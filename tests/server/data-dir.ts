import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * A data directory for a server or database of a test's own, holding an empty, initialized PGlite cluster copied
 * from the run's template (global-setup.ts): initdb runs once per run instead of once per such server, where it
 * took most of a start (15–40 s under load).
 */
export function freshDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  return dir;
}
