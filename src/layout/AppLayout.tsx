import { App, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { startTokenRefreshTimer, stopTokenRefreshTimer } from '../../providers/auth';
import { PageLoading } from '../components/PageLoading';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { MenuProvider } from './MenuContext';

/** The signed-in shell: sidebar, header and the current page; keeps the token fresh while it is shown. */
export default function AppLayout() {
  const [collapsed, setCollapsed] = useState(false);
  useEffect(() => {
    startTokenRefreshTimer();
    return stopTokenRefreshTimer;
  }, []);
  return (
    <MenuProvider>
      {/* antd App: modal and message hooks for the signed-in pages (confirmations, warnings). */}
      <App className="app-layout-root">
      <Layout className="app-layout">
        <AppSider collapsed={collapsed} />
        <Layout>
          <AppHeader collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
          <Layout.Content className="app-content">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
      </App>
    </MenuProvider>
  );
}
