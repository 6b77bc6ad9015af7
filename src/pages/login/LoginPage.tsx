import { useLogin } from '@refinedev/core';
import { Button, Input } from 'antd';
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadMenus, loadPermissions } from '../../../providers/access';
import { fetchCaptcha, type Captcha } from '../../../providers/auth';
import { siteConfig } from '../../../providers/config';
import { http } from '../../../providers/http';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { missingLoginFields, type LoginField, type LoginValues } from './loginValidation';

interface TenantInfo {
  tenantId?: string;
}

/** Asks the server whether this domain belongs to a known tenant; a known one needs no tenant field. */
async function tenantOfDomain(): Promise<string | undefined> {
  const res = await http.get('/api/blade-system/tenant/info', {
    params: { domain: window.location.origin },
    silent: true,
  });
  return (res.data.data as TenantInfo | null)?.tenantId || undefined;
}

function LoginFieldRow({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="login-field">
      <label className="login-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      <div className="login-field__error" role="alert">
        {error}
      </div>
    </div>
  );
}

/**
 * Sign-in (spec §2 /login). Plain inputs with a small validator instead of antd Form: the page must stay light
 * (it is the first thing every visitor downloads).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ tenantId: siteConfig.tenantId, username: '', password: '', captchaCode: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [domainTenant, setDomainTenant] = useState<string>();
  const [captcha, setCaptcha] = useState<Captcha>();
  const { mutate: login, isPending } = useLogin<Record<string, string | undefined>>();

  const shownFields: LoginField[] = [
    ...(siteConfig.tenantMode && !domainTenant ? (['tenantId'] as const) : []),
    'username',
    'password',
    ...(siteConfig.captchaMode ? (['captchaCode'] as const) : []),
  ];

  const refreshCaptcha = useCallback(() => {
    if (!siteConfig.captchaMode) return;
    setValues((current) => ({ ...current, captchaCode: '' }));
    fetchCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  }, []);

  useEffect(() => {
    refreshCaptcha();
    tenantOfDomain().then(setDomainTenant, () => undefined);
  }, [refreshCaptcha]);

  const change = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (value.trim() !== '') setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const checkOnBlur = (field: LoginField) =>
    setErrors((current) => ({ ...current, [field]: missingLoginFields(values, [field])[field] }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = missingLoginFields(values, shownFields);
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    login(
      {
        tenantId: domainTenant ?? values.tenantId.trim(),
        username: values.username.trim(),
        password: values.password,
        captchaKey: captcha?.key,
        captchaCode: values.captchaCode.trim(),
      },
      {
        onSuccess: async (result) => {
          if (!result.success) {
            refreshCaptcha();
            return;
          }
          await Promise.all([loadPermissions(), loadMenus()]);
          navigate(siteConfig.homePath, { replace: true });
        },
        onError: refreshCaptcha,
      },
    );
  };

  const inputProps = (field: LoginField) => ({
    id: `login_${field}`,
    value: values[field],
    status: errors[field] ? ('error' as const) : undefined,
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => checkOnBlur(field),
  });
  const errorOf = (field: LoginField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <div className="login-page">
      <LanguageSwitch className="login-page__language" />
      <main className="login-card">
        <h1 className="login-card__title">{t('app.title')}</h1>
        <p className="login-card__subtitle">{t('login.subtitle')}</p>
        <form name="login" noValidate onSubmit={submit}>
          {shownFields.includes('tenantId') && (
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
          {shownFields.includes('captchaCode') && (
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
          <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
            {t('login.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
