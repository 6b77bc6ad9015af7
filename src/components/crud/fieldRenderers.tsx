import { Input, Select } from 'antd';
import { createElement, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { menuIconOf } from '../../layout/menuIcons';
import { useRegistry } from '../../registry';
import type { FieldSchema } from '../../../resources/types';
import { displayValueOf, isChoiceField, isUnsetNumber, optionLabelOf } from './schemaMapping';
import { useFieldOptions } from './useFieldOptions';

type Row = Record<string, unknown>;

// Only lists that search by a date range or a tree path need these: loaded when such a search form shows.
const DateRangePicker = lazy(() => import('antd/es/date-picker').then((module) => ({ default: module.default.RangePicker })));
const TreePathSearch = lazy(() => import('./pickers').then((module) => ({ default: module.TreePathSearch })));

export interface FieldProps {
  field: FieldSchema;
}

/** Props Form.Item injects into its child (value, onChange, onBlur, id); passed on to the real control. */
export type ControlProps = Record<string, unknown>;

export const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function ChoiceSelect({ field, ...rest }: FieldProps & ControlProps & { placeholder: string; allowClear?: boolean }) {
  const options = useFieldOptions(field);
  return <Select options={options} {...rest} />;
}

function ChoiceCell({ field, value }: FieldProps & { value: unknown }) {
  const options = useFieldOptions(field);
  if (isUnsetNumber(field, value, options)) return null;
  return <>{optionLabelOf(options, value) ?? asText(value)}</>;
}

/**
 * A value as a person reads it: the label the server joined (dictionary, ref, module path) when the row carries it,
 * else the dictionary or option label, else the value; "not yet" numbers (`-1`) empty.
 */
export function FieldCell({ field, value, record }: FieldProps & { value: unknown; record?: Row }) {
  const { t, i18n } = useTranslation();
  const registry = useRegistry();
  // A ref's id 0 is no row: in a tree the root's parent (顶级), elsewhere nothing picked.
  if (field.ref && String(value) === '0') return <>{registry.schemaByName(field.ref.resource)?.tree ? t('crud.treeRoot') : ''}</>;
  const shown = displayValueOf(field, record, value);
  // The server joins a dictionary's stored (Chinese) label; the product's own items read in the reader's language.
  // Keyed by the record's own value while a form has not yet filled its fields (a view's first draw).
  if (shown !== value && field.dict && typeof shown === 'string') {
    return <>{registry.dictLabelIn(i18n.language, field.dict.code, asText(value ?? record?.[field.name]), shown)}</>;
  }
  if (shown !== value) return <>{asText(shown)}</>;
  if (field.widget === 'icon' && typeof value === 'string' && value !== '') {
    return (
      <span className="icon-cell" title={value}>
        {createElement(menuIconOf(value))}
        <span>{value}</span>
      </span>
    );
  }
  if (isChoiceField(field)) return <ChoiceCell field={field} value={value} />;
  return <>{asText(value)}</>;
}

/** Search-form control: text box for like, select (or text box) for equal, cascader for tree, range picker for dates. */
export function SearchFieldControl({ field, label, ...control }: FieldProps & ControlProps & { label: string }) {
  const { t } = useTranslation();
  if (field.search === 'dateRange') {
    const placeholder: [string, string] = [t('crud.rangeStart'), t('crud.rangeEnd')];
    return (
      <Suspense fallback={<Input disabled placeholder={placeholder.join(' ~ ')} style={{ width: 260 }} />}>
        <DateRangePicker {...control} placeholder={placeholder} />
      </Suspense>
    );
  }
  if (field.search === 'tree' && field.treePath) {
    const placeholder = t('crud.selectPlaceholder', { label });
    return (
      <Suspense fallback={<Input disabled placeholder={placeholder} />}>
        <TreePathSearch {...control} field={field} placeholder={placeholder} />
      </Suspense>
    );
  }
  if (field.search === 'equal' && isChoiceField(field)) {
    return <ChoiceSelect {...control} field={field} placeholder={t('crud.selectPlaceholder', { label })} allowClear style={{ minWidth: 160 }} />;
  }
  return <Input {...control} placeholder={t('crud.inputPlaceholder', { label })} allowClear />;
}
