import { Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Switch, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, ResourceSchema } from '../../../resources/types';
import { holdsSeveral } from '../../../resources/validation';
import { asText, FieldCell, type ControlProps, type FieldProps } from './fieldRenderers';
import { withComboboxAria } from './comboboxAria';
import { ObjectUploadInput, RefMultiSelect, RefSelect, TreeOptionsChecks, TreeParentSelect, TreePathCascader } from './pickers';
import { DATE_FORMAT, DATETIME_FORMAT, FORM_VALIDATE_TRIGGER, fieldLabelKey, formRulesOf, isChoiceField, isUnsetNumber } from './schemaMapping';
import { useFieldOptions } from './useFieldOptions';

/*
 * The editors of add/edit forms and operation dialogs. Apart from the cells and search controls of a list, so that a
 * list's first visit neither fetches nor runs the date, number, tree-select, cascader and upload controls only forms use.
 */

type Row = Record<string, unknown>;

// The icon grid is only needed while a form edits an icon field.
const IconPicker = lazy(() => import('./IconPicker'));

/** A read-only value inside a form: text, not a disabled input, so it reads (and copies) like a detail page. */
function ReadOnlyValue({ field, value, record }: FieldProps & { value?: unknown; record?: Row }) {
  return (
    <div className="crud-view-value">
      <FieldCell field={field} value={value} record={record} />
    </div>
  );
}

function dateFormatOf(field: FieldSchema) {
  return field.type === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
}

// antd's selects and the pickers built on them, with their required state and name on the combobox input.
const AccessibleSelect = withComboboxAria(Select);
const AccessibleRefSelect = withComboboxAria(RefSelect);
const AccessibleRefMultiSelect = withComboboxAria(RefMultiSelect);
const AccessibleTreeParentSelect = withComboboxAria(TreeParentSelect);
const AccessibleTreePathCascader = withComboboxAria(TreePathCascader);

/**
 * `control` for a checkbox group: a `group`, which may be named but has no required state in ARIA (axe:
 * aria-allowed-attr); the form item's required mark and its message on submit say the field is required.
 */
function checkboxGroupProps(control: ControlProps): ControlProps {
  const rest = { ...control };
  delete rest['aria-required'];
  return { ...rest, role: 'group' };
}

/** Choices laid out as the widget asks: radio buttons, a switch (two options), checkboxes, or a select. */
function ChoiceEditor({ field, placeholder, ...control }: FieldProps & ControlProps & { placeholder: string }) {
  const options = useFieldOptions(field);
  // A radiogroup carries its required state and name itself.
  if (field.widget === 'radio') return <Radio.Group {...{ ...control, role: 'radiogroup' }} options={options} />;
  if (field.widget === 'checkbox') return <Checkbox.Group {...checkboxGroupProps(control)} options={options} />;
  if (field.widget === 'switch' && options.length === 2) {
    const [on, off] = options;
    return (
      <Switch
        checked={String(control.value) === String(on.value)}
        checkedChildren={on.label}
        unCheckedChildren={off.label}
        onChange={(checked) => (control.onChange as (value: unknown) => void)?.(checked ? on.value : off.value)}
      />
    );
  }
  const value = isUnsetNumber(field, control.value, options) ? undefined : control.value;
  return <AccessibleSelect {...control} value={value} options={options} placeholder={placeholder} allowClear />;
}

interface EditorProps extends FieldProps, ControlProps {
  label: string;
  /** The row being edited: joined labels of ref fields. */
  record?: Row;
  /** The form, for fields a ref fills on pick. */
  form?: FormInstance;
  /** Where the field sits in the form (`['terminalToolDeviceList', 0]` for a child row). */
  namePrefix?: (string | number)[];
}

