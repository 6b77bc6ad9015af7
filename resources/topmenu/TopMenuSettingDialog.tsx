import { useCustom, useOne } from '@refinedev/core';
import { App, Modal, Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../providers/data';
import type { OperationDialogProps } from '../../src/components/crud/descriptor';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { operationOf } from '../types';
import { leafKeys, type MenuNode } from './menuKeys';

const MENU_API = '/api/blade-system/menu';

/**
 * 菜单配置 of a top menu: the menu tree (`menu/grant-top-tree`) with the top menu's menus checked
 * (`menu/top-tree-keys`), saved in one call (`topmenu/grant`).
 */
export function TopMenuSettingDialog({ schema, ids, onClose }: OperationDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { call, pending: saving } = useResourceCall();
  const operation = operationOf(schema, 'setting')!;
  const treeQuery = useCustom<{ menu?: MenuNode[] }>({ url: `${MENU_API}/grant-top-tree`, method: 'get', errorNotification: false, queryOptions: { retry: false } });
  // The top menus' menus are read under the top menu resource: a setting saved anywhere reads them again.
  const keysMeta: BladeMeta = { endpoints: { detail: `${MENU_API}/top-tree-keys` }, idParam: 'topMenuIds' };
  const keysQuery = useOne<{ menu?: string[] }>({ resource: schema.name, id: ids.join(','), meta: keysMeta, errorNotification: false, queryOptions: { retry: false } });
  const tree = treeQuery.query.data?.data ? (treeQuery.query.data.data.menu ?? []) : undefined;
  const keys = keysQuery.result;
  const held = useMemo(() => (tree && keys ? leafKeys(tree, new Set(keys.menu ?? [])) : []), [tree, keys]);
  // What the top menu holds, until the user checks something: a read again never takes back a change.
  const [changed, setChanged] = useState<{ checked: Key[]; halfChecked: Key[] }>();
  const checked = changed?.checked ?? held;
  const halfChecked = changed?.halfChecked ?? [];
  // A refused read (the http layer showed why) leaves nothing to set.
  const failed = treeQuery.query.isError || keysQuery.query.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const save = async () => {
    try {
      await call({
        url: `${schema.api}/${operation.path}`,
        body: { topMenuIds: ids, menuIds: [...checked, ...halfChecked].map(String) },
        // The top menus' rows change, and the menus shown under them.
        invalidates: [schema.name, 'menu'],
      });
      void message.success(t('crud.operationDone', { name: t(`${schema.name}.operations.setting`) }));
      onClose();
    } catch {
      // The http layer showed the server's message; the dialog stays open.
    }
  };

  return (
    <Modal
      open
      title={t(`${schema.name}.operations.setting`)}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      onOk={() => void save()}
      confirmLoading={saving}
      onCancel={onClose}
      width={520}
      destroyOnHidden
      className="topmenu-setting"
    >
      <Spin spinning={tree === undefined || keys === undefined}>
        <div className="topmenu-setting-tree">
          {tree && keys && (
            <Tree<MenuNode>
              checkable
              defaultExpandAll
              treeData={tree}
              checkedKeys={checked}
              onCheck={(next, info) => setChanged({ checked: Array.isArray(next) ? next : next.checked, halfChecked: info.halfCheckedKeys ?? [] })}
            />
          )}
        </div>
      </Spin>
    </Modal>
  );
}
