import { useGetLocale, useSetLocale } from '@refinedev/core';
import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../providers/i18n';

/**
 * Switches between zh and en, showing the language it switches to. A plain button rather than a dropdown keeps
 * the menu components out of the login page's first load. The choice is stored by the i18n provider.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const locale = useGetLocale()();
  const changeLocale = useSetLocale();
  const next = LANGUAGES.find((language) => language !== locale) ?? LANGUAGES[0];
  return (
    <Button type="text" className={className} icon={<TranslationOutlined />} title={t('layout.language')} onClick={() => changeLocale(next)}>
      {t(`language.${next}`)}
    </Button>
  );
}
