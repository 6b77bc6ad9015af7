import { MessageOutlined, MobileOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sendSmsCode, type PhoneLogin } from '../../../providers/auth';
import { LoginFieldRow } from './LoginFieldRow';
import { phoneError } from './loginValidation';

/** Seconds before another code may be requested. */
export const SMS_RESEND_SECONDS = 60;

interface PhoneLoginFormProps {
  askTenant: boolean;
  tenantId: string;
  onTenantChange(tenantId: string): void;
  pending: boolean;
  onSubmit(params: PhoneLogin): void;
}

type PhoneField = 'tenantId' | 'phone' | 'smsCode';

/** Phone number plus the code texted to it (grant `sms_code`); `发送验证码` counts down before it can be sent again. */
export function PhoneLoginForm({ askTenant, tenantId, onTenantChange, pending, onSubmit }: PhoneLoginFormProps) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [smsId, setSmsId] = useState<string>();
  const [sending, setSending] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<PhoneField, string>>>({});

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const tenantError = () => (askTenant && tenantId.trim() === '' ? 'login.tenantIdRequired' : undefined);

  const sendCode = async () => {
    const invalid = { tenantId: tenantError(), phone: phoneError(phone) };
    setErrors((current) => ({ ...current, ...invalid }));
    if (invalid.tenantId || invalid.phone) return;
    setSending(true);
    try {
      setSmsId(await sendSmsCode(tenantId.trim(), phone.trim()));
      setSecondsLeft(SMS_RESEND_SECONDS);
    } catch {
      // The http layer has shown the server's message; the button is usable again at once.
    } finally {
      setSending(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid: Partial<Record<PhoneField, string>> = {
      tenantId: tenantError(),
      phone: phoneError(phone),
      smsCode: smsCode.trim() === '' ? 'login.smsCodeRequired' : smsId ? undefined : 'login.smsNotSent',
    };
    setErrors(invalid);
    if (Object.values(invalid).some(Boolean)) return;
    onSubmit({ type: 'phone', tenantId: tenantId.trim(), phone: phone.trim(), smsId: smsId!, smsCode: smsCode.trim() });
  };

  const errorOf = (field: PhoneField) => (errors[field] ? t(errors[field]) : undefined);
  const statusOf = (field: PhoneField) => (errors[field] ? ('error' as const) : undefined);

  return (
    <form name="phoneLogin" noValidate onSubmit={submit}>
      {askTenant && (
        <LoginFieldRow id="phone_tenantId" label={t('login.tenantId')} error={errorOf('tenantId')}>
          <Input
            id="phone_tenantId"
            value={tenantId}
            status={statusOf('tenantId')}
            onChange={(event) => onTenantChange(event.target.value)}
            onBlur={() => setErrors((current) => ({ ...current, tenantId: tenantError() }))}
            size="large"
            prefix={<TeamOutlined />}
            placeholder={t('login.tenantIdRequired')}
            autoComplete="organization"
          />
        </LoginFieldRow>
      )}
      <LoginFieldRow id="phone_phone" label={t('login.phone')} error={errorOf('phone')}>
        <Input
          id="phone_phone"
          value={phone}
          status={statusOf('phone')}
          onChange={(event) => setPhone(event.target.value)}
          onBlur={() => setErrors((current) => ({ ...current, phone: phoneError(phone) }))}
          size="large"
          prefix={<MobileOutlined />}
          placeholder={t('login.phonePlaceholder')}
          inputMode="tel"
          autoComplete="tel"
        />
      </LoginFieldRow>
      <LoginFieldRow id="phone_smsCode" label={t('login.smsCode')} error={errorOf('smsCode')}>
        <div className="login-captcha">
          <Input
            id="phone_smsCode"
            value={smsCode}
            status={statusOf('smsCode')}
            onChange={(event) => setSmsCode(event.target.value)}
            onBlur={() =>
              setErrors((current) => ({ ...current, smsCode: smsCode.trim() === '' ? 'login.smsCodeRequired' : undefined }))
            }
            size="large"
            prefix={<MessageOutlined />}
            placeholder={t('login.smsCodePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
          <Button className="login-sms__send" size="large" loading={sending} disabled={secondsLeft > 0} onClick={sendCode}>
            {secondsLeft > 0 ? t('login.smsResend', { seconds: secondsLeft }) : t('login.smsSend')}
          </Button>
        </div>
      </LoginFieldRow>
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
