import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { screenRouteOf } from '../../../resources/routing';
import { useRegistry } from '../../registry';
import { ErrorLogBoundary } from './ErrorLogBoundary';

/**
 * Logs a page's render errors; moving to another page starts with a fresh boundary. A screen's form routes
 * (`/x/new`, `/x/:id/edit`) are the same page as its list: keyed by the list route, opening a form keeps the list's
 * state (open tree nodes, selection).
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { schemas } = useRegistry();
  return (
    <ErrorLogBoundary key={screenRouteOf(pathname, schemas)} title={t('errorLog.pageFailed')} retryLabel={t('errorLog.retry')}>
      {children}
    </ErrorLogBoundary>
  );
}
