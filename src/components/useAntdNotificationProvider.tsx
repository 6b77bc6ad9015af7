import type { NotificationProvider } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from './FeedbackProvider';

/**
 * Refine's notifications shown as the app's other toasts (the FeedbackProvider's antd `message`, so they appear in one
 * place with theme and locale applied). Written here rather than taken from @refinedev/antd so the login page's first
 * load does not carry that package.
 */
export function useAntdNotificationProvider(): NotificationProvider {
  const { message } = useFeedback();
  const { t } = useTranslation();
  return {
    open: ({ key, message: text, description, type, cancelMutation, undoableTimeout }) => {
      const content = description ? `${text}: ${description}` : text;
      if (type === 'progress') {
        void message.open({
          key,
          type: 'info',
          duration: undoableTimeout,
          content: (
            <span>
              {content}{' '}
              <Button
                size="small"
                onClick={() => {
                  cancelMutation?.();
                  if (key) message.destroy(key);
                }}
              >
                {t('buttons.undo')}
              </Button>
            </span>
          ),
        });
        return;
      }
      void message.open({ key, type, content });
    },
    close: (key) => message.destroy(key),
  };
}
