import { Card, Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../../resources/types';
import { useResourceTree } from './resourceTrees';

interface TreeNode {
  id: string;
  title?: string;
  children?: TreeNode[];
}

/** The id path (root → node) of every node of a tree. */
function pathsOf(nodes: TreeNode[], prefix: string[] = [], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    const path = [...prefix, String(node.id)];
    into.set(String(node.id), path.join(','));
    if (node.children) pathsOf(node.children, path, into);
  }
  return into;
}

/**
 * The tree of a tree-path field beside the list (test leads file cases under modules): picking a node lists the rows
 * filed under it or below it; picking it again lists all rows. For a ref to a tree resource (a user's departments)
 * the pick is the node's id, and the list endpoint decides which rows are under it.
 */
export function ListTreeFilter({ field, value, onPick }: { field: FieldSchema; value?: string; onPick(value: string | undefined): void }) {
  const { t } = useTranslation();
  const tree = useResourceTree(field.treePath?.resource ?? field.ref!.resource) as TreeNode[];
  const paths = useMemo(() => pathsOf(tree), [tree]);
  const selected = value ? value.split(',').at(-1) : undefined;
  const valueOf = (id: string) => (field.treePath ? paths.get(id) : id);
  return (
    <Card variant="borderless" className="crud-tree-filter" title={t(field.treePath ? 'crud.allModules' : 'crud.treeAll')}>
      {/* Mounted once the tree has arrived: `defaultExpandAll` only expands the nodes present at mount. */}
      {tree.length > 0 && (
      <Tree
        treeData={tree as never}
        fieldNames={{ title: 'title', key: 'id', children: 'children' }}
        selectedKeys={selected ? [selected] : []}
        defaultExpandAll
        blockNode
        onSelect={(keys) => onPick(keys.length > 0 ? valueOf(String(keys[0])) : undefined)}
      />
      )}
    </Card>
  );
}
