import { Refine } from '@refinedev/core';
import { useMemo } from 'react';
import { Outlet } from 'react-router';
import { createAccessControlProvider } from '../providers/access';
import { authProvider } from '../providers/auth';
import { createDataProvider } from '../providers/data';
import { i18nProvider } from '../providers/i18n';
import { useAntdNotificationProvider } from './components/useAntdNotificationProvider';
import { useRegistry } from './registry';
import { bladeRouterProvider } from './router/routerProvider';

/**
 * Refine and its providers around the signed-in screens. Loaded lazily: the login page works without it, so its
 * first load carries neither Refine nor its query and routing libraries.
 */
export default function RefineShell() {
  const { schemas, refineResources } = useRegistry();
  const dataProvider = useMemo(() => createDataProvider(schemas), [schemas]);
  const accessControlProvider = useMemo(() => createAccessControlProvider(schemas), [schemas]);
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      routerProvider={bladeRouterProvider}
      notificationProvider={useAntdNotificationProvider}
      resources={refineResources}
      options={{ syncWithLocation: false, warnWhenUnsavedChanges: false, disableTelemetry: true }}
    >
      <Outlet />
    </Refine>
  );
}
