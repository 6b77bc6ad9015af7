import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { i18nProvider, LANGUAGES } from '../../providers/i18n';

/**
 * Switches between zh and en, showing the language it switches to. A plain button rather than a dropdown keeps
 * the menu components out of the login page's first load. The choice is stored by the i18n provider.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  // i18next directly (not refine's locale hooks): the switch is also on the login page, which loads no refine.
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const changeLocale = (language: string) => i18nProvider.changeLocale(language);
  const next = LANGUAGES.find((language) => language !== locale) ?? LANGUAGES[0];
  return (
    <Button type="text" className={className} icon={<TranslationOutlined />} title={t('layout.language')} onClick={() => changeLocale(next)}>
      {t(`language.${next}`)}
    </Button>
  );
}
