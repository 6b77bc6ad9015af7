import { App, Modal, Spin, Tabs } from 'antd';
import type { Key } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckTree, type CheckTreeNode } from '../../src/components/CheckTree';
import type { OperationDialogProps } from '../../src/components/crud/descriptor';
import { GRANT_TREES, grantApi, leafKeysOf, type GrantTree, type GrantTrees } from './grantApi';

type Checked = Record<GrantTree, { checked: Key[]; halfChecked: Key[] }>;

const toTreeData = (nodes: GrantTrees[GrantTree]): CheckTreeNode[] =>
  nodes.map((node) => ({ key: node.id, title: node.title, children: node.children ? toTreeData(node.children) : undefined }));

/**
 * 权限设置: the menus (with buttons), data scopes and API scopes of the selected roles, three checkbox trees in tabs,
 * pre-checked with what the roles hold and saved with one `role/grant`.
 */
export function RoleGrantDialog({ ids, onClose }: OperationDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [trees, setTrees] = useState<GrantTrees>();
  const [checked, setChecked] = useState<Checked>();
  const [saving, setSaving] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    let current = true;
    Promise.all([grantApi.tree(), grantApi.keys(ids.map(String))])
      .then(([loaded, keys]) => {
        if (!current) return;
        setTrees(loaded);
        // Only leaves are set: the tree derives its groups' state, so a group is not checked with all its children.
        const initial = {} as Checked;
        for (const tree of GRANT_TREES) initial[tree] = { checked: leafKeysOf(loaded[tree], new Set(keys[tree])), halfChecked: [] };
        setChecked(initial);
      })
      .catch(() => close.current());
    return () => {
      current = false;
    };
  }, [ids]);

  const save = async () => {
    if (!checked) return;
    setSaving(true);
    try {
      // Groups half-checked in the menu tree are granted too, so the menu shows them (as BladeX's client sends).
      const all = (tree: GrantTree) => [...checked[tree].checked, ...checked[tree].halfChecked].map(String);
      await grantApi.save({
        roleIds: ids.map(String),
        menuIds: all('menu'),
        dataScopeIds: checked.dataScope.checked.map(String),
        apiScopeIds: checked.apiScope.checked.map(String),
      });
      void message.success(t('crud.operationDone', { name: t('role.operations.grant') }));
      onClose();
    } catch {
      // The http client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const treeOf = (tree: GrantTree) =>
    trees && checked ? (
      <CheckTree
        treeData={toTreeData(trees[tree])}
        checkedKeys={checked[tree].checked}
        onCheck={(next, halfChecked) => setChecked({ ...checked, [tree]: { checked: next, halfChecked } })}
      />
    ) : null;

  return (
    <Modal
      open
      title={t('role.operations.grant')}
      width={640}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !checked }}
      destroyOnHidden
      className="role-grant-dialog"
    >
      {!checked ? (
        <Spin />
      ) : (
        <Tabs
          items={GRANT_TREES.map((tree) => ({ key: tree, label: t(`role.grant.${tree}`), children: treeOf(tree) }))}
        />
      )}
    </Modal>
  );
}
