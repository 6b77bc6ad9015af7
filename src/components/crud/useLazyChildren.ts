import { keys, useDataProvider, type BaseRecord } from '@refinedev/core';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BladeMeta } from '../../../providers/data';

/** Where the levels of a lazy tree come from: `<endpoint>?<param>=<parent id>` of a resource. */
export interface LazyLevelSource {
  resource: string;
  /** The list endpoint answering one level (`lazy-list`, `lazy-tree`). */
  endpoint: string;
  /** The query parameter naming the parent (`parentId`, `parentCode`). */
  param: string;
}

/** A level is read when first shown and again only when a write invalidates it: opened again, it comes from the cache. */
const ONCE = { staleTime: Infinity, retry: false } as const;

export interface LazyLevels<T> {
  /** The rows read under each parent asked for so far; a parent not read yet is absent. */
  childrenOf: ReadonlyMap<string, readonly T[]>;
  /** Reads one level (or takes it from the cache) and keeps it among the levels shown. */
  load(parent: string): Promise<T[]>;
  /** A level is being read (again). */
  fetching: boolean;
}

/**
 * The levels of a lazy tree, each one list query of the resource through Refine's data provider, keyed under the
 * resource as Refine keys its own lists: a save or a delete anywhere in the resource (`invalidates: resourceAll`, what
 * every write of the app declares) reads every open level again, so a new child shows under its open parent.
 */
export function useLazyChildren<T extends BaseRecord>(source: LazyLevelSource, parents: readonly string[]): LazyLevels<T> {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const { resource, endpoint, param } = source;

  const optionsOf = useCallback(
    (parent: string) => ({
      queryKey: keys().data().resource(resource).action('list').params({ lazy: endpoint, [param]: parent }).get(),
      queryFn: async () => {
        const meta: BladeMeta = { endpoints: { list: endpoint }, query: { [param]: parent } };
        return (await dataProvider().getList<T>({ resource, pagination: { mode: 'off' }, meta })).data;
      },
    }),
    [dataProvider, resource, endpoint, param],
  );

  const parentsKey = parents.join('\u0000');
  // Rebuilt only when a level's answer or the parents change (react-query keeps `combine`'s result otherwise), so the
  // tree built from it keeps its identity between renders.
  const combine = useCallback(
    (results: { data?: T[]; isFetching: boolean }[]) => {
      const childrenOf = new Map<string, readonly T[]>();
      const shown = parentsKey === '' ? [] : parentsKey.split('\u0000');
      results.forEach((result, index) => {
        if (result.data) childrenOf.set(shown[index], result.data);
      });
      return { childrenOf, fetching: results.some((result) => result.isFetching) };
    },
    [parentsKey],
  );
  const { childrenOf, fetching } = useQueries({ queries: parents.map((parent) => ({ ...optionsOf(parent), ...ONCE })), combine });

  const load = useCallback((parent: string) => queryClient.fetchQuery({ ...optionsOf(parent), ...ONCE }), [queryClient, optionsOf]);
  return { childrenOf, load, fetching };
}
