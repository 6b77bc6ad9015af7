import { useGetIdentity, useLogout } from '@refinedev/core';
import { App, Avatar, Button, Dropdown, Layout, Space } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../providers/auth';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { MenuSearchPanel } from './search/MenuSearchPanel';
import { TopSearch } from './search/TopSearch';
import { TopMenu } from './topmenu/TopMenu';

interface AppHeaderProps {
  collapsed: boolean;
  onToggle(): void;
}

/** White header: collapse toggle, language switch and the user's menu (logout asks first). */
export function AppHeader({ collapsed, onToggle }: AppHeaderProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();

  const confirmLogout = () =>
    modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => logout(),
    });

  return (
    <Layout.Header className="app-header">
      <Button
        type="text"
        className="app-header__toggle"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={t(collapsed ? 'layout.expand' : 'layout.collapse')}
        onClick={onToggle}
      />
      <TopMenu />
      <Space size="middle">
        <TopSearch />
        <MenuSearchPanel />
        <LanguageSwitch />
        <Dropdown
          menu={{
            items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') }],
            onClick: confirmLogout,
          }}
        >
          <Space className="app-header__user">
            <Avatar size="small" src={identity?.avatar || undefined} icon={<UserOutlined />} />
            <span>{identity?.name}</span>
          </Space>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
