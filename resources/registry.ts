import { dictLabelsOf } from './dictionaries';
import type { ProductDict, ResourceSchema } from './types';

/**
 * The resources an app runs with, handed to the server's and the client's composition roots (the product's list is
 * `resources/schemas.ts`; a test brings its own). Everything below the roots receives it instead of importing it.
 */
export interface Registry {
  readonly schemas: readonly ResourceSchema[];
  schemaByName(name: string): ResourceSchema | undefined;
  /** Every dictionary the registry seeds: the shared ones, then each resource's own (declared in its folder). */
  readonly dictionaries: readonly ProductDict[];
  /** A dictionary item's label in the reader's language: the English of an item still as seeded, else as stored. */
  dictLabelIn(language: string, code: string, key: string | number, stored: string): string;
}

/** The registry of `schemas`; `shared` are the dictionaries no one resource owns (sex, yes_no, status, ...). */
export function createRegistry(schemas: readonly ResourceSchema[], shared: { dictionaries?: readonly ProductDict[] } = {}): Registry {
  const byName = new Map(schemas.map((schema) => [schema.name, schema]));
  if (byName.size !== schemas.length) throw new Error('registry: two resources share a name');
  const dictionaries = [...(shared.dictionaries ?? []), ...schemas.flatMap((schema) => schema.dictionaries ?? [])];
  const codes = new Set(dictionaries.map((entry) => `${entry.biz}:${entry.code}`));
  if (codes.size !== dictionaries.length) throw new Error('registry: two dictionaries share a code');
  return { schemas, schemaByName: (name) => byName.get(name), dictionaries, dictLabelIn: dictLabelsOf(dictionaries) };
}
