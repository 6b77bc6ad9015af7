/** A node of BladeX's menu grant tree, as the checkbox tree reads it. */
export interface MenuNode {
  id: string;
  title: string;
  key: string;
  children?: MenuNode[];
}

/**
 * Keys of the leaves among `keys`. A conducting checkbox tree checks a parent when all its children are: handing it
 * a stored parent key would check every child, so only leaves are handed over and the parents follow from them.
 */
export function leafKeys(nodes: readonly MenuNode[], keys: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (node: MenuNode) => {
    if (node.children?.length) node.children.forEach(walk);
    else if (keys.has(node.key)) out.push(node.key);
  };
  nodes.forEach(walk);
  return out;
}
