import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when the figures could not be loaded (the http layer already said why); offers another try. */
export function FiguresLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      message={t('figures.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('figures.retry')}
        </Button>
      }
    />
  );
}
