import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loginAddressReturningHere } from '../../providers/auth';
import { configureHttp } from '../../providers/http';
import { useFeedback } from './FeedbackProvider';

/** Connects the http layer's error messages and session expiry to antd and the router. */
export function HttpFeedback() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  useEffect(() => {
    configureHttp({
      notifyError: (msg) => void message.error(msg),
      // Back to the same address after logging in again, where an open form finds what was typed.
      onSessionExpired: () => navigate(loginAddressReturningHere(), { replace: true }),
    });
  }, [message, navigate]);
  return null;
}
