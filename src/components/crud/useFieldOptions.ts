import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../providers/http';
import type { FieldSchema } from '../../../resources/types';
import { localizedOptions, type FieldOption } from './schemaMapping';

interface DictItem {
  dictKey: string;
  dictValue: string;
}

// One request per dictionary for the whole session; every table and form that shows it shares the answer.
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
  return dictOptions;
}
