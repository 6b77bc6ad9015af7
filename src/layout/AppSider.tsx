import { Layout, Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem } from '../../providers/access';
import { siteConfig } from '../../providers/config';
import { useMenus } from './MenuContext';
import { menuIconOf } from './menuIcons';
import { ancestorPathsOf, isExternalPath } from './menuTree';

type AntdMenuItem = Required<MenuProps>['items'][number];

function toAntdItems(menus: readonly MenuItem[]): AntdMenuItem[] {
  return menus.map((menu) => ({
    key: menu.path,
    icon: createElement(menuIconOf(menu.source)),
    label: menu.name,
    children: menu.children && menu.children.length > 0 ? toAntdItems(menu.children) : undefined,
  }));
}

/** Dark sidebar with the server's menu tree; the current page's group opens and its item is selected. */
export function AppSider({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const menus = useMenus();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const homeIcon = menuIconOf('HomeOutlined');
  const items = useMemo<AntdMenuItem[]>(
    () => [{ key: siteConfig.homePath, icon: createElement(homeIcon), label: t('layout.home') }, ...toAntdItems(menus)],
    [menus, t, homeIcon],
  );
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const ancestors = ancestorPathsOf(menus, pathname);
    if (ancestors.length > 0) setOpenKeys((open) => Array.from(new Set([...open, ...ancestors])));
  }, [menus, pathname]);

  const open: MenuProps['onClick'] = ({ key }) => {
    if (isExternalPath(key)) window.open(key, '_blank', 'noopener');
    else navigate(key);
  };

  return (
    <Layout.Sider className="app-sider" theme="dark" width={220} collapsible collapsed={collapsed} trigger={null}>
      <div className="app-sider__brand">
        <img src="/favicon.svg" alt="" className="app-sider__logo" />
        {!collapsed && <span className="app-sider__title">{t('app.title')}</span>}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={open}
      />
    </Layout.Sider>
  );
}
