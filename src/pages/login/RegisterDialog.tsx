import { Alert, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authProvider } from '../../../providers/auth';
import { useFeedback } from '../../components/FeedbackProvider';
import { RegistrationFields, type RegistrationField } from './RegistrationFields';
import { registrationError, type RegistrationValues } from './loginValidation';

const FIELDS: readonly RegistrationField[] = ['tenantId', 'name', 'account', 'password', 'password2', 'phone', 'email'];
const EMPTY: RegistrationValues = { tenantId: '', name: '', account: '', password: '', password2: '', phone: '', email: '' };

/**
 * Self-registration (spec §5, grant `register`), offered when the site has registration on. Loaded only when opened,
 * so the login page's first load does not carry antd's Modal. A refused registration shows the server's
 * error_description and keeps the dialog open.
 */
export default function RegisterDialog({ onClose, onRegistered }: { onClose(): void; onRegistered(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [problem, setProblem] = useState<string>();
  const { message } = useFeedback();
  const [isPending, setPending] = useState(false);

  const submit = () => {
    const error = registrationError(values);
    setProblem(error);
    if (error) return;
    setPending(true);
    // The auth provider directly: refine is not loaded on the login page (see RefineShell).
    authProvider
      .register!({
        tenantId: values.tenantId.trim(),
        name: values.name.trim(),
        account: values.account.trim(),
        password: values.password,
        phone: values.phone?.trim(),
        email: values.email?.trim(),
      })
      .then(
        (result) => {
          if (result.success) onRegistered();
          else if (result.error?.message) void message.error(result.error.message);
        },
        (error: Error) => void message.error(error.message),
      )
      .finally(() => setPending(false));
  };

  return (
    <Modal
      open
      title={t('register.title')}
      okText={t('register.submit')}
      cancelText={t('buttons.cancel')}
      confirmLoading={isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <form name="register" noValidate onSubmit={(event) => (event.preventDefault(), submit())}>
        <RegistrationFields
          idPrefix="register"
          fields={FIELDS}
          values={values}
          onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
        />
        {problem && <Alert type="error" showIcon message={t(problem)} />}
      </form>
    </Modal>
  );
}
