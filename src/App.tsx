import { BrowserRouter } from 'react-router';
import { HttpFeedback } from './components/HttpFeedback';
import { LocaleConfigProvider } from './components/LocaleConfigProvider';
import { AppRoutes } from './routes';

export default function App() {
  return (
    <BrowserRouter>
      <LocaleConfigProvider>
        <HttpFeedback />
        <AppRoutes />
      </LocaleConfigProvider>
    </BrowserRouter>
  );
}
