import { Button, Popover } from 'antd';
import { BgColorsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setColorName, useThemeSettings } from '../theme/themeStore';
import { PRIMARY_COLORS } from '../theme/themes';

/** Swatches for antd's primary colour (default #409EFF); the pick is applied at once and kept. */
export function ColorPicker() {
  const { t } = useTranslation();
  const { colorName } = useThemeSettings();
  const swatches = (
    <div className="color-picker__swatches" role="group" aria-label={t('tools.color')}>
      {PRIMARY_COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className="color-picker__swatch"
          style={{ background: color }}
          aria-label={color}
          title={color}
          aria-pressed={color.toLowerCase() === colorName.toLowerCase()}
          onClick={() => setColorName(color)}
        />
      ))}
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('tools.color')} content={swatches}>
      <Button type="text" icon={<BgColorsOutlined />} aria-label={t('tools.color')} title={t('tools.color')} />
    </Popover>
  );
}
