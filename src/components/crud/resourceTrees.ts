import { useList } from '@refinedev/core';
import type { BladeMeta } from '../../../providers/data';
import type { Registry } from '../../../resources/registry';
import { useRegistry } from '../../registry';
import { endpointsOf } from '../../../resources/types';

/* The trees of tree resources, as the list's tree filter and the form pickers load them: without any control's code. */

export function targetOf(registry: Registry, resource: string) {
  const target = registry.schemaByName(resource);
  if (!target) throw new Error(`unknown resource "${resource}"`);
  return target;
}

export interface TreeNode {
  id: string;
  title?: string;
  children?: TreeNode[];
  [key: string]: unknown;
}

const NO_NODES: TreeNode[] = [];

/**
 * The whole tree of a tree resource, one query per resource shared by the pickers and the tree beside a list. It is a
 * list query of the resource: a save or a delete there reads it again, so every picker shows the change at once.
 */
export function useResourceTree(resource: string): TreeNode[] {
  const registry = useRegistry();
  const meta: BladeMeta = { endpoints: { list: endpointsOf(targetOf(registry, resource)).tree } };
  const { result } = useList<TreeNode>({
    resource,
    pagination: { mode: 'off' },
    meta,
    // The http layer already told the user about a failure.
    errorNotification: false,
    // Several pickers of one form open at once: one read serves them for a while.
    queryOptions: { staleTime: 30_000 },
  });
  return result.data.length > 0 ? result.data : NO_NODES;
}
