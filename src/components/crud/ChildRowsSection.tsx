import { Button, Form, Table, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChildRowsSchema, FormMode, ResourceSchema } from '../../../resources/types';
import { FieldFormItem } from './fieldEditors';
import { RefMultiPicker } from './pickers';
import { fieldLabelKey } from './schemaMapping';

interface ChildRowsSectionProps {
  schema: ResourceSchema;
  child: ChildRowsSchema;
  mode: FormMode;
  form: FormInstance;
  /** Name the table: its section holds more than one (a task's cases and child tasks). */
  titled?: boolean;
}

/** The translation namespace of a child table's fields: `<resource>.<child>`. */
export const childNamespace = (schema: ResourceSchema, child: ChildRowsSchema) => ({ name: `${schema.name}.${child.name}` });

/**
 * Rows owned by the record (a terminal's tool chain, a task's child tasks), edited in place and saved with it in one
 * call. A `single` child (a terminal's test object) is one row of fields.
 */
export function ChildRowsSection({ schema, child, mode, form, titled }: ChildRowsSectionProps) {
  const { t } = useTranslation();
  const readOnly = mode === 'view';
  const namespace = childNamespace(schema, child);
  const fields = child.fields.filter((field) => field.form !== false);
  // Rows that are picks of another resource can be added several at once.
  const pickField = fields.find((field) => field.ref && !field.readOnly && field.widget !== 'tree');
  const [picking, setPicking] = useState(false);
  const childTitle = t(`${schema.name}.${child.name}.title`);

  if (child.single) {
    return (
      <div className="crud-child-single">
        {fields.map((field) => (
          <FieldFormItem
            key={field.name}
            schema={namespace}
            field={field}
            fields={fields}
            readOnly={readOnly}
            form={form}
            namePrefix={[child.name]}
            record={form.getFieldValue(child.name) as Record<string, unknown> | undefined}
          />
        ))}
      </div>
    );
  }

  return (
    <Form.List name={child.name}>
      {(rows, { add, remove }) => (
        <div className="crud-child-rows" data-child={child.name}>
          {titled && <div className="crud-child-title">{childTitle}</div>}
          <Table
            size="small"
            bordered
            pagination={false}
            rowKey="key"
            dataSource={rows}
            locale={{ emptyText: t('crud.noRows') }}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'index', title: '#', width: 48, render: (_, __, index) => index + 1 },
              ...fields.map((field) => ({
                key: field.name,
                title: t(fieldLabelKey(namespace, field)),
                render: (_: unknown, row: { name: number }) => (
                  <FieldFormItem
                    schema={namespace}
                    field={field}
                    fields={fields}
                    readOnly={readOnly}
                    form={form}
                    namePrefix={[row.name]}
                    absolutePrefix={[child.name, row.name]}
                    record={form.getFieldValue([child.name, row.name]) as Record<string, unknown> | undefined}
                    noLabel
                  />
                ),
              })),
              ...(readOnly
                ? []
                : [
                    {
                      key: 'actions',
                      title: t('crud.actions'),
                      width: 90,
                      render: (_: unknown, row: { name: number }) => (
                        <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(row.name)}>
                          {t('crud.delete')}
                        </Button>
                      ),
                    },
                  ]),
            ]}
          />
          {!readOnly && (
            <div className="crud-child-actions">
              <Button className="crud-child-add" type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
                {t('crud.addRow')}
              </Button>
              {pickField && (
                <Button className="crud-child-pick" icon={<PlusOutlined />} onClick={() => setPicking(true)}>
                  {t('crud.pickMany', { name: childTitle })}
                </Button>
              )}
            </div>
          )}
          {picking && pickField && (
            <RefMultiPicker
              field={pickField}
              title={t('crud.pickMany', { name: childTitle })}
              onCancel={() => setPicking(false)}
              onPick={(picked) => {
                const ref = pickField.ref!;
                for (const row of picked) {
                  const filled = Object.fromEntries(Object.entries(ref.fill ?? {}).map(([mine, theirs]) => [mine, row[theirs]]));
                  add({ [pickField.name]: String(row.id), [ref.as]: row[ref.label], ...filled });
                }
                setPicking(false);
              }}
            />
          )}
        </div>
      )}
    </Form.List>
  );
}
