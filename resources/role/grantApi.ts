import { http } from '../../providers/http';

/** The three trees of the grant dialog, in tab order. */
export const GRANT_TREES = ['menu', 'dataScope', 'apiScope'] as const;
export type GrantTree = (typeof GRANT_TREES)[number];

export interface GrantNode {
  id: string;
  parentId: string;
  title: string;
  children?: GrantNode[];
}

export type GrantTrees = Record<GrantTree, GrantNode[]>;
export type GrantKeys = Record<GrantTree, string[]>;

const dataOf = <T>(response: { data: { data: T } }) => response.data.data;

export const grantApi = {
  tree: async () => dataOf(await http.get<{ data: GrantTrees }>('/api/blade-system/menu/grant-tree')),
  keys: async (roleIds: string[]) =>
    dataOf(await http.get<{ data: GrantKeys }>('/api/blade-system/menu/role-tree-keys', { params: { roleIds: roleIds.join(',') } })),
  save: async (body: { roleIds: string[]; menuIds: string[]; dataScopeIds: string[]; apiScopeIds: string[] }) =>
    http.post('/api/blade-system/role/grant', body),
};

/** The held keys that are leaves of the tree: a checkbox tree derives its parents' state from them. */
export function leafKeysOf(nodes: GrantNode[], held: ReadonlySet<string>): string[] {
  return nodes.flatMap((node) => (node.children?.length ? leafKeysOf(node.children, held) : held.has(node.id) ? [node.id] : []));
}
