import { App, Layout } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { startTokenRefreshTimer, stopTokenRefreshTimer } from '../../providers/auth';
import { siteConfig } from '../../providers/config';
import { MESSAGE_LIST_ROUTE } from '../../resources/message/wire';
import { screenRouteOf } from '../../resources/routing';
import { useScreenClass } from '../hooks/useScreenClass';
import { useRegistry } from '../registry';
import { pageTitleOf, titleText } from '../router/pageTitles';
import { LoadingWithProgress } from '../router/RouteProgress';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { PageErrorBoundary } from './errorlog/PageErrorBoundary';
import { TOAST_CONFIG } from '../components/FeedbackProvider';
import { MenuProvider, useMenuState } from './MenuContext';
import { menuByPath } from './menuTree';
import { TabBar } from './tabs/TabBar';

/** Screen class from which the sidebar starts expanded (spec §9: 2 is ≥992 px). */
const WIDE_SCREEN_CLASS = 2;

/** Screens of the registry that are reached through a menu (some, like task records, have none). */
function useMenuScreenRoutes(): ReadonlySet<string> {
  const { schemas } = useRegistry();
  return useMemo(() => new Set(schemas.filter((schema) => schema.inMenu !== false).map((schema) => schema.route)), [schemas]);
}

/**
 * Whether the screen at `pathname` may be shown: a menu screen that the role's menu (as the server answered it) does
 * not list is `denied` (shown as /403); one the stored copy lacks waits for the server's answer (`pending`) rather than
 * asking for its rows first.
 */
function useScreenAccess(pathname: string): 'allowed' | 'pending' | 'denied' {
  const { allMenus, loaded } = useMenuState();
  const { schemas } = useRegistry();
  const menuScreenRoutes = useMenuScreenRoutes();
  const screen = screenRouteOf(pathname, schemas);
  if (!menuScreenRoutes.has(screen) || menuByPath(allMenus, screen)) return 'allowed';
  return loaded ? 'denied' : 'pending';
}

/** Pages of the layout that no menu lists. */
const FIXED_LAYOUT_PATHS = new Set([siteConfig.homePath, '/info/index', '/wel/dashboard', '/test/index', MESSAGE_LIST_ROUTE]);

/** An address the layout has a page for (a fixed page, a resource screen, an embedded page or a menu entry). */
function useKnownScreen(pathname: string): boolean {
  const { allMenus } = useMenuState();
  const { schemas } = useRegistry();
  const menuScreenRoutes = useMenuScreenRoutes();
  if (FIXED_LAYOUT_PATHS.has(pathname) || pathname.startsWith('/myiframe/')) return true;
  const screen = screenRouteOf(pathname, schemas);
  return menuScreenRoutes.has(screen) || schemas.some((schema) => schema.route === screen) || !!menuByPath(allMenus, pathname);
}

/**
 * The screen's title as its one `h1`, the heading a screen reader jumps to first. Seen, the active tab already names
 * the screen, so the heading is for assistive technology only.
 */
function ScreenHeading({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const { allMenus } = useMenuState();
  const { schemas } = useRegistry();
  const title = titleText(pageTitleOf(screenRouteOf(pathname, schemas), allMenus, schemas), t);
  return <h1 className="visually-hidden">{title}</h1>;
}

function Shell() {
  const { pathname } = useLocation();
  const screenClass = useScreenClass();
  const wide = screenClass >= WIDE_SCREEN_CLASS;
  const [collapsed, setCollapsed] = useState(!wide);
  // Narrow screens fold the sidebar; widening unfolds it again.
  useEffect(() => setCollapsed(!wide), [wide]);
  const access = useScreenAccess(pathname);
  // An address on its way to /404 gets no tab.
  const known = useKnownScreen(pathname);

  return (
    <Layout className={`app-layout app-layout--screen-${screenClass}`}>
      <AppSider collapsed={collapsed} />
      <Layout className="app-main">
        <AppHeader collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
        <TabBar tracking={access === 'allowed' && known} />
        {/* antd draws this as <main>, the header as <header> and the sidebar as <aside>: the page's landmarks. */}
        <Layout.Content className="app-content">
          <ScreenHeading pathname={pathname} />
          {access === 'denied' ? (
            <Navigate to="/403" replace />
          ) : access === 'pending' ? (
            <LoadingWithProgress />
          ) : (
            <Suspense fallback={<LoadingWithProgress />}>
              <PageErrorBoundary>
                <Outlet />
              </PageErrorBoundary>
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** The signed-in shell: sidebar, header, tabs and the current page; keeps the token fresh while it is shown. */
export default function AppLayout() {
  useEffect(() => {
    startTokenRefreshTimer();
    return stopTokenRefreshTimer;
  }, []);
  return (
    <MenuProvider>
      {/* antd App: modal and message hooks for the signed-in pages (confirmations, warnings), toasts where all show. */}
      <App className="app-layout-root" message={TOAST_CONFIG}>
        <Shell />
      </App>
    </MenuProvider>
  );
}
