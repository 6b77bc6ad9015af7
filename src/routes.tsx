import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { earlyReadsSettled } from '../providers/http';
import { MESSAGE_LIST_ROUTE } from '../resources/message/wire';
import { REPORT_VIEWER_ROUTE } from '../resources/report/viewerLinks';
import { screenRouteOf } from '../resources/routing';
import { siteConfig } from '../providers/config';
import { getToken } from '../providers/storage';
import { PageLoading } from './components/PageLoading';
import LoginPage from './pages/login/LoginPage';
import { IFRAME_ROUTE_PREFIX } from './layout/menuTree';
import { useRegistry, type ClientRegistry } from './registry';
import { preloadable } from './router/preloadable';
import { RouteGuard } from './router/RouteGuard';

// The login page is part of the first load; every other screen is loaded when needed (see vite.config.ts for how
// the signed-in screens are bundled), so that the login page's first load carries neither the layout nor any page.
const RefineShell = preloadable(() => import('./RefineShell'));
const ErrorPage = lazy(() => import('./pages/error/ErrorPage'));
const AppLayout = preloadable(() => import('./layout/AppLayout'));
const WelcomePage = preloadable(() => import('./pages/wel/WelcomePage'));
const LockPage = lazy(() => import('./pages/lock/LockPage'));
const InfoPage = preloadable(() => import('./pages/info/InfoPage'));
const IframePage = preloadable(() => import('./pages/iframe/IframePage'));
const DashboardPage = preloadable(() => import('./pages/wel/DashboardPage'));
const TestIndexPage = preloadable(() => import('./pages/test/TestIndexPage'));
const ScreenMissingPage = lazy(() => import('./pages/missing/ScreenMissingPage'));
const DictLayoutPage = preloadable(() => import('./pages/dict/DictLayoutPage'));
const FlowDeployPage = preloadable(() => import('./pages/flow/FlowDeployPage'));
const FlowManagerPage = preloadable(() => import('./pages/flow/FlowManagerPage'));
const FlowFollowPage = preloadable(() => import('./pages/flow/FlowFollowPage'));
const FlowDiagramPage = preloadable(() => import('./pages/flow/FlowDiagramPage'));
const FlowModelDesignPage = preloadable(() => import('./pages/flow/FlowModelDesignPage'));
const WorkListPage = preloadable(() => import('./pages/work/WorkListPage'));
const LeaveFormPage = preloadable(() => import('./pages/work/LeaveFormPage'));
const LeaveTaskPage = preloadable(() => import('./pages/work/LeaveTaskPage'));
const MessageListPage = preloadable(() => import('./pages/message/MessageListPage'));
const GenericProcessFormPage = preloadable(() => import('./pages/work/GenericProcessFormPage'));
const GenericTaskPage = preloadable(() => import('./pages/work/GenericTaskPage'));
const ReviewTaskPage = preloadable(() => import('./pages/work/ReviewTaskPage'));
const ReviewStartPage = preloadable(() => import('./pages/work/ReviewStartPage'));
// A report's viewer: the page the iframe route embeds, without the layout around it.
const ReportViewerPage = lazy(() => import('../resources/report/ReportViewerPage'));

/** 我的事务's lists by address; 请假流程 is the start list narrowed to the leave process. */
const WORK_LISTS = [
  ['/work/process/leave', 'leave'],
  ['/work/start', 'start'],
  ['/work/claim', 'claim'],
  ['/work/todo', 'todo'],
  ['/work/send', 'send'],
  ['/work/done', 'done'],
] as const;

/** The layout's pages that are not resource screens, by address. */
const fixedPages: Record<string, { preload(): Promise<unknown> }> = {
  [siteConfig.homePath]: WelcomePage,
  '/info/index': InfoPage,
  '/wel/dashboard': DashboardPage,
  '/test/index': TestIndexPage,
  '/dict-horizontal/index': DictLayoutPage,
  '/dict-vertical/index': DictLayoutPage,
  '/flow/deploy': FlowDeployPage,
  '/flow/manager': FlowManagerPage,
  '/flow/follow': FlowFollowPage,
  '/flow/diagram': FlowDiagramPage,
  [MESSAGE_LIST_ROUTE]: MessageListPage,
  ...Object.fromEntries(WORK_LISTS.map(([path]) => [path, WorkListPage])),
};

/** How long the first render waits for the data asked for early once the screens' code is in. */
const DATA_WAIT_MS = 300;

/**
 * A signed-in visit needs Refine, the layout and the page: start all three downloads at once instead of each after
 * the previous one has rendered. Visitors without a token (the login page) load none of them. Resolves when the
 * downloads have ended, well or not, and the data asked for at start (`readVisitDataEarly`) has arrived or made them
 * wait DATA_WAIT_MS longer: rendered without it, the whole layout renders again (and the list asks again) once it is in.
 */
