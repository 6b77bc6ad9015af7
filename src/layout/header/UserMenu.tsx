import { useGetIdentity, useLogout } from '@refinedev/core';
import { App, Avatar, Dropdown, Space } from 'antd';
import { DashboardOutlined, IdcardOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Identity } from '../../../providers/auth';
import { storeKeys } from '../../../providers/session';
import { getStore, removeStore } from '../../../providers/storage';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { useSessionNames } from '../../pages/info/useSessionNames';
import { SwitchDeptRoleDialog } from './SwitchDeptRoleDialog';

export const DASHBOARD_PATH = '/wel/dashboard';
export const INFO_PATH = '/info/index';

/** Avatar, real name and current department; the dropdown opens the dashboard, personal info, the dept/role switch, and logs out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const { data: identity } = useGetIdentity<Identity>();
  const { deptNames } = useSessionNames(identity ?? undefined);
  const { mutate: logout } = useLogout();
  const [switching, setSwitching] = useState(false);
  const switchingOpened = useOpenedOnce(switching);

  // After the reload a department/role switch ends with.
  useEffect(() => {
    if (getStore<boolean>({ name: storeKeys.deptRoleSwitched }) !== true) return;
    removeStore({ name: storeKeys.deptRoleSwitched });
    void message.success(t('switch.done'));
  }, [message, t]);

  const confirmLogout = () =>
    modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => logout(),
    });

  const actions: Record<string, () => void> = {
    dashboard: () => navigate(DASHBOARD_PATH),
    info: () => navigate(INFO_PATH),
    switch: () => setSwitching(true),
    logout: confirmLogout,
  };

  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'dashboard', icon: <DashboardOutlined />, label: t('userMenu.dashboard') },
            { key: 'info', icon: <IdcardOutlined />, label: t('userMenu.info') },
            { key: 'switch', icon: <SwapOutlined />, label: t('switch.title') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
          ],
          onClick: ({ key }) => actions[key]?.(),
        }}
      >
        <Space className="app-header__user">
          <Avatar size="small" src={identity?.avatar || undefined} icon={<UserOutlined />} />
          <span>{identity?.name}</span>
          {deptNames && <span className="app-header__dept">{deptNames}</span>}
        </Space>
      </Dropdown>
      {switchingOpened && (
        <SwitchDeptRoleDialog open={switching} identity={identity ?? undefined} onClose={() => setSwitching(false)} />
      )}
    </>
  );
}
