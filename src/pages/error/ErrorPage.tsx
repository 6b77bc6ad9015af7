import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export type ErrorStatus = '403' | '404' | '500';

/** The fixed error pages of spec §2, each with a way back home. */
export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="error-page">
      <Result
        status={status}
        title={t(`error.${status}.title`)}
        subTitle={t(`error.${status}.subtitle`)}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('error.backHome')}
          </Button>
        }
      />
    </div>
  );
}
