// Must come first: lets antd 5 render under React 19.
import '@ant-design/v5-patch-for-react-19';
import './locales/register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import './styles.css';
import App from './App';
import { cspNonce, nonceInsertedStyles } from './cspNonce';
import { preloadSignedInScreens } from './routes';

nonceInsertedStyles(cspNonce());
preloadSignedInScreens(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
