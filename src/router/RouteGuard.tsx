import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { clearSession } from '../../providers/session';
import { getToken } from '../../providers/storage';
import { decideNavigation, LOGIN_PATH } from './guard';

function LocalLogout() {
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    navigate(LOGIN_PATH, { replace: true });
  }, [navigate]);
  return null;
}

/** Applies the navigation guard on every route change; the token is read fresh each time. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const decision = decideNavigation(pathname, getToken());
  if (decision.kind === 'localLogout') return <LocalLogout />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
