import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resourceSchemas } from '../resources/schemas';
import type { ResourceBehaviour } from './blade/behaviour';

/**
 * The optional `server.ts` of every registered resource folder, found by name: a resource gets behaviour by having
 * the file, with no list to update elsewhere.
 */
export async function loadResourceBehaviours(): Promise<Map<string, ResourceBehaviour>> {
  const behaviours = new Map<string, ResourceBehaviour>();
  for (const schema of resourceSchemas) {
    const file = new URL(`../resources/${schema.name}/server.ts`, import.meta.url);
    if (!existsSync(fileURLToPath(file))) continue;
    const module = (await import(file.href)) as { behaviour?: ResourceBehaviour };
    if (!module.behaviour) throw new Error(`resources/${schema.name}/server.ts exports no "behaviour"`);
    behaviours.set(schema.name, module.behaviour);
  }
  return behaviours;
}
