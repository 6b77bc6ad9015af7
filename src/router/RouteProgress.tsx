import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { finishProgress, startProgress } from '../../providers/progress';
import { PageLoading } from '../components/PageLoading';

/** How long the bar shows for a page whose code is already loaded. */
const ROUTE_PROGRESS_MS = 200;

/** Runs the page progress bar briefly on every route change (requests run it through the http layer). */
export function RouteProgress() {
  const { pathname } = useLocation();
  useEffect(() => {
    startProgress();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      finishProgress();
    };
    const timer = setTimeout(finish, ROUTE_PROGRESS_MS);
    return () => {
      clearTimeout(timer);
      finish();
    };
  }, [pathname]);
  return null;
}

/** Suspense fallback that keeps the progress bar running while a page's code loads. */
export function LoadingWithProgress() {
  useEffect(() => {
    startProgress();
    return finishProgress;
  }, []);
  return <PageLoading />;
}