export function preloadSignedInScreens(pathname: string, registry: ClientRegistry): Promise<unknown> {
  if (!getToken()) return Promise.resolve();
  const screen = screenRouteOf(pathname, registry.schemas);
  const page = fixedPages[pathname] ?? registry.uis.find((ui) => ui.schema.route === screen);
  return Promise.allSettled([
    RefineShell.preload(),
    AppLayout.preload(),
    pathname.startsWith(IFRAME_ROUTE_PREFIX) ? IframePage.preload() : undefined,
    page?.preload(),
  ]).then(() => earlyReadsSettled(DATA_WAIT_MS));
}

/** What the login page loads while the visitor signs in: the shell, the layout and the home page. */
const prepareSignedIn = () => void Promise.allSettled([RefineShell.preload(), AppLayout.preload(), WelcomePage.preload()]);

const suspended = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

export function AppRoutes() {
  const { uis } = useRegistry();
  return (
    <Routes>
      <Route element={<RouteGuard />}>
        <Route path="/login" element={suspended(<LoginPage prepareSignedIn={prepareSignedIn} />)} />
        <Route path="/403" element={suspended(<ErrorPage status="403" />)} />
        <Route path="/404" element={suspended(<ErrorPage status="404" />)} />
        <Route path="/500" element={suspended(<ErrorPage status="500" />)} />
        <Route path="/" element={<Navigate to="/wel" replace />} />
        <Route path="/wel" element={<Navigate to={siteConfig.homePath} replace />} />
        <Route element={suspended(<RefineShell />)}>
          <Route path="/lock" element={suspended(<LockPage />)} />
          <Route path={REPORT_VIEWER_ROUTE} element={suspended(<ReportViewerPage />)} />
          <Route element={suspended(<AppLayout />)}>
            <Route path={siteConfig.homePath} element={<WelcomePage />} />
            <Route path="/info/index" element={<InfoPage />} />
            <Route path="/wel/dashboard" element={<DashboardPage />} />
            <Route path="/test/index" element={<TestIndexPage />} />
            <Route path="/myiframe/:routerPath" element={<IframePage />} />
            {/* The dictionaries beside (or above) their items: two layouts of the dictionary screen's parts. */}
            <Route path="/dict-horizontal/index" element={<DictLayoutPage direction="horizontal" />} />
            <Route path="/dict-vertical/index" element={<DictLayoutPage direction="vertical" />} />
            <Route path="/flow/deploy" element={<FlowDeployPage />} />
            <Route path="/flow/model/design/:id?" element={<FlowModelDesignPage />} />
            <Route path="/flow/manager" element={<FlowManagerPage />} />
            <Route path="/flow/follow" element={<FlowFollowPage />} />
            <Route path="/flow/diagram" element={<FlowDiagramPage />} />
            <Route path={MESSAGE_LIST_ROUTE} element={<MessageListPage />} />
            {WORK_LISTS.map(([path, kind]) => (
              <Route key={path} path={path} element={<WorkListPage key={kind} kind={kind} />} />
            ))}
            <Route path="/work/process/leave/form/:processDefinitionId" element={<LeaveFormPage />} />
            <Route path="/work/process/leave/handle/:taskId/:processInstanceId/:businessId" element={<LeaveTaskPage key="handle" mode="handle" />} />
            <Route path="/work/process/leave/detail/:processInstanceId/:businessId" element={<LeaveTaskPage key="detail" mode="detail" />} />
            {/* A process without a form of its own (drawn in 模型设计): a title and a reason to start, pass or reject to handle. */}
            <Route path="/work/process/generic/form/:processDefinitionId" element={<GenericProcessFormPage />} />
            <Route path="/work/process/generic/handle/:taskId/:processInstanceId/:businessId?" element={<GenericTaskPage key="handle" mode="handle" />} />
            <Route path="/work/process/generic/detail/:processInstanceId/:businessId?" element={<GenericTaskPage key="detail" mode="detail" />} />
            <Route path="/work/process/review/form/:processDefinitionId" element={<ReviewStartPage />} />
            <Route path="/work/process/review/handle/:taskId/:processInstanceId/:businessId" element={<ReviewTaskPage key="handle" mode="handle" />} />
            <Route path="/work/process/review/detail/:processInstanceId/:businessId" element={<ReviewTaskPage key="detail" mode="detail" />} />
            {uis.map((ui) => (
              // `/x`, `/x/new`, `/x/:id`, `/x/:id/edit`: one screen, the open record read from the path.
              <Route key={ui.schema.name} path={`${ui.schema.route}/*`} element={ui.element} />
            ))}
            <Route path="*" element={<ScreenMissingPage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}
