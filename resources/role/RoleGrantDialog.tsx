import { useCustom, useOne } from '@refinedev/core';
import { App, Modal, Spin, Tabs } from 'antd';
import type { Key } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../providers/data';
import { CheckTree, type CheckTreeNode } from '../../src/components/CheckTree';
import type { OperationDialogProps } from '../../src/components/crud/descriptor';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { GRANT_TREE_URL, GRANT_TREES, leafKeysOf, ROLE_GRANT_URL, ROLE_TREE_KEYS_URL, type GrantKeys, type GrantTree, type GrantTrees } from './grantApi';

type Checked = Record<GrantTree, { checked: Key[]; halfChecked: Key[] }>;

const toTreeData = (nodes: GrantTrees[GrantTree]): CheckTreeNode[] =>
  nodes.map((node) => ({ key: node.id, title: node.title, children: node.children ? toTreeData(node.children) : undefined }));

/**
 * 权限设置: the menus (with buttons), data scopes and API scopes of the selected roles, three checkbox trees in tabs,
 * pre-checked with what the roles hold and saved with one `role/grant`.
 */
export function RoleGrantDialog({ schema, ids, onClose }: OperationDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { call, pending: saving } = useResourceCall();
  const treeQuery = useCustom<GrantTrees>({ url: GRANT_TREE_URL, method: 'get', errorNotification: false, queryOptions: { retry: false } });
  // What the roles hold is read under the role resource: a grant saved anywhere reads it again.
  const keysMeta: BladeMeta = { endpoints: { detail: ROLE_TREE_KEYS_URL }, idParam: 'roleIds' };
  const keysQuery = useOne<GrantKeys>({
    resource: schema.name,
    id: ids.join(','),
    meta: keysMeta,
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const trees = treeQuery.query.data?.data;
  const keys = keysQuery.result;
  // What the roles hold, until the user checks something: a read again never takes back a change.
  const held = useMemo(() => {
    if (!trees || !keys) return undefined;
    // Only leaves are set: the tree derives its groups' state, so a group is not checked with all its children.
    const initial = {} as Checked;
    for (const tree of GRANT_TREES) initial[tree] = { checked: leafKeysOf(trees[tree], new Set(keys[tree])), halfChecked: [] };
    return initial;
  }, [trees, keys]);
  const [changed, setChanged] = useState<Checked>();
  const checked = changed ?? held;
  // A refused read (the http layer showed why) leaves nothing to grant.
  const failed = treeQuery.query.isError || keysQuery.query.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const save = async () => {
    if (!checked) return;
    try {
      // Groups half-checked in the menu tree are granted too, so the menu shows them (as BladeX's client sends).
      const all = (tree: GrantTree) => [...checked[tree].checked, ...checked[tree].halfChecked].map(String);
      const body = {
        roleIds: ids.map(String),
        menuIds: all('menu'),
        dataScopeIds: checked.dataScope.checked.map(String),
        apiScopeIds: checked.apiScope.checked.map(String),
      };
      // The roles' rows and the menus they open change.
      await call({ url: ROLE_GRANT_URL, body, invalidates: [schema.name, 'menu'] });
      void message.success(t('crud.operationDone', { name: t('role.operations.grant') }));
      onClose();
    } catch {
      // The http client has shown the server's message.
    }
  };

  const treeOf = (tree: GrantTree) =>
    trees && checked ? (
      <CheckTree
        treeData={toTreeData(trees[tree])}
        checkedKeys={checked[tree].checked}
        onCheck={(next, halfChecked) => setChanged({ ...checked, [tree]: { checked: next, halfChecked } })}
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
