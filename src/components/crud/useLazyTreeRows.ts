import type { BaseKey, BaseRecord } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { endpointsOf, type ResourceSchema } from '../../../resources/types';
import { useLazyChildren } from './useLazyChildren';

type Row = BaseRecord & { id?: BaseKey; hasChildren?: boolean; children?: Row[] };

/**
 * A tree list whose nodes open lazily: `roots` come from the page's list query; the children of an expanded row are
 * a list query of the resource (`lazy-list?parentId=`). A save or a delete reads the roots and every open level again
 * (Refine invalidates the resource's lists), so an edit shows under every open node.
 */
export function useLazyTreeRows(schema: ResourceSchema, roots: readonly Row[] | undefined) {
  const [expanded, setExpanded] = useState<BaseKey[]>([]);
  const parents = useMemo(() => expanded.map(String), [expanded]);
  const { childrenOf } = useLazyChildren<Row>({ resource: schema.name, endpoint: endpointsOf(schema).lazyList, param: 'parentId' }, parents);

  const dataSource = useMemo(() => {
    const attach = (rows: readonly Row[], depth: number): Row[] =>
      rows.map((row) => {
        if (!row.hasChildren || depth > 32) return { ...row, children: undefined };
        const loaded = childrenOf.get(String(row.id));
        return { ...row, children: loaded ? attach(loaded, depth + 1) : [] };
      });
    return attach(roots ?? [], 0);
  }, [roots, childrenOf]);

  const onExpand = (open: boolean, record: Row) => {
    const id = record.id as BaseKey;
    setExpanded((keys) => (open ? [...keys, id] : keys.filter((key) => key !== id)));
  };

  return { dataSource, expandable: { expandedRowKeys: expanded, onExpand, indentSize: 20 } };
}
