import type { BaseRecord } from '@refinedev/core';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isTenantExpired } from './expiry';

const now = () => dayjs().format('YYYY-MM-DD HH:mm:ss');

/** An account quota as people read it: `-1` is unlimited. */
export function AccountQuotaCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return <>{value === -1 || value === '' || value === null || value === undefined ? t('tenant.unlimited') : String(value)}</>;
}

/** An expiry as people read it: none is forever; a past one is marked. */
export function ExpiryCell({ value, record }: { value: unknown; record: BaseRecord }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || value === '') return <>{t('tenant.neverExpires')}</>;
  return isTenantExpired(String(record.tenantId ?? ''), value, now()) ? <Tag color="red">{value}</Tag> : <>{value}</>;
}

/** 状态 as sign-in sees it: a recycled tenant, one past its expiry (过期, the server refuses its users), or 正常. */
export function TenantStatusCell({ value, record }: { value: unknown; record: BaseRecord }) {
  const { t } = useTranslation();
  if (Number(value) === 2) return <Tag>{t('tenant.recycled')}</Tag>;
  if (isTenantExpired(String(record.tenantId ?? ''), record.expireTime as string | undefined, now())) {
    return <Tag color="red">{t('tenant.expired')}</Tag>;
  }
  return <Tag color="success">{t('tenant.active')}</Tag>;
}
