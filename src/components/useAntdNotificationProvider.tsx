import type { NotificationProvider } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './FeedbackProvider';

/**
 * Refine's notifications shown by antd's `notification` (the FeedbackProvider's instance, so theme and locale apply).
 * Written here rather than taken from @refinedev/antd so the login page's first load does not carry that package.
 */
export function useAntdNotificationProvider(): NotificationProvider {
  const { notification } = useFeedback();
  const { t } = useTranslation();
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === 'progress') {
        notification.info({
          key,
          message,
          description,
          duration: undoableTimeout,
          btn: (
            <Button
              size="small"
              onClick={() => {
                cancelMutation?.();
                if (key) notification.destroy(key);
              }}
            >
              {t('buttons.undo')}
            </Button>
          ),
        });
        return;
      }
      notification[type]({ key, message, description });
    },
    close: (key) => notification.destroy(key),
  };
}
