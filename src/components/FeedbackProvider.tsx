import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, useContext, type ReactNode } from 'react';

interface Feedback {
  message: MessageInstance;
}

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * Where every toast of the app shows (this provider's and the signed-in layout's antd `App`, Refine's notifications
 * included): top centre, below the header and below a drawer's or dialog's title bar, so none covers a title.
 */
export const TOAST_CONFIG = { top: 64 } as const;

/**
 * App-wide toasts (antd message bound to the ConfigProvider's theme and locale). Only this, not antd's `App` with
 * its modal, so the login page's first load stays small; the signed-in layout adds `App` with the same placement.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage(TOAST_CONFIG);
  return (
    <FeedbackContext.Provider value={{ message: messageApi }}>
      {messageHolder}
      {children}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback must be used inside <FeedbackProvider>');
  return feedback;
}
