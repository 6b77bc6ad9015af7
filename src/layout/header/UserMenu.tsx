import { useGetIdentity, useLogout } from '@refinedev/core';
import { App, Avatar, Dropdown, Space } from 'antd';
import { DashboardOutlined, IdcardOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Identity } from '../../../providers/auth';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { SwitchDeptRoleDialog } from './SwitchDeptRoleDialog';

export const DASHBOARD_PATH = '/wel/dashboard';
export const INFO_PATH = '/info/index';

/** Avatar and real name; the dropdown opens the dashboard, personal info, the dept/role switch, and logs out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  const [switching, setSwitching] = useState(false);
  const switchingOpened = useOpenedOnce(switching);

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
        </Space>
      </Dropdown>
      {switchingOpened && (
        <SwitchDeptRoleDialog open={switching} identity={identity ?? undefined} onClose={() => setSwitching(false)} />
      )}
    </>
  );
}
