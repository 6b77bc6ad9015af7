import { useForm } from '@refinedev/antd';
import type { BaseKey, BaseRecord } from '@refinedev/core';
import { Button, Col, Drawer, Form, Modal, Row, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceSchema } from '../../../resources/types';
import { FieldFormItem } from './fieldRenderers';
import { formFieldsOf } from './schemaMapping';

export type FormDialogMode = 'create' | 'edit' | 'view';

interface ResourceFormDialogProps {
  schema: ResourceSchema;
  mode: FormDialogMode;
  /** Row being edited or viewed; absent on create. */
  id?: BaseKey;
  onClose(): void;
}

const TITLE_KEYS: Record<FormDialogMode, string> = { create: 'crud.add', edit: 'crud.edit', view: 'crud.view' };

function defaultValuesOf(schema: ResourceSchema): Record<string, unknown> {
  return Object.fromEntries(
    schema.fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]),
  );
}

/**
 * Add, edit and view of one row in the container the schema asks for (modal or drawer). Mounted per opening,
 * so every opening starts from a clean form; a failed save leaves it open with what the user typed.
 */
export function ResourceFormDialog({ schema, mode, id, onClose }: ResourceFormDialogProps) {
  const { t } = useTranslation();
  const readOnly = mode === 'view';
  const { formProps, saveButtonProps, formLoading } = useForm<BaseRecord>({
    resource: schema.name,
    // The view loads the row like edit does, and never submits.
    action: mode === 'create' ? 'create' : 'edit',
    id,
    redirect: false,
    warnWhenUnsavedChanges: false,
    successNotification: () => ({
      message: t(mode === 'create' ? 'crud.createSuccess' : 'crud.updateSuccess'),
      type: 'success',
    }),
    // The http layer already shows the server's message.
    errorNotification: false,
    onMutationSuccess: onClose,
  });

  const title = t(TITLE_KEYS[mode]);
  const footer = (
    <Space>
      <Button onClick={onClose}>{t('crud.cancel')}</Button>
      {!readOnly && (
        <Button type="primary" {...saveButtonProps}>
          {t('crud.ok')}
        </Button>
      )}
    </Space>
  );
  const body = (
    <Spin spinning={formLoading}>
      <Form
        {...formProps}
        initialValues={mode === 'create' ? defaultValuesOf(schema) : formProps.initialValues}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        labelWrap
      >
        <Row gutter={16}>
          {formFieldsOf(schema).map((field) => (
            <Col key={field.name} span={field.span ?? 12}>
              <FieldFormItem schema={schema} field={field} readOnly={readOnly} />
            </Col>
          ))}
        </Row>
      </Form>
    </Spin>
  );

  if (schema.form.mode === 'drawer') {
    return (
      <Drawer open title={title} width={schema.form.width ?? '60%'} onClose={onClose} footer={footer} destroyOnHidden>
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open title={title} width={schema.form.width ?? 720} onCancel={onClose} footer={footer} destroyOnHidden maskClosable={false}>
      {body}
    </Modal>
  );
}
