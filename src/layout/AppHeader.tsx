import { Button, Layout, Space } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AfterFirstPaint } from '../components/AfterFirstPaint';
import { HeaderTools } from './header/HeaderTools';
import { MenuSearchPanel } from './search/MenuSearchPanel';
import { TopSearch } from './search/TopSearch';
import { TopMenu } from './topmenu/TopMenu';

interface AppHeaderProps {
  collapsed: boolean;
  onToggle(): void;
}

/** Header: collapse toggle, top menu, searches and the header tools (themes, lock, error log, notices, user menu). */
export function AppHeader({ collapsed, onToggle }: AppHeaderProps) {
  const { t } = useTranslation();

  return (
    <Layout.Header className="app-header">
      <Button
        type="text"
        className="app-header__toggle"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={t(collapsed ? 'layout.expand' : 'layout.collapse')}
        onClick={onToggle}
      />
      {/* The page's content is painted first; the top menu keeps its place meanwhile. */}
      <AfterFirstPaint placeholder={<div className="app-top-menu" />}>
        <TopMenu />
        <Space size="middle">
          <TopSearch />
          <MenuSearchPanel />
          <HeaderTools />
        </Space>
      </AfterFirstPaint>
    </Layout.Header>
  );
}
