import { paramSchema } from './param/schema';
import type { ResourceSchema } from './types';

/** Every resource schema: the server builds tables and routes from these, the front end its pages. */
export const resourceSchemas: ResourceSchema[] = [paramSchema];

export function schemaByName(name: string): ResourceSchema | undefined {
  return resourceSchemas.find((s) => s.name === name);
}
