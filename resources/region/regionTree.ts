/** `parentCode` of the provinces, as BladeX seeds it. */
export const REGION_ROOT = '00';

/** A node of the region screen's lazy tree. */
export interface RegionTreeNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: RegionTreeNode[];
}

/** The tree with the children of `key` replaced (`REGION_ROOT`: the top level); a node without children is a leaf. */
export function withChildren(nodes: readonly RegionTreeNode[], key: string, children: RegionTreeNode[]): RegionTreeNode[] {
  if (key === REGION_ROOT) return children;
  return nodes.map((node) => {
    if (node.key === key) return { ...node, isLeaf: children.length === 0, children };
    return node.children ? { ...node, children: withChildren(node.children, key, children) } : node;
  });
}
