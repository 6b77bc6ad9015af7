import { Layout, Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem } from '../../providers/access';
import { siteConfig } from '../../providers/config';
import { useMenuName, useMenuState, useOpenMenu } from './MenuContext';
import { menuIconOf } from './menuIcons';
import { ancestorPathsOf, destinationOf, leafMenus } from './menuTree';

type AntdMenuItem = Required<MenuProps>['items'][number];

function toAntdItems(menus: readonly MenuItem[], nameOf: (menu: MenuItem) => string): AntdMenuItem[] {
  return menus.map((menu) => ({
    key: menu.path,
    icon: createElement(menuIconOf(menu.source)),
    label: nameOf(menu),
    children: menu.children && menu.children.length > 0 ? toAntdItems(menu.children, nameOf) : undefined,
  }));
}

/** The menu path whose page is shown at `pathname` (an embedded page's route maps back to its menu). */
function selectedMenuPath(menus: readonly MenuItem[], pathname: string): string {
  const leaf = leafMenus(menus).find((menu) => {
    const destination = destinationOf(menu);
    return destination.kind === 'route' && destination.to === pathname;
  });
  return leaf?.path ?? pathname;
}

/** Dark sidebar with the (top menu's) menu tree; the current page's group opens and its item is selected. */
export function AppSider({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { sideMenus } = useMenuState();
  const nameOf = useMenuName();
  const openMenu = useOpenMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const homeIcon = menuIconOf('HomeOutlined');
  const items = useMemo<AntdMenuItem[]>(
    () => [
      { key: siteConfig.homePath, icon: createElement(homeIcon), label: t('layout.home') },
      ...toAntdItems(sideMenus, nameOf),
    ],
    [sideMenus, t, homeIcon, nameOf],
  );
  const selected = selectedMenuPath(sideMenus, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    const ancestors = ancestorPathsOf(sideMenus, selected);
    if (ancestors.length > 0) setOpenKeys((open) => Array.from(new Set([...open, ...ancestors])));
  }, [sideMenus, selected]);

  const open: MenuProps['onClick'] = ({ key }) => {
    const menu = leafMenus(sideMenus).find((leaf) => leaf.path === key);
    if (menu) openMenu(menu);
    else void navigate(key);
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
        selectedKeys={[selected]}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={open}
      />
    </Layout.Sider>
  );
}
