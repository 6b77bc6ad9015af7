import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ResourceSchema } from '../resources/types';
import type { ResourceBehaviour } from './blade/behaviour';

/**
 * The optional `server.ts` of every registered resource folder, found by name: a resource gets behaviour by having
 * the file, with no list to update elsewhere. All are imported at once: one after the other, their round trips through
 * the TypeScript loader took about half a second of every start.
 */
export async function loadResourceBehaviours(schemas: readonly ResourceSchema[]): Promise<Map<string, ResourceBehaviour>> {
  const found = schemas.flatMap((schema) => {
    const file = new URL(`../resources/${schema.name}/server.ts`, import.meta.url);
    return existsSync(fileURLToPath(file)) ? [schema.name] : [];
  });
  // A relative template: the server's build bundles every resources/*/server.ts it matches.
  const modules = await Promise.all(found.map((name) => import(`../resources/${name}/server.ts`) as Promise<{ behaviour?: ResourceBehaviour }>));
  const behaviours = new Map<string, ResourceBehaviour>();
  found.forEach((name, index) => {
    const { behaviour } = modules[index];
    if (!behaviour) throw new Error(`resources/${name}/server.ts exports no "behaviour"`);
    behaviours.set(name, behaviour);
  });
  return behaviours;
}
