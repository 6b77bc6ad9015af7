/** `parentCode` of the provinces, as BladeX seeds it. */
export const REGION_ROOT = '00';

/** One region of a level as `lazy-tree?parentCode=` answers it. */
export interface RegionLevelNode {
  id: string;
  title: string;
  hasChildren: boolean;
}

/** A node of the region screen's lazy tree. */
export interface RegionTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: RegionTreeNode[];
}

/**
 * The tree under `parent` from the levels read so far: a node whose level was read holds it (a read empty level makes
 * it a leaf), the others stay closed until opened; a node the server says has no children is a leaf.
 */
export function regionTreeOf(levels: ReadonlyMap<string, readonly RegionLevelNode[]>, parent: string = REGION_ROOT, depth = 0): RegionTreeNode[] {
  return (levels.get(parent) ?? []).map((node) => {
    const level = depth < 16 ? levels.get(node.id) : undefined;
    if (!level) return { key: node.id, title: node.title, isLeaf: !node.hasChildren };
    return { key: node.id, title: node.title, isLeaf: level.length === 0, children: regionTreeOf(levels, node.id, depth + 1) };
  });
}
