import { Alert, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endGuestSession, registerGuest, type SocialGuest } from '../../../providers/auth';
import { BladeError } from '../../../providers/http';
import { RegistrationFields, type RegistrationField } from './RegistrationFields';
import { registrationError, type RegistrationValues } from './loginValidation';

const FIELDS: readonly RegistrationField[] = ['tenantId', 'name', 'account', 'password', 'password2'];

/**
 * Third-party registration (spec §2, §4, §8): a social account with no local user applies for one
 * (`register-guest`). On success `注册提示` says the application awaits an administrator and the guest is logged out;
 * on failure the server's message, or `提交失败`, is shown and the dialog stays.
 */
export default function GuestRegisterDialog({ guest, onFinished }: { guest: SocialGuest; onFinished(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RegistrationValues>({
    tenantId: guest.tenantId,
    name: '',
    account: '',
    password: '',
    password2: '',
  });
  const [problem, setProblem] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const submit = async () => {
    const error = registrationError(values);
    setProblem(error ? t(error) : undefined);
    if (error) return;
    setSubmitting(true);
    try {
      await registerGuest(guest, {
        tenantId: values.tenantId.trim(),
        name: values.name.trim(),
        account: values.account.trim(),
        password: values.password,
      });
      await endGuestSession(guest);
      setSubmitted(true);
    } catch (failure) {
      setProblem(failure instanceof BladeError && failure.msg ? failure.msg : t('guestRegister.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const abandon = async () => {
    await endGuestSession(guest);
    onFinished();
  };

  if (submitted) {
    return (
      <Modal open title={t('guestRegister.submittedTitle')} okText={t('buttons.confirm')} onOk={onFinished} onCancel={onFinished} cancelButtonProps={{ style: { display: 'none' } }}>
        <p>{t('guestRegister.submitted')}</p>
      </Modal>
    );
  }
  return (
    <Modal
      open
      title={t('guestRegister.title')}
      okText={t('buttons.confirm')}
      cancelText={t('buttons.cancel')}
      confirmLoading={submitting}
      onOk={submit}
      onCancel={abandon}
      maskClosable={false}
    >
      <p>{t('guestRegister.intro')}</p>
      <form name="guestRegister" noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
        <RegistrationFields
          idPrefix="guest"
          fields={FIELDS}
          values={values}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        {problem && <Alert type="error" showIcon message={problem} />}
      </form>
    </Modal>
  );
}
