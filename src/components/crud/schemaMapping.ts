import type { CrudFilters } from '@refinedev/core';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { FieldSchema, LocalizedText, ResourceSchema } from '../../../resources/types';

/** What a schema-driven screen needs from i18n; keeps this module free of React. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldOption {
  value: string | number;
  label: string;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const fieldLabelKey = (schema: ResourceSchema, field: FieldSchema) => `${schema.name}.fields.${field.name}`;

export const listFieldsOf = (schema: ResourceSchema) => schema.fields.filter((f) => f.list !== false);

export const formFieldsOf = (schema: ResourceSchema) => schema.fields.filter((f) => f.form !== false && !f.readOnly);

export const searchFieldsOf = (schema: ResourceSchema) => schema.fields.filter((f) => f.search !== undefined);

export const isChoiceField = (field: FieldSchema) => field.dict !== undefined || field.options !== undefined;

export const isDateField = (field: FieldSchema) => field.type === 'date' || field.type === 'datetime';

/** Form validation of one field: the schema's exact required message, checked on blur and change; max length. */
export function formRulesOf(field: FieldSchema, label: string, t: Translate): Rule[] {
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: field.required });
  if (field.maxLength !== undefined) {
    rules.push({ type: 'string', max: field.maxLength, message: t('crud.maxLength', { label, max: field.maxLength }) });
  }
  return rules;
}

export const FORM_VALIDATE_TRIGGER = ['onBlur', 'onChange'];

export function localizedOptions(
  options: readonly { value: string | number; label: LocalizedText }[],
  language: string,
): FieldOption[] {
  const lang = language === 'en' ? 'en' : 'zh';
  return options.map((o) => ({ value: o.value, label: o.label[lang] }));
}

/** The label of a stored value among the options; dictionary keys are strings while values may be numbers. */
export function optionLabelOf(options: readonly FieldOption[], value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return options.find((o) => String(o.value) === String(value))?.label;
}

type SearchValue = string | number | [Dayjs | null, Dayjs | null] | null | undefined;

function isBlank(value: unknown) {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Search form values → Refine filters: like → contains, equal → eq, dateRange → between [start of first day,
 * end of last day] (the data provider sends it as `<field>_dategt` / `<field>_datelt`). Blank values give
 * `undefined`, which Refine drops, so clearing the form clears the filters.
 */
export function searchFilters(schema: ResourceSchema, values: Record<string, SearchValue>): CrudFilters {
  const filters: CrudFilters = [];
  for (const field of searchFieldsOf(schema)) {
    const value = values[field.name];
    if (field.search === 'dateRange') {
      const [start, end] = Array.isArray(value) ? value : [null, null];
      filters.push({
        field: field.name,
        operator: 'between',
        value: start && end ? [start.startOf('day').format(DATETIME_FORMAT), end.endOf('day').format(DATETIME_FORMAT)] : undefined,
      });
    } else {
      const operator = field.search === 'like' ? 'contains' : 'eq';
      const trimmed = typeof value === 'string' ? value.trim() : value;
      filters.push({ field: field.name, operator, value: isBlank(trimmed) ? undefined : trimmed });
    }
  }
  return filters;
}
