import { useEffect, useState } from 'react';
import { http } from '../../../providers/http';
import type { Registry } from '../../../resources/registry';
import { endpointsOf, type ResourceSchema } from '../../../resources/types';
import { useRegistry } from '../../registry';

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

const treeCache = new Map<string, Promise<TreeNode[]>>();

/** Forgets the loaded tree of a resource (after a write to it), so the next picker shows the change. */
export function forgetResourceTree(target: ResourceSchema): void {
  treeCache.delete(`${target.api}/${endpointsOf(target).tree}`);
}

/** The whole tree of a tree resource, loaded once per screen visit. */
export function useResourceTree(resource: string): TreeNode[] {
  const [tree, setTree] = useState<TreeNode[]>([]);
  const registry = useRegistry();
  useEffect(() => {
    const target = targetOf(registry, resource);
    const url = `${target.api}/${endpointsOf(target).tree}`;
    let pending = treeCache.get(url);
    if (!pending) {
      pending = http.get(url).then((response) => (response.data.data ?? []) as TreeNode[]);
      pending.catch(() => treeCache.delete(url));
      treeCache.set(url, pending);
      // Edits elsewhere show on the next visit: the cache lives as long as this screen.
      setTimeout(() => treeCache.delete(url), 30_000);
    }
    let active = true;
    pending.then((nodes) => active && setTree(nodes), () => undefined);
    return () => {
      active = false;
    };
  }, [registry, resource]);
  return tree;
}

