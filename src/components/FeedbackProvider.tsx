import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { createContext, useContext, type ReactNode } from 'react';

interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * App-wide toasts (antd message and notification bound to the ConfigProvider's theme and locale). Only these two,
 * not antd's `App` with its modal, so the login page's first load stays small; the signed-in layout adds `App`.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  return (
    <FeedbackContext.Provider value={{ message: messageApi, notification: notificationApi }}>
      {messageHolder}
      {notificationHolder}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback must be used inside <FeedbackProvider>');
  return feedback;
}
