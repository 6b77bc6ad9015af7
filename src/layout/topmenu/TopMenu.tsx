import { Menu, type MenuProps } from 'antd';
import { createElement, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { siteConfig } from '../../../providers/config';
import { useMenuState } from '../MenuContext';
import { menuIconOf } from '../menuIcons';
import './topmenu.css';

const HOME_KEY = 'home';

/** Header menu: home (the whole sidebar, and the home page) plus the server's top menus, each showing its part. */
export function TopMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { topMenus, activeTopMenuId, selectTopMenu } = useMenuState();
  const items = useMemo<Required<MenuProps>['items']>(
    () => [
      { key: HOME_KEY, icon: createElement(menuIconOf('HomeOutlined')), label: t('layout.home') },
      ...topMenus.map((top) => ({
        key: top.id,
        icon: createElement(menuIconOf(top.source)),
        label: t(`topmenu.names.${top.code}`, { defaultValue: top.name }),
      })),
    ],
    [topMenus, t],
  );

  const choose: MenuProps['onClick'] = ({ key }) => {
    if (key === HOME_KEY) {
      void selectTopMenu(undefined);
      void navigate(siteConfig.homePath);
    } else {
      void selectTopMenu(key);
    }
  };

  return (
    <Menu
      className="app-top-menu"
      mode="horizontal"
      items={items}
      selectedKeys={[activeTopMenuId ?? HOME_KEY]}
      onClick={choose}
    />
  );
}
