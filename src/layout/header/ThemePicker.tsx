import { Button, Popover } from 'antd';
import { SkinOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setThemeName, useThemeSettings } from '../theme/themeStore';
import { THEME_NAMES, themePreviewOf } from '../theme/themes';

/** The 11 themes as thumbnails (sidebar and header colours); the pick is applied at once and kept. */
export function ThemePicker() {
  const { t } = useTranslation();
  const { themeName } = useThemeSettings();
  const grid = (
    <div className="theme-picker__grid" role="group" aria-label={t('tools.theme')}>
      {THEME_NAMES.map((name) => {
        const preview = themePreviewOf(name);
        return (
          <button
            key={name}
            type="button"
            className="theme-picker__item"
            aria-pressed={name === themeName}
            onClick={() => setThemeName(name)}
          >
            <span className="theme-picker__preview">
              <span className="theme-picker__preview-sider" style={{ background: preview.sider }} />
              <span className="theme-picker__preview-main">
                <span className="theme-picker__preview-header" style={{ background: preview.header }} />
              </span>
            </span>
            <span>{t(`tools.themes.${name}`)}</span>
          </button>
        );
      })}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('tools.theme')} content={grid}>
      <Button type="text" icon={<SkinOutlined />} aria-label={t('tools.theme')} title={t('tools.theme')} />
    </Popover>
  );
}
