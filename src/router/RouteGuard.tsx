import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { clearSession, storeKeys } from '../../providers/session';
import { getStore, getToken } from '../../providers/storage';
import { useRegistry } from '../registry';
import { decideNavigation, LOGIN_PATH } from './guard';
import { pageTitleKeyOf } from './pageTitles';
import { RouteProgress } from './RouteProgress';

function LocalLogout() {
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    void navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
  return null;
}

/**
 * Applies the navigation guard on every route change (token and lock flag are read fresh each time) and titles the
 * window after the page it leads to. The title is set before any redirect, so it never lags behind the address while
 * the next page's code is still loading; pages inside the layout are titled by their tab.
 */
export function RouteGuard() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { schemas } = useRegistry();
  const locked = getStore<boolean>({ name: storeKeys.isLock }) === true;
  const decision = decideNavigation(pathname, getToken(), locked);
  const destination =
    decision.kind === 'redirect' ? decision.to : decision.kind === 'localLogout' ? LOGIN_PATH : pathname;

  useLayoutEffect(() => {
    const titleKey = pageTitleKeyOf(destination, schemas);
    if (titleKey) document.title = t(titleKey);
  }, [destination, schemas, t, i18n.language]);

  if (decision.kind === 'localLogout') return <LocalLogout />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return (
    <>
      <RouteProgress />
      <Outlet />
    </>
  );
}
