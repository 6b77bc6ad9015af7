import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../providers/session';
import { getToken } from '../../providers/storage';
import { resourceSchemas } from '../../resources/schemas';
import { decideNavigation, LOGIN_PATH } from './guard';
import { pageTitleKeyOf } from './pageTitles';

function LocalLogout() {
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
  return null;
}

/**
 * Applies the navigation guard on every route change (the token is read fresh each time) and titles the window
 * after the page it leads to. The title is set before any redirect, so it never lags behind the address while the
 * next page's code is still loading.
 */
export function RouteGuard() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const decision = decideNavigation(pathname, getToken());
  const destination =
    decision.kind === 'redirect' ? decision.to : decision.kind === 'localLogout' ? LOGIN_PATH : pathname;

  useLayoutEffect(() => {
    const titleKey = pageTitleKeyOf(destination, resourceSchemas);
    if (titleKey) document.title = t(titleKey);
  }, [destination, t, i18n.language]);

  if (decision.kind === 'localLogout') return <LocalLogout />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
