import { useList } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../../providers/data';
import type { FieldSchema } from '../../../resources/types';
import { useRegistry } from '../../registry';
import { localizedOptions, type FieldOption } from './schemaMapping';

interface DictItem {
  dictKey: string;
  dictValue: string;
}

/** The Refine resources whose screens write system and business dictionaries. */
export const DICTIONARY_RESOURCES = { system: 'dict', biz: 'dictbiz' } as const;

/**
 * The items of one dictionary, read as a list of its dictionary resource (`dictionary?code=`). Every table and form
 * showing it shares one query; a write on the dictionary screens invalidates that resource's lists (Refine does so
 * after every create, update and delete), so every select shows the change at once, without a reload.
 */
function useDictionary(code: string | undefined, biz: boolean) {
  const meta: BladeMeta = { endpoints: { list: 'dictionary' }, query: { code: code ?? '' } };
  const { result } = useList<DictItem>({
    resource: biz ? DICTIONARY_RESOURCES.biz : DICTIONARY_RESOURCES.system,
    pagination: { mode: 'off' },
    meta,
    // The http layer already told the user about a failure.
    errorNotification: false,
    queryOptions: { enabled: !!code, staleTime: Infinity },
  });
  return code ? (result?.data ?? []) : [];
}

/**
 * The choices of a field: its dictionary (loaded once, fresh after every dictionary write; the product's own labels
 * in the reader's language) or its fixed options.
 */
export function useFieldOptions(field: FieldSchema): FieldOption[] {
  const { i18n } = useTranslation();
  const { dictLabelIn } = useRegistry();
  const items = useDictionary(field.dict?.code, field.dict?.biz ?? false);
  if (field.options) return localizedOptions(field.options, i18n.language);
  const code = field.dict?.code ?? '';
  const options = items.map((item) => ({ value: item.dictKey, label: dictLabelIn(i18n.language, code, item.dictKey, item.dictValue) }));
  // Dictionary keys are strings; an int field stores numbers, so its options must be numbers to match its value.
  if (field.type === 'int' || field.type === 'number') return options.map((option) => ({ ...option, value: Number(option.value) }));
  return options;
}
