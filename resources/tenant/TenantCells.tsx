import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** An account quota as people read it: `-1` is unlimited. */
export function AccountQuotaCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return <>{value === -1 || value === '' || value === null || value === undefined ? t('tenant.unlimited') : String(value)}</>;
}

/** An expiry as people read it: none is forever; a past one is marked. */
export function ExpiryCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || value === '') return <>{t('tenant.neverExpires')}</>;
  const expired = value < new Date().toISOString().replace('T', ' ').slice(0, 19);
  return expired ? <Tag color="red">{value}</Tag> : <>{value}</>;
}
