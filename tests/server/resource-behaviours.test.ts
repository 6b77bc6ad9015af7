import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import { loadResourceBehaviours } from '../../server/resource-behaviours';

describe('resource behaviours', () => {
  it('loads the server.ts of every registered resource that has one, and only those', async () => {
    const withServerFile = resourceSchemas
      .map((schema) => schema.name)
      .filter((name) => existsSync(new URL(`../../resources/${name}/server.ts`, import.meta.url)));
    const behaviours = await loadResourceBehaviours(resourceSchemas);
    expect([...behaviours.keys()].sort()).toEqual(withServerFile.sort());
    expect(withServerFile.length).toBeGreaterThan(10);
    for (const behaviour of behaviours.values()) expect(typeof behaviour).toBe('object');
  });
});
