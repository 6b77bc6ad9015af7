import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './reviewMessages';

/**
 * 发起事务's form of the review process: a review is about one case or script, so it starts from that item's 送审;
 * this page says so and leads there.
 */
export default function ReviewStartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={t('work.review.startHint')}
      extra={[
        <Button key="cases" type="primary" onClick={() => void navigate('/test/testcase')}>
          {t('work.review.openCases')}
        </Button>,
        <Button key="scripts" onClick={() => void navigate('/test/testscript')}>
          {t('work.review.openScripts')}
        </Button>,
      ]}
    />
  );
}
