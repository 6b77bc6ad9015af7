import { Badge, Layout, Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem } from '../../providers/access';
import { AfterFirstPaint } from '../components/AfterFirstPaint';
import { siteConfig } from '../../providers/config';
import { useMenuName, useMenuState, useOpenMenu } from './MenuContext';
import { useMenuCounts } from './menuCounts';
import { menuIconOf } from './menuIcons';
import { ancestorPathsOf, destinationOf, leafMenus } from './menuTree';

type AntdMenuItem = Required<MenuProps>['items'][number];

/**
 * antd's items for `menus`. With `openKeys`, the children of a group not among them are left out (an empty list still draws it as a
 * group with its arrow): antd renders and registers every item it is given, each with its tooltip and pop-up, closed
 * groups included, and that was the dearest part of a signed-in page's first render.
 */
export function toAntdItems(
  menus: readonly MenuItem[],
  nameOf: (menu: MenuItem) => string,
  openKeys?: readonly string[],
  countOf: (menu: MenuItem) => number = () => 0,
): AntdMenuItem[] {
  return menus.map((menu) => {
    const group = !!menu.children && menu.children.length > 0;
    const shown = group && (!openKeys || openKeys.includes(menu.path));
    const count = countOf(menu);
    return {
      key: menu.path,
      icon: createElement(menuIconOf(menu.source)),
      // A count (open tasks) beside the name: a badge the entry keeps while its name wraps.
      label:
        count > 0 ? (
          <span className="app-sider__label">
            <span>{nameOf(menu)}</span>
            <Badge className="app-sider__count" data-menu-count={menu.code} count={count} size="small" overflowCount={99} />
          </span>
        ) : (
          nameOf(menu)
        ),
      children: group ? (shown ? toAntdItems(menu.children!, nameOf, openKeys, countOf) : []) : undefined,
    };
  });
}

/** `keys` added to `list`; the same array when it holds them all already (no new render). */
const withKeys = (list: string[], keys: readonly string[]) => (keys.every((key) => list.includes(key)) ? list : Array.from(new Set([...list, ...keys])));

/** The menu path whose page is shown at `pathname` (an embedded page's route maps back to its menu). */
function selectedMenuPath(menus: readonly MenuItem[], pathname: string): string {
  const leaf = leafMenus(menus).find((menu) => {
    const destination = destinationOf(menu);
    return destination.kind === 'route' && destination.to === pathname;
  });
  return leaf?.path ?? pathname;
}

/** The menu of the sidebar: home, then the tree with the counts of its entries (我的事务's open tasks). */
function SiderMenu({ menus, shownGroups, ...props }: { menus: readonly MenuItem[]; shownGroups: readonly string[] | undefined } & Omit<MenuProps, 'items'>) {
  const { t } = useTranslation();
  const nameOf = useMenuName();
  const countOf = useMenuCounts(menus);
  const items = useMemo<AntdMenuItem[]>(
    () => [
      { key: siteConfig.homePath, icon: createElement(menuIconOf('HomeOutlined')), label: t('layout.home') },
      ...toAntdItems(menus, nameOf, shownGroups, countOf),
    ],
    [menus, t, nameOf, shownGroups, countOf],
  );
  return <Menu theme="dark" mode="inline" items={items} {...props} />;
}

/** Dark sidebar with the (top menu's) menu tree; the current page's group opens and its item is selected. */
export function AppSider({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { sideMenus } = useMenuState();
  const openMenu = useOpenMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = selectedMenuPath(sideMenus, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorPathsOf(sideMenus, selected));
  // Groups opened at least once keep their children, so that closing one still slides it shut.
  const [everOpened, setEverOpened] = useState<string[]>(openKeys);
  const openGroups = (keys: string[]) => {
    setOpenKeys(keys);
    setEverOpened((seen) => withKeys(seen, keys));
  };
  // A new page or a new menu opens the groups above the page's entry; what the user opened or closed stays so.
  useEffect(() => {
    const ancestors = ancestorPathsOf(sideMenus, selected);
    setOpenKeys((open) => withKeys(open, ancestors));
    setEverOpened((seen) => withKeys(seen, ancestors));
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
      {/* Drawn (and its counts asked for) once the page's content has been painted. */}
      <nav aria-label={t('layout.sideMenu')}>
        <AfterFirstPaint>
          <SiderMenu
            menus={sideMenus}
            // Folded, groups open as pop-ups on hover: they need their children from the start.
            shownGroups={collapsed ? undefined : everOpened}
            selectedKeys={[selected]}
            openKeys={collapsed ? undefined : openKeys}
            onOpenChange={openGroups}
            onClick={open}
          />
        </AfterFirstPaint>
      </nav>
    </Layout.Sider>
  );
}
