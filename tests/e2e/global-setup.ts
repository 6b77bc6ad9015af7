import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/app';
import { registry } from '../../resources/schemas';
import { ADMIN_PASSWORD } from './product';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory on which the product has started once (database made, migrated and seeded), to copy. */
    seededDataDir: string;
  }
}

/**
 * The first start of the product (initdb, migrations, seed: 15–40 s, most of a browser file's set-up) happens once per
 * run; each file then starts the product on its own copy of that data directory, as a user's second `npm start` does.
 * The readme journey still tests the first start as printed.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'blade-e2e-seeded-'));
  const server = await startServer(
    { port: 0, dataDir, adminPassword: ADMIN_PASSWORD, captcha: true, scheduler: false },
    { resources: registry },
  );
  await server.close();
  project.provide('seededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
