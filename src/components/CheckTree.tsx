import { Button, Input, Space, Tree } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';

export interface CheckTreeNode {
  key: Key;
  title: string;
  children?: CheckTreeNode[];
}

interface CheckTreeProps {
  treeData: CheckTreeNode[];
  checkedKeys: Key[];
  /** The checked keys and the groups checked only in part (a menu grant sends those too). */
  onCheck(checked: Key[], halfChecked: Key[]): void;
  className?: string;
}

const lower = (text: string) => text.toLocaleLowerCase();

/** Trees of up to this many nodes open whole: they fit the box without hiding what they hold. */
const OPEN_WHOLE_UP_TO = 40;

function keysOf(nodes: readonly CheckTreeNode[], parentsOnly = false): Key[] {
  return nodes.flatMap((node) => [...(!parentsOnly || node.children?.length ? [node.key] : []), ...keysOf(node.children ?? [], parentsOnly)]);
}

/**
 * The nodes a search shows: those whose title holds the text, their ancestors (to reach them) and their descendants
 * (a matched group with what it holds); and the groups to open so that every match is in view.
 */
function searchOf(nodes: readonly CheckTreeNode[], text: string): { shown: Set<Key>; open: Set<Key> } {
  const shown = new Set<Key>();
  const open = new Set<Key>();
  const visit = (node: CheckTreeNode, ancestorMatched: boolean): boolean => {
    const matched = lower(node.title).includes(text);
    let below = false;
    for (const child of node.children ?? []) below = visit(child, ancestorMatched || matched) || below;
    if (below) open.add(node.key);
    if (matched || below || ancestorMatched) shown.add(node.key);
    return matched || below;
  };
  for (const node of nodes) visit(node, false);
  return { shown, open };
}

/**
 * A checkbox tree for long grants (a package's or a role's menus): a search that narrows the tree to the matching
 * entries, expand / collapse all, check / uncheck all, in a box of bounded height that scrolls. Hidden nodes keep their
 * checks: the search narrows what is shown, never what is granted.
 */
export function CheckTree({ treeData, checkedKeys, onCheck, className }: CheckTreeProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[] | undefined>();
  const allKeys = useMemo(() => keysOf(treeData), [treeData]);
  const groupKeys = useMemo(() => keysOf(treeData, true), [treeData]);
  const leafKeys = useMemo(() => {
    const groups = new Set(groupKeys);
    return allKeys.filter((key) => !groups.has(key));
  }, [allKeys, groupKeys]);
  const text = lower(search.trim());
  const found = useMemo(() => (text ? searchOf(treeData, text) : undefined), [treeData, text]);
  const shownData = useMemo(() => {
    if (!found) return treeData;
    const mark = (nodes: CheckTreeNode[]): CheckTreeNode[] =>
      nodes.map((node) => ({
        ...node,
        ...(found.shown.has(node.key) ? {} : { className: 'check-tree__hidden' }),
        ...(node.children ? { children: mark(node.children) } : {}),
      }));
    return mark(treeData);
  }, [treeData, found]);
  // A short tree (a role's scopes) opens whole; a long one (every menu with its buttons) at its first level: the
  // groups show, their hundreds of buttons do not.
  const expandedKeys = expanded ?? (allKeys.length <= OPEN_WHOLE_UP_TO ? groupKeys : treeData.filter((node) => node.children?.length).map((node) => node.key));
  // A search opens the groups that hold its matches; what is open then stays so once the search is cleared.
  const searchFor = (value: string) => {
    setSearch(value);
    const query = lower(value.trim());
    if (query) setExpanded([...searchOf(treeData, query).open]);
  };
  // Every leaf checked is everything checked (a grant may hold its leaves only; the tree derives its groups).
  const allChecked = leafKeys.length > 0 && leafKeys.every((key) => checkedKeys.includes(key));

  return (
    <div className={['check-tree', className].filter(Boolean).join(' ')}>
      <Space className="check-tree__tools" wrap>
        <Input.Search allowClear placeholder={t('checkTree.search')} value={search} onChange={(event) => searchFor(event.target.value)} style={{ width: 220 }} />
        <Button size="small" onClick={() => setExpanded(groupKeys)}>
          {t('checkTree.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('checkTree.collapseAll')}
        </Button>
        <Button size="small" onClick={() => onCheck(allChecked ? [] : allKeys, [])}>
          {allChecked ? t('checkTree.uncheckAll') : t('checkTree.checkAll')}
        </Button>
      </Space>
      <div className="check-tree__box">
        <Tree
          checkable
          selectable={false}
          virtual={false}
          treeData={shownData}
          checkedKeys={checkedKeys}
          expandedKeys={expandedKeys}
          onExpand={setExpanded}
          onCheck={(keys, info) => onCheck(Array.isArray(keys) ? keys : keys.checked, info.halfCheckedKeys ?? [])}
        />
      </div>
    </div>
  );
}
