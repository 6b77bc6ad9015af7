import { useGetLocale, useSetLocale } from '@refinedev/core';
import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../providers/i18n';

/** zh / en switch; the choice is stored by the i18n provider and survives reloads. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useGetLocale()();
  const changeLocale = useSetLocale();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) })),
        onClick: ({ key }) => changeLocale(key),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('layout.language')}>
        {t(`language.${locale}`)}
      </Button>
    </Dropdown>
  );
}
