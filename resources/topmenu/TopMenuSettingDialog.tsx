import { useInvalidate } from '@refinedev/core';
import { App, Modal, Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../providers/http';
import type { OperationDialogProps } from '../../src/components/crud/descriptor';
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
  const invalidate = useInvalidate();
  const [tree, setTree] = useState<MenuNode[]>();
  const [checked, setChecked] = useState<Key[]>([]);
  const [halfChecked, setHalfChecked] = useState<Key[]>([]);
  const [saving, setSaving] = useState(false);
  const operation = operationOf(schema, 'setting')!;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    let active = true;
    void Promise.all([
      http.get<{ data: { menu?: MenuNode[] } }>(`${MENU_API}/grant-top-tree`),
      http.get<{ data: { menu?: string[] } }>(`${MENU_API}/top-tree-keys`, { params: { topMenuIds: ids.join(',') } }),
    ])
      .then(([treeAnswer, keysAnswer]) => {
        if (!active) return;
        const nodes = treeAnswer.data.data?.menu ?? [];
        setTree(nodes);
        setChecked(leafKeys(nodes, new Set(keysAnswer.data.data?.menu ?? [])));
      })
      .catch(() => closeRef.current());
    return () => {
      active = false;
    };
  }, [ids]);

  const save = async () => {
    setSaving(true);
    try {
      await http.post(`${schema.api}/${operation.path}`, { topMenuIds: ids, menuIds: [...checked, ...halfChecked].map(String) });
      void message.success(t('crud.operationDone', { name: t(`${schema.name}.operations.setting`) }));
      await invalidate({ resource: schema.name, invalidates: ['list'] });
      onClose();
    } catch {
      // The http layer showed the server's message; the dialog stays open.
    } finally {
      setSaving(false);
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
      <Spin spinning={tree === undefined}>
        <div className="topmenu-setting-tree">
          {tree && (
            <Tree<MenuNode>
              checkable
              defaultExpandAll
              treeData={tree}
              checkedKeys={checked}
              onCheck={(keys, info) => {
                setChecked(Array.isArray(keys) ? keys : keys.checked);
                setHalfChecked(info.halfCheckedKeys ?? []);
              }}
            />
          )}
        </div>
      </Spin>
    </Modal>
  );
}
