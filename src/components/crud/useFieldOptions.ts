import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../providers/http';
import type { FieldSchema } from '../../../resources/types';
import { localizedOptions, type FieldOption } from './schemaMapping';

interface DictItem {
  dictKey: string;
  dictValue: string;
}

// One request per dictionary per screen visit; every table and form that shows it shares the answer.
const dictionaryCache = new Map<string, Promise<FieldOption[]>>();

function loadDictionary(code: string, biz: boolean): Promise<FieldOption[]> {
  const url = biz ? '/api/blade-system/dict-biz/dictionary' : '/api/blade-system/dict/dictionary';
  const cacheKey = `${url}?code=${code}`;
  let pending = dictionaryCache.get(cacheKey);
  if (!pending) {
    pending = http
      .get(url, { params: { code } })
      .then((res) => ((res.data.data ?? []) as DictItem[]).map((d) => ({ value: d.dictKey, label: d.dictValue })));
    // A failed load is not cached, so the next screen tries again.
    pending.catch(() => dictionaryCache.delete(cacheKey));
    dictionaryCache.set(cacheKey, pending);
  }
  return pending;
}

/** Forgets the loaded dictionaries, so an item edited in 字典管理 shows in the next screen opened. */
export function forgetDictionaries() {
  dictionaryCache.clear();
}

/** The choices of a field: its dictionary (loaded once) or its fixed options in the current language. */
export function useFieldOptions(field: FieldSchema): FieldOption[] {
  const { i18n } = useTranslation();
  const [dictOptions, setDictOptions] = useState<FieldOption[]>([]);
  const dictCode = field.dict?.code;
  const dictBiz = field.dict?.biz ?? false;

  useEffect(() => {
    if (!dictCode) return;
    let active = true;
    loadDictionary(dictCode, dictBiz).then(
      (options) => active && setDictOptions(options),
      () => undefined, // the http layer already told the user
    );
    return () => {
      active = false;
    };
  }, [dictCode, dictBiz]);

  if (field.options) return localizedOptions(field.options, i18n.language);
  // Dictionary keys are strings; an int field stores numbers, so its options must be numbers to match its value.
  if (field.type === 'int' || field.type === 'number') return dictOptions.map((option) => ({ ...option, value: Number(option.value) }));
  return dictOptions;
}