/** The editor of one field inside an add/edit form. */
export function FieldEditor({ field, label, record, form, namePrefix = [], ...control }: EditorProps) {
  const { t } = useTranslation();
  const inputPlaceholder = field.example ? t('crud.examplePlaceholder', { label, example: field.example }) : t('crud.inputPlaceholder', { label });
  const selectPlaceholder = t('crud.selectPlaceholder', { label });
  if (field.ref && field.widget === 'tree') return <AccessibleTreeParentSelect {...control} field={field} />;
  if (field.ref?.multiple) {
    return <AccessibleRefMultiSelect {...control} field={field} placeholder={selectPlaceholder} currentLabels={record ? asText(record[field.ref.as]) : undefined} />;
  }
  if (field.ref) {
    const fill = field.ref.fill ?? {};
    return (
      <AccessibleRefSelect
        {...control}
        field={field}
        placeholder={selectPlaceholder}
        // A new record's form may start with a pick and its label (a configuration started from elsewhere).
        currentLabel={record ? asText(record[field.ref.as]) : form ? asText(form.getFieldValue([...namePrefix, field.ref.as])) || undefined : undefined}
        onPick={(row) => {
          if (!form) return;
          for (const [mine, theirs] of Object.entries(fill)) form.setFieldValue([...namePrefix, mine], row?.[theirs] ?? undefined);
          // Keep the joined label in step so a read-only copy of it shows the pick at once.
          form.setFieldValue([...namePrefix, field.ref!.as], row?.[field.ref!.label] ?? '');
        }}
      />
    );
  }
  if (field.treePath) return <AccessibleTreePathCascader {...control} field={field} placeholder={selectPlaceholder} />;
  if (field.treeOptions) return <TreeOptionsChecks {...control} field={field} />;
  if (field.widget === 'upload') return <ObjectUploadInput {...control} />;
  if (field.widget === 'icon') {
    return (
      <Suspense fallback={<Input disabled placeholder={selectPlaceholder} />}>
        <IconPicker {...control} />
      </Suspense>
    );
  }
  if (isChoiceField(field)) return <ChoiceEditor {...control} field={field} placeholder={selectPlaceholder} />;
  switch (field.type) {
    case 'text':
      return <Input.TextArea {...control} placeholder={inputPlaceholder} rows={field.widget === 'editor' ? 8 : 3} maxLength={field.maxLength} />;
    case 'int':
    case 'number':
      return <InputNumber {...control} placeholder={inputPlaceholder} precision={field.type === 'int' ? 0 : undefined} style={{ width: '100%' }} />;
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
    default: {
      // A stored secret is never shown: on edit the box starts empty and keeps the secret unless something is typed.
      const placeholder = field.writeOnly && record ? t('crud.writeOnlyKeep') : inputPlaceholder;
      return field.writeOnly ? (
        <Input.Password {...control} placeholder={placeholder} maxLength={field.maxLength} autoComplete="new-password" />
      ) : (
        <Input {...control} placeholder={placeholder} maxLength={field.maxLength} />
      );
    }
  }
}


/**
 * Dates travel as strings; the date pickers hold dayjs values. A null number from the server (`-1`) is empty. Several
 * choices of a text field travel comma-joined.
 */
export function valuePropsOf(field: FieldSchema) {
  if (holdsSeveral(field)) {
    return {
      getValueProps: (value: unknown) => ({
        value: Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [],
      }),
      normalize: (value: unknown) => (Array.isArray(value) ? value.join(',') : value),
    };
  }
  if (field.type === 'date' || field.type === 'datetime') {
    const format = dateFormatOf(field);
    return {
      getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, format) : undefined }),
      normalize: (value: Dayjs | null) => (value ? value.format(format) : ''),
    };
  }
  if ((field.type === 'int' || field.type === 'number') && !isChoiceField(field)) {
    return { getValueProps: (value: unknown) => ({ value: value === -1 ? undefined : value }) };
  }
  return {};
}

interface FieldFormItemProps extends FieldProps {
  schema: Pick<ResourceSchema, 'name'>;
  /** Sibling fields (cross-field rules). */
  fields: readonly FieldSchema[];
  readOnly: boolean;
  record?: Row;
  form?: FormInstance;
  /** Form.Item name prefix inside a Form.List row. */
  namePrefix?: (string | number)[];
  /** The row's absolute path in the form (fills on pick write there); defaults to `namePrefix`. */
  absolutePrefix?: (string | number)[];
  noLabel?: boolean;
}

/** Form.Item of one schema field: translated label, the vocabulary's rules with their exact messages. */
export function FieldFormItem({ schema, field, fields, readOnly, record, form, namePrefix = [], absolutePrefix, noLabel }: FieldFormItemProps) {
  const { t } = useTranslation();
  const label = t(fieldLabelKey(schema, field));
  const name = [...namePrefix, field.name];
  if (readOnly || field.readOnly) {
    return (
      <Form.Item name={name} label={noLabel ? undefined : label}>
        <ReadOnlyValue field={field} record={record} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={name}
      label={noLabel ? undefined : label}
      extra={field.help && !noLabel ? t(`${schema.name}.help.${field.name}`) : undefined}
      rules={formRulesOf(field, fields, record !== undefined)}
      validateTrigger={FORM_VALIDATE_TRIGGER}
      dependencies={field.rules?.notBefore ?? field.rules?.sameAs?.field ? [[...namePrefix, (field.rules?.notBefore ?? field.rules?.sameAs?.field)!]] : undefined}
      {...valuePropsOf(field)}
    >
      {/* A child row's control has no label of its own: its column's title names it. */}
      <FieldEditor field={field} label={label} record={record} form={form} namePrefix={absolutePrefix ?? namePrefix} aria-label={noLabel ? label : undefined} />
    </Form.Item>
  );
}
