import { BrowserRouter } from 'react-router';
import { HttpFeedback } from './components/HttpFeedback';
import { LocaleConfigProvider } from './components/LocaleConfigProvider';
import { AppRoutes } from './routes';

export default function App() {
  return (
    // Navigation is not a transition: otherwise the address already names the next screen while the previous one stays
    // shown and clickable until the next has rendered, and a quick click there acts on the wrong screen.
    <BrowserRouter useTransitions={false}>
      <LocaleConfigProvider>
        <HttpFeedback />
        <AppRoutes />
      </LocaleConfigProvider>
    </BrowserRouter>
  );
}
