import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { configureHttp } from '../../providers/http';
import { LOGIN_PATH } from '../router/guard';
import { useFeedback } from './FeedbackProvider';

/** Connects the http layer's error messages and session expiry to antd and the router. */
export function HttpFeedback() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  useEffect(() => {
    configureHttp({
      notifyError: (msg) => void message.error(msg),
      onSessionExpired: () => navigate(LOGIN_PATH, { replace: true }),
    });
  }, [message, navigate]);
  return null;
}
