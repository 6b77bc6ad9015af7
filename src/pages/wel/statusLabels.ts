import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusCount } from '../../../resources/wire';

/**
 * The label of a dictionary value on the dashboard. In Chinese the dictionary's own text is shown (administrators
 * may have renamed it); in English the translated seed label, else the dictionary text; an unset value reads "未设置".
 */
export function useStatusLabel() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (dictCode: string, key: string | null, label: string | null) => {
      if (key === null || key === '') return t('figures.unset');
      if (i18n.language === 'zh' && label) return label;
      return t(`figures.dict.${dictCode}.${key}`, { defaultValue: label ?? key });
    },
    [t, i18n.language],
  );
}

/** Chart data of a status breakdown, labelled in the current language. */
export function useStatusData() {
  const statusLabel = useStatusLabel();
  return useCallback(
    (dictCode: string, counts: readonly StatusCount[]) =>
      counts.map((entry) => ({ label: statusLabel(dictCode, entry.key, entry.label), value: entry.count })),
    [statusLabel],
  );
}

/** `2024-05-31` → `05-31`: the day axis only needs month and day. */
export const shortDay = (date: string) => date.slice(5);
