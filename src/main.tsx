// First: asks for the visit's data before the rest of the code runs.
import './readVisitEarly';
// Before antd renders: lets antd 5 render under React 19.
import '@ant-design/v5-patch-for-react-19';
import './locales/register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { registerSchemaMessages } from '../providers/i18n';
import { clientRegistryOf } from '../resources';
import { registry } from '../resources/schemas';
import App from './App';
import { cspNonce, nonceInsertedStyles } from './cspNonce';
import { RegistryProvider } from './registry';
import { preloadSignedInScreens } from './routes';

nonceInsertedStyles(cspNonce());

// The app's root is the one place that knows the registry: every screen below gets it from the RegistryProvider.
const clientRegistry = clientRegistryOf(registry);
registerSchemaMessages(registry.schemas);

/** How long a signed-in visit waits for its screens' code before showing the loading page instead. */
const PRELOAD_WAIT_MS = 1500;

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RegistryProvider registry={clientRegistry}>
        <App />
      </RegistryProvider>
    </StrictMode>,
  );

// The first render waits for the screens a signed-in visit shows: rendered earlier, they would suspend, and React
// reveals suspended content only in 300 ms steps after the loading page has appeared.
void Promise.race([
  preloadSignedInScreens(window.location.pathname, clientRegistry),
  new Promise((resolve) => setTimeout(resolve, PRELOAD_WAIT_MS)),
]).then(render);
