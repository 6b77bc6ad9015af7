import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha, type AccountLogin, type Captcha } from '../../../providers/auth';
import { siteConfig } from '../../../providers/config';
import { LoginFieldRow } from './LoginFieldRow';
import { missingLoginFields, type LoginField, type LoginValues } from './loginValidation';

interface AccountLoginFormProps {
  /** The tenant field is shown (tenant mode on and the domain names no tenant). */
  askTenant: boolean;
  tenantId: string;
  onTenantChange(tenantId: string): void;
  pending: boolean;
  /** Sends the login; `onFailure` runs when it did not sign in (a new captcha is then needed). */
  onSubmit(params: AccountLogin, onFailure: () => void): void;
}

/** Tenant, account, password and, when the site has it on, the captcha (spec §2 /login). */
export function AccountLoginForm({ askTenant, tenantId, onTenantChange, pending, onSubmit }: AccountLoginFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Omit<LoginValues, 'tenantId'>>({ username: '', password: '', captchaCode: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [captcha, setCaptcha] = useState<Captcha>();

  const shownFields: LoginField[] = [
    ...(askTenant ? (['tenantId'] as const) : []),
    'username',
    'password',
    ...(siteConfig.captchaMode ? (['captchaCode'] as const) : []),
  ];
  const allValues: LoginValues = { ...values, tenantId };

  const refreshCaptcha = useCallback(() => {
    if (!siteConfig.captchaMode) return;
    setValues((current) => ({ ...current, captchaCode: '' }));
    fetchCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  }, []);

  // not screen data: a one-time challenge before any session, fetched anew on every ask and never cached or shared.
  useEffect(refreshCaptcha, [refreshCaptcha]);

  const change = (field: LoginField, value: string) => {
    if (field === 'tenantId') onTenantChange(value);
    else setValues((current) => ({ ...current, [field]: value }));
    if (value.trim() !== '') setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const checkOnBlur = (field: LoginField) =>
    setErrors((current) => ({ ...current, [field]: missingLoginFields(allValues, [field])[field] }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingLoginFields(allValues, shownFields);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    onSubmit(
      {
        type: 'account',
        tenantId: tenantId.trim(),
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha?.key,
        captchaCode: values.captchaCode.trim(),
      },
      refreshCaptcha,
    );
  };

  const inputProps = (field: LoginField) => ({
    id: `login_${field}`,
    value: allValues[field],
    status: errors[field] ? ('error' as const) : undefined,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => checkOnBlur(field),
  });
  const errorOf = (field: LoginField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form name="login" noValidate onSubmit={submit}>
      {askTenant && (
        <LoginFieldRow id="login_tenantId" label={t('login.tenantId')} error={errorOf('tenantId')}>
          <Input {...inputProps('tenantId')} size="large" prefix={<TeamOutlined />} placeholder={t('login.tenantIdRequired')} autoComplete="organization" />
        </LoginFieldRow>
      )}
      <LoginFieldRow id="login_username" label={t('login.username')} error={errorOf('username')}>
        <Input {...inputProps('username')} size="large" prefix={<UserOutlined />} placeholder={t('login.usernamePlaceholder')} autoComplete="username" />
      </LoginFieldRow>
      <LoginFieldRow id="login_password" label={t('login.password')} error={errorOf('password')}>
        <Input
          {...inputProps('password')}
          type="password"
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('login.passwordRequired')}
          autoComplete="current-password"
        />
      </LoginFieldRow>
      {siteConfig.captchaMode && (
        <LoginFieldRow id="login_captchaCode" label={t('login.captcha')} error={errorOf('captchaCode')}>
          <div className="login-captcha">
            <Input {...inputProps('captchaCode')} size="large" prefix={<SafetyOutlined />} placeholder={t('login.captchaRequired')} autoComplete="off" />
            {captcha && (
              <img
                className="login-captcha__image"
                src={captcha.image}
                alt={t('login.captchaRefresh')}
                title={t('login.captchaRefresh')}
                onClick={refreshCaptcha}
              />
            )}
          </div>
        </LoginFieldRow>
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
