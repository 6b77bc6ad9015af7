import type { ResourceSchema } from './types';

/**
 * The resources an app runs with, handed to the server's and the client's composition roots (the product's list is
 * `resources/schemas.ts`; a test brings its own). Everything below the roots receives it instead of importing it.
 */
export interface Registry {
  readonly schemas: readonly ResourceSchema[];
  schemaByName(name: string): ResourceSchema | undefined;
}

export function createRegistry(schemas: readonly ResourceSchema[]): Registry {
  const byName = new Map(schemas.map((schema) => [schema.name, schema]));
  if (byName.size !== schemas.length) throw new Error('registry: two resources share a name');
  return { schemas, schemaByName: (name) => byName.get(name) };
}
