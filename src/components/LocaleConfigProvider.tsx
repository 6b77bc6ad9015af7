import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../../providers/i18n';
import { siteConfig } from '../../providers/config';
import { FeedbackProvider } from './FeedbackProvider';

/** antd follows the i18n language (component texts, date pickers); toasts share its theme and locale. */
export function LocaleConfigProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={antdLocaleOf(i18n.language)}
      theme={{ token: { colorPrimary: siteConfig.defaultColor, borderRadius: 4 } }}
      // Buttons read exactly as their labels (确定, not 确 定).
      button={{ autoInsertSpace: false }}
    >
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}
