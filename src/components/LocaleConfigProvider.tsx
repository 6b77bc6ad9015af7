import { ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocaleOf } from '../../providers/i18n';
import { cspNonce } from '../cspNonce';
import { useThemeSettings } from '../layout/theme/themeStore';
import { usePrefersReducedMotion } from '../layout/theme/reducedMotion';
import { antdThemeOf } from '../layout/theme/themes';
import { FeedbackProvider } from './FeedbackProvider';

// Only when the server gave a nonce (not in development or tests, where no CSP applies).
const nonce = cspNonce();
const csp = nonce ? { nonce } : undefined;

/** The document's language tag for each interface language: screen readers pick their voice by it. */
const HTML_LANGS: Record<string, string> = { zh: 'zh-CN', en: 'en' };

/**
 * antd (and `<html lang>`) follows the i18n language (component texts, date pickers), the picked theme and primary colour
 * and the system's reduced-motion setting; toasts share its theme and locale.
 */
export function LocaleConfigProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { themeName, colorName } = useThemeSettings();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => {
    const picked = antdThemeOf(themeName, colorName);
    return reducedMotion ? { ...picked, token: { ...picked.token, motion: false } } : picked;
  }, [themeName, colorName, reducedMotion]);
  useEffect(() => {
    document.documentElement.lang = HTML_LANGS[i18n.language] ?? HTML_LANGS.zh;
  }, [i18n.language]);
  return (
    <ConfigProvider
      locale={antdLocaleOf(i18n.language)}
      theme={theme}
      csp={csp}
      // Buttons read exactly as their labels (确定, not 确 定).
      button={{ autoInsertSpace: false }}
    >
      <FeedbackProvider>{children}</FeedbackProvider>
    </ConfigProvider>
  );
}
