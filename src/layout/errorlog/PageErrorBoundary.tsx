import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorLogBoundary } from './ErrorLogBoundary';

/** Logs a page's render errors; moving to another page starts with a fresh boundary. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ErrorLogBoundary key={pathname} title={t('errorLog.pageFailed')} retryLabel={t('errorLog.retry')}>
      {children}
    </ErrorLogBoundary>
  );
}
