import { Button, Form, Table, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChildRowsSchema, FormMode, ResourceSchema } from '../../../resources/types';
import { FieldFormItem } from './fieldRenderers';
import { fieldLabelKey } from './schemaMapping';

interface ChildRowsSectionProps {
  schema: ResourceSchema;
  child: ChildRowsSchema;
  mode: FormMode;
  form: FormInstance;
}

/** The translation namespace of a child table's fields: `<resource>.<child>`. */
export const childNamespace = (schema: ResourceSchema, child: ChildRowsSchema) => ({ name: `${schema.name}.${child.name}` });

/**
 * Rows owned by the record (a terminal's tool chain, a task's child tasks), edited in place and saved with it in one
 * call. A `single` child (a terminal's test object) is one row of fields.
 */
export function ChildRowsSection({ schema, child, mode, form }: ChildRowsSectionProps) {
  const { t } = useTranslation();
  const readOnly = mode === 'view';
  const namespace = childNamespace(schema, child);
  const fields = child.fields.filter((field) => field.form !== false);

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
        <div className="crud-child-rows">
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
            <Button className="crud-child-add" type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
              {t('crud.addRow')}
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
