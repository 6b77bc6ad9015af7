import type { BaseKey, BaseRecord } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { http } from '../../../providers/http';
import { endpointsOf, type ResourceSchema } from '../../../resources/types';

type Row = BaseRecord & { id?: BaseKey; hasChildren?: boolean; children?: Row[] };

/**
 * A tree list whose nodes open lazily: `roots` come from the page's list query (so Refine's invalidation after a
 * save or a delete refreshes them); the children of an expanded row are fetched from `lazy-list?parentId=` and
 * fetched again whenever the roots are (`version`), so an edit shows under every open node.
 */
export function useLazyTreeRows(schema: ResourceSchema, roots: readonly Row[] | undefined, version: number) {
  const url = `${schema.api}/${endpointsOf(schema).lazyList}`;
  const [children, setChildren] = useState<Record<string, Row[]>>({});
  const [expanded, setExpanded] = useState<BaseKey[]>([]);
  const expandedRef = useRef(expanded);
  expandedRef.current = expanded;

  const load = useCallback(
    async (id: BaseKey) => {
      const response = await http.get<{ data: Row[] }>(url, { params: { parentId: id } });
      setChildren((loaded) => ({ ...loaded, [String(id)]: response.data.data ?? [] }));
    },
    [url],
  );

  // The roots were fetched again (a save, a delete, a new search): so are the open nodes.
  useEffect(() => {
    for (const id of expandedRef.current) void load(id).catch(() => undefined);
  }, [version, load]);

  const dataSource = useMemo(() => {
    const attach = (rows: readonly Row[], depth: number): Row[] =>
      rows.map((row) => {
        if (!row.hasChildren || depth > 32) return { ...row, children: undefined };
        const loaded = children[String(row.id)];
        return { ...row, children: loaded ? attach(loaded, depth + 1) : [] };
      });
    return attach(roots ?? [], 0);
  }, [roots, children]);

  const onExpand = (open: boolean, record: Row) => {
    const id = record.id as BaseKey;
    setExpanded((keys) => (open ? [...keys, id] : keys.filter((key) => key !== id)));
    if (open) void load(id).catch(() => undefined);
  };

  return { dataSource, expandable: { expandedRowKeys: expanded, onExpand, indentSize: 20 } };
}
