import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusCount } from '../../../resources/wire';
import { useRegistry } from '../../registry';

/**
 * The label of a dictionary value on the dashboard: the dictionary's text, the product's own labels in the reader's
 * language (as every dictionary select and tag); an unset value reads "未设置", an item no longer in the dictionary
 * its key.
 */
export function useStatusLabel() {
  const { t, i18n } = useTranslation();
  const { dictLabelIn } = useRegistry();
  return useCallback(
    (dictCode: string, key: string | null, label: string | null) => {
      if (key === null || key === '') return t('figures.unset');
      return label ? dictLabelIn(i18n.language, dictCode, key, label) : key;
    },
    [t, i18n.language, dictLabelIn],
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
