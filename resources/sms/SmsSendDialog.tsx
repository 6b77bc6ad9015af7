import { useOne, type BaseRecord } from '@refinedev/core';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperationDialogProps } from '../../src/components/crud/descriptor';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { operationOf } from '../types';

interface SendValues {
  phones: string;
  params: string;
}

/** Whether the text is a JSON object (what a template's parameters are). */
function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * 发送 of one setting: phones and template parameters, sent by `endpoint/send-message` with the setting's 资源编号.
 * The send log reads again, so the new rows are there when it is opened.
 */
export function SmsSendDialog({ schema, ids, onClose }: OperationDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const { call, pending } = useResourceCall();
  const { result: setting } = useOne<BaseRecord>({ resource: schema.name, id: ids[0], errorNotification: false });
  const code = String(setting?.smsCode ?? '');
  const operation = operationOf(schema, 'send')!;

  const send = async () => {
    const values = await form.validateFields();
    try {
      await call({
        url: `${schema.api}/${operation.path}`,
        query: { code, phones: values.phones.trim(), params: values.params.trim() || '{}' },
        invalidates: [schema.name],
      });
      void message.success(t('sms.send.done'));
      onClose();
    } catch {
      // The http layer showed why (a limit, the provider's refusal).
    }
  };

  return (
    <Modal
      open
      title={t('sms.send.title', { code })}
      okText={t('sms.send.submit')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ loading: pending, disabled: !setting }}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ phones: '', params: '{"code":"123456"}' }}>
        <Form.Item
          name="phones"
          label={t('sms.send.phones')}
          extra={t('sms.send.phonesHelp')}
          rules={[{ required: true, whitespace: true, message: t('sms.send.phonesRequired') }]}
        >
          <Input placeholder="13800000000" />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('sms.send.params')}
          extra={t('sms.send.paramsHelp')}
          rules={[{ validator: (_, value: string) => (!value?.trim() || isJsonObject(value) ? Promise.resolve() : Promise.reject(new Error(t('sms.send.paramsInvalid')))) }]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
