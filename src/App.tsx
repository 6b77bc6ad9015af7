import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { BrowserRouter } from 'react-router';
import { createAccessControlProvider } from '../providers/access';
import { authProvider } from '../providers/auth';
import { createDataProvider } from '../providers/data';
import { i18nProvider } from '../providers/i18n';
import { refineResources } from '../resources';
import { resourceSchemas } from '../resources/schemas';
import { HttpFeedback } from './components/HttpFeedback';
import { LocaleConfigProvider } from './components/LocaleConfigProvider';
import { useAntdNotificationProvider } from './components/useAntdNotificationProvider';
import { AppRoutes } from './routes';

const dataProvider = createDataProvider(resourceSchemas);
const accessControlProvider = createAccessControlProvider(resourceSchemas);

export default function App() {
  return (
    <BrowserRouter>
      <LocaleConfigProvider>
        <Refine
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={i18nProvider}
          routerProvider={routerProvider}
          notificationProvider={useAntdNotificationProvider}
          resources={refineResources}
          options={{ syncWithLocation: false, warnWhenUnsavedChanges: false, disableTelemetry: true }}
        >
          <HttpFeedback />
          <AppRoutes />
        </Refine>
      </LocaleConfigProvider>
    </BrowserRouter>
  );
}
