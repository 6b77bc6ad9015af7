import type { CrudFilters } from '@refinedev/core';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import type { FieldSchema, FormMode, LocalizedText, ResourceSchema, SectionSchema } from '../../../resources/types';
import { hasPrefix, isBefore, isCode, isBlank, isEmail, isIp, phoneProblem, ruleMessages } from '../../../resources/validation';

/** What a schema-driven screen needs from i18n; keeps this module free of React. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldOption {
  value: string | number;
  label: string;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const fieldLabelKey = (schema: Pick<ResourceSchema, 'name'>, field: FieldSchema) => `${schema.name}.fields.${field.name}`;
export const sectionLabelKey = (schema: ResourceSchema, section: SectionSchema) => `${schema.name}.sections.${section.key}`;
export const operationLabelKey = (schema: ResourceSchema, alias: string) => `${schema.name}.operations.${alias}`;

export const listFieldsOf = (schema: ResourceSchema) => schema.fields.filter((f) => f.list !== false && !f.writeOnly);

/** The default first section of a form without declared sections. */
export const BASIC_SECTION: SectionSchema = { key: 'basic', label: { zh: '基本信息', en: 'Basic info' } };

export const sectionsOf = (schema: ResourceSchema, mode: FormMode) =>
  (schema.sections ?? [BASIC_SECTION]).filter((section) => !section.hiddenOn?.includes(mode));

const sectionOfField = (schema: ResourceSchema, field: FieldSchema) => field.section ?? (schema.sections ?? [BASIC_SECTION])[0].key;

/**
 * The fields a form shows in `mode` and `section`: editable fields, and on edit and view the server-maintained ones
 * (run status, duration) as text. Derived labels (`projectName`) never appear: their ref field shows them.
 */
export function formFieldsOf(schema: ResourceSchema, mode: FormMode, section?: string): FieldSchema[] {
  // Read-only copies a pick fills in (a script's path) show on add too: the user sees what the pick brings.
  const filled = new Set(schema.fields.flatMap((field) => Object.keys(field.ref?.fill ?? {})));
  return schema.fields.filter((field) => {
    if (field.form === false || (field.virtual && !field.writeOnly) || field.hiddenOn?.includes(mode)) return false;
    // Write-only values are never read back: nothing to view. A stored one (a secret) may be replaced on edit; a
    // confirmation (virtual) only goes with the value it confirms.
    if (field.writeOnly && (mode === 'view' || (mode === 'edit' && field.virtual))) return false;
    if (field.readOnly && mode === 'create' && !filled.has(field.name)) return false;
    return section === undefined || sectionOfField(schema, field) === section;
  });
}

export const searchFieldsOf = (schema: ResourceSchema) => schema.fields.filter((f) => f.search !== undefined);

export const isChoiceField = (field: FieldSchema) => field.dict !== undefined || field.options !== undefined;

export const isDateField = (field: FieldSchema) => field.type === 'date' || field.type === 'datetime';

export const isNumericField = (field: FieldSchema) => field.type === 'int' || field.type === 'number';

