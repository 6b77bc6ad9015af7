import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, ResourceSchema } from '../../../resources/types';
import {
  DATE_FORMAT,
  DATETIME_FORMAT,
  FORM_VALIDATE_TRIGGER,
  fieldLabelKey,
  formRulesOf,
  isChoiceField,
  optionLabelOf,
} from './schemaMapping';
import { useFieldOptions } from './useFieldOptions';

interface FieldProps {
  field: FieldSchema;
}

/** Props Form.Item injects into its child (value, onChange, onBlur, id); passed on to the real control. */
type ControlProps = Record<string, unknown>;

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function ChoiceSelect({ field, ...rest }: FieldProps & ControlProps & { placeholder: string; allowClear?: boolean }) {
  const options = useFieldOptions(field);
  return <Select options={options} {...rest} />;
}

function ChoiceCell({ field, value }: FieldProps & { value: unknown }) {
  const options = useFieldOptions(field);
  return <>{optionLabelOf(options, value) ?? asText(value)}</>;
}

/** A value as text: dictionary and option values show their label, everything else as sent. */
export function FieldCell({ field, value }: FieldProps & { value: unknown }) {
  if (isChoiceField(field)) return <ChoiceCell field={field} value={value} />;
  return <>{asText(value)}</>;
}

/** The view dialog's value: text, not a disabled input, so it reads (and copies) like a detail page. */
function ReadOnlyValue({ field, value }: FieldProps & { value?: unknown }) {
  return (
    <div className="crud-view-value">
      <FieldCell field={field} value={value} />
    </div>
  );
}

function dateFormatOf(field: FieldSchema) {
  return field.type === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
}

/** The editor of one field inside the add/edit form. */
function FieldEditor({ field, label, ...control }: FieldProps & ControlProps & { label: string }) {
  const { t } = useTranslation();
  const inputPlaceholder = t('crud.inputPlaceholder', { label });
  const selectPlaceholder = t('crud.selectPlaceholder', { label });
  if (isChoiceField(field)) {
    return <ChoiceSelect {...control} field={field} placeholder={selectPlaceholder} allowClear />;
  }
  switch (field.type) {
    case 'text':
      return <Input.TextArea {...control} placeholder={inputPlaceholder} rows={3} maxLength={field.maxLength} />;
    case 'int':
    case 'number':
      return (
        <InputNumber
          {...control}
          placeholder={inputPlaceholder}
          precision={field.type === 'int' ? 0 : undefined}
          style={{ width: '100%' }}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...control}
          placeholder={selectPlaceholder}
          showTime={field.type === 'datetime'}
          format={dateFormatOf(field)}
          style={{ width: '100%' }}
        />
      );
    default:
      return <Input {...control} placeholder={inputPlaceholder} maxLength={field.maxLength} />;
  }
}

/** Form.Item of one schema field: translated label, exact required message, dates kept as strings on the wire. */
export function FieldFormItem({ schema, field, readOnly }: FieldProps & { schema: ResourceSchema; readOnly: boolean }) {
  const { t } = useTranslation();
  const label = t(fieldLabelKey(schema, field));
  if (readOnly) {
    return (
      <Form.Item name={field.name} label={label}>
        <ReadOnlyValue field={field} />
      </Form.Item>
    );
  }
  const format = dateFormatOf(field);
  const dateProps =
    field.type === 'date' || field.type === 'datetime'
      ? {
          getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, format) : undefined }),
          normalize: (value: Dayjs | null) => (value ? value.format(format) : ''),
        }
      : {};
  return (
    <Form.Item
      name={field.name}
      label={label}
      rules={formRulesOf(field, label, t)}
      validateTrigger={FORM_VALIDATE_TRIGGER}
      {...dateProps}
    >
      <FieldEditor field={field} label={label} />
    </Form.Item>
  );
}

/** Search-form control: text box for like, select (or text box) for equal, range picker for dateRange. */
export function SearchFieldControl({ field, label, ...control }: FieldProps & ControlProps & { label: string }) {
  const { t } = useTranslation();
  if (field.search === 'dateRange') {
    return <DatePicker.RangePicker {...control} placeholder={[t('crud.rangeStart'), t('crud.rangeEnd')]} />;
  }
  if (field.search === 'equal' && isChoiceField(field)) {
    return <ChoiceSelect {...control} field={field} placeholder={t('crud.selectPlaceholder', { label })} allowClear />;
  }
  return <Input {...control} placeholder={t('crud.inputPlaceholder', { label })} allowClear />;
}
