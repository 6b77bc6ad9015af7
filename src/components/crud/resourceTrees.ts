import { useEffect, useState } from 'react';
import { http } from '../../../providers/http';
import { schemaByName } from '../../../resources/schemas';
import { endpointsOf } from '../../../resources/types';

/* The trees of tree resources, as the list's tree filter and the form pickers load them: without any control's code. */

export function targetOf(resource: string) {
  const target = schemaByName(resource);
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
export function forgetResourceTree(resource: string): void {
  const target = schemaByName(resource);
  if (target) treeCache.delete(`${target.api}/${endpointsOf(target).tree}`);
}

/** The whole tree of a tree resource, loaded once per screen visit. */
export function useResourceTree(resource: string): TreeNode[] {
  const [tree, setTree] = useState<TreeNode[]>([]);
  useEffect(() => {
    const target = targetOf(resource);
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
  }, [resource]);
  return tree;
}

