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

/** Every menu, data scope and API scope a grant can hold. */
export const GRANT_TREE_URL = '/api/blade-system/menu/grant-tree';
/** What the roles (`roleIds`, comma-joined) hold now. */
export const ROLE_TREE_KEYS_URL = '/api/blade-system/menu/role-tree-keys';
/** Saves the roles' menus, data scopes and API scopes in one call. */
export const ROLE_GRANT_URL = '/api/blade-system/role/grant';

/** The held keys that are leaves of the tree: a checkbox tree derives its parents' state from them. */
export function leafKeysOf(nodes: GrantNode[], held: ReadonlySet<string>): string[] {
  return nodes.flatMap((node) => (node.children?.length ? leafKeysOf(node.children, held) : held.has(node.id) ? [node.id] : []));
}
