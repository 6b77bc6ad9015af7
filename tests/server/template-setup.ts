import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

/** An initialized, empty PGlite cluster (initdb is most of a PGlite start), made once per run and copied from then on. */
export async function makePgliteTemplate(): Promise<string> {
  const template = mkdtempSync(join(tmpdir(), 'blade-pglite-template-'));
  await promisify(execFile)(process.execPath, [fileURLToPath(new URL('../../server/db/init-pglite.mjs', import.meta.url)), template]);
  return template;
}

/**
 * The set-up of the `server-own` project, whose files start only servers of their own (data-dir.ts copies the
 * template for each): no shared server, so a call that forgot its `base` fails instead of reaching one.
 */
export default async function setup(project: TestProject) {
  const template = await makePgliteTemplate();
  project.provide('pgliteTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