/** The value of a field as a person reads it: dictionary/ref labels the server joined, `-1` ("not yet") as empty. */
export function displayValueOf(field: FieldSchema, record: Record<string, unknown> | undefined, value: unknown): unknown {
  const joined = field.ref?.as ?? field.treePath?.as ?? field.dict?.as;
  if (joined && record && record[joined] !== undefined && record[joined] !== '') return record[joined];
  if (!isChoiceField(field) && isUnsetNumber(field, value)) return '';
  return value;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/**
 * Form validation of one field, compiled from the same vocabulary as the server's zod (same messages): required
 * (or required-when), max length, not blank, IP, e-mail, phone, not before another field.
 */
export function formRulesOf(field: FieldSchema, siblings: readonly FieldSchema[], editing = false): Rule[] {
  const rules: Rule[] = [];
  const when = field.rules?.requiredWhen;
  // A stored secret left empty on edit is kept (the server agrees): required only where there is none yet.
  const required = field.writeOnly && editing ? undefined : field.required;
  if (required && !when) rules.push({ required: true, message: required });
  if (required && when) {
    rules.push(({ getFieldValue }) => ({
      validator: async (_, value) => {
        const applies = String(getFieldValue(when.field) ?? '') === String(when.equals);
        if (applies && (value === undefined || value === null || value === '')) throw new Error(field.required);
      },
    }));
  }
  if (field.maxLength !== undefined) rules.push({ type: 'string', max: field.maxLength, message: ruleMessages.maxLength(field, field.maxLength) });
  const check = (test: (value: string) => boolean, message: string): Rule => ({
    validator: async (_, value) => {
      if (text(value) !== '' && !test(text(value))) throw new Error(message);
    },
  });
  if (field.rules?.notBlank) rules.push({ validator: async (_, value) => { if (text(value) !== '' && isBlank(text(value))) throw new Error(ruleMessages.notBlank(field)); } });
  if (field.rules?.ip) rules.push(check(isIp, ruleMessages.ip(field)));
  if (field.rules?.email) rules.push(check(isEmail, ruleMessages.email(field)));
  if (field.rules?.code) rules.push(check((value) => isBlank(value) || isCode(value), ruleMessages.code(field)));
  const prefixes = field.rules?.prefix;
  if (prefixes) rules.push(check((value) => hasPrefix(value, prefixes), ruleMessages.prefix(field, prefixes)));
  if (field.rules?.phone) {
    rules.push({ validator: async (_, value) => { const problem = text(value) === '' ? undefined : phoneProblem(text(value)); if (problem) throw new Error(problem); } });
  }
  const same = field.rules?.sameAs;
  if (same) {
    rules.push(({ getFieldValue }) => ({
      validator: async (_, value) => {
        if (text(value) !== '' && text(value) !== text(getFieldValue(same.field))) throw new Error(same.message);
      },
    }));
  }
  const other = siblings.find((candidate) => candidate.name === field.rules?.notBefore);
  if (other) {
    rules.push(({ getFieldValue }) => ({
      validator: async (_, value) => {
        if (isBefore(text(value), text(getFieldValue(other.name)))) throw new Error(ruleMessages.notBefore(field, other));
      },
    }));
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

/** A number the server sends as `-1` is unset (Blade's null), unless the field's choices include -1. */
export function isUnsetNumber(field: FieldSchema, value: unknown, options: readonly FieldOption[] = []): boolean {
  return isNumericField(field) && value === -1 && !options.some((option) => String(option.value) === '-1');
}

/** The label of a stored value among the options; dictionary keys are strings while values may be numbers. */
export function optionLabelOf(options: readonly FieldOption[], value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return options.find((o) => String(o.value) === String(value))?.label;
}

type SearchValue = string | number | string[] | [Dayjs | null, Dayjs | null] | null | undefined;

function isEmptyValue(value: unknown) {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/**
 * Search form values → Refine filters: like → contains, equal → eq, tree → startswith (a module and everything below
 * it), dateRange → between [start of first day, end of last day]. Blank values give `undefined`, which Refine drops,
 * so clearing the form clears the filters.
 */
export function searchFilters(schema: ResourceSchema, values: Record<string, SearchValue>): CrudFilters {
  const filters: CrudFilters = [];
  for (const field of searchFieldsOf(schema)) {
    const value = values[field.name];
    if (field.search === 'dateRange') {
      const [start, end] = Array.isArray(value) ? (value as [Dayjs | null, Dayjs | null]) : [null, null];
      filters.push({
        field: field.name,
        operator: 'between',
        value: start && end ? [start.startOf('day').format(DATETIME_FORMAT), end.endOf('day').format(DATETIME_FORMAT)] : undefined,
      });
    } else if (field.search === 'tree') {
      filters.push({ field: field.name, operator: 'startswith', value: isEmptyValue(value) ? undefined : (value as string[]).join(',') });
    } else {
      const operator = field.search === 'like' ? 'contains' : 'eq';
      const trimmed = typeof value === 'string' ? value.trim() : value;
      filters.push({ field: field.name, operator, value: isEmptyValue(trimmed) ? undefined : trimmed });
    }
  }
  return filters;
}

/** Filters from the URL → the search form's values, so a reload or a pasted link shows what the list is filtered by. */
export function searchValuesOf(
  schema: ResourceSchema,
  filters: CrudFilters,
  toDate: (text: string) => Dayjs,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    const field = schema.fields.find((candidate) => candidate.name === filter.field);
    if (!field?.search || filter.value === undefined) continue;
    if (field.search === 'dateRange' && Array.isArray(filter.value)) values[field.name] = filter.value.map((v: string) => toDate(v));
    else if (field.search === 'tree') values[field.name] = String(filter.value).split(',');
    else if (field.search === 'equal' && isNumericField(field)) values[field.name] = Number(filter.value);
    else values[field.name] = filter.value;
  }
  return values;
}
