import { Button, Form, Input, Modal } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { lock, LOCK_DELAY_MS, LOCK_PATH, setLockPassword, storedLockPassword } from '../../pages/lock/lockState';
import { useOpenedOnce } from '../../components/useOpenedOnce';

/** Locks the screen; without a stored lock password it asks for one first (spec §4). */
export function LockButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [asking, setAsking] = useState(false);
  const askingOpened = useOpenedOnce(asking);
  const [form] = Form.useForm<{ password: string }>();

  const lockNow = () => {
    lock();
    // The page the user returns to after unlocking.
    const from = pathname + search;
    setTimeout(() => navigate(LOCK_PATH, { state: { from } }), LOCK_DELAY_MS);
  };

  const start = () => {
    if (storedLockPassword()) lockNow();
    else setAsking(true);
  };

  const savePassword = async () => {
    // An empty password shows its message under the field.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setLockPassword(values.password);
    setAsking(false);
    form.resetFields();
    lockNow();
  };

  return (
    <>
      <Button type="text" icon={<LockOutlined />} aria-label={t('tools.lock')} title={t('tools.lock')} onClick={start} />
      {askingOpened && (
        <Modal
          open={asking}
          title={t('lock.setPasswordTitle')}
          width={400}
          okText={t('crud.ok')}
          cancelText={t('crud.cancel')}
          onOk={savePassword}
          onCancel={() => setAsking(false)}
          destroyOnHidden
        >
          <Form form={form} layout="vertical" onFinish={savePassword}>
            <Form.Item
              name="password"
              label={t('lock.password')}
              rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
            >
              <Input.Password placeholder={t('lock.passwordPlaceholder')} autoFocus />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
