import { useLogin } from '@refinedev/core';
import { Button, Card, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadMenus, loadPermissions } from '../../../providers/access';
import { fetchCaptcha } from '../../../providers/auth';
import { siteConfig } from '../../../providers/config';
import { http } from '../../../providers/http';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { LanguageSwitch } from '../../components/LanguageSwitch';

interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  captchaCode?: string;
}

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

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginValues>();
  useDocumentTitle(t('login.title'));
  const [domainTenant, setDomainTenant] = useState<string>();
  const [captcha, setCaptcha] = useState<{ key: string; image: string }>();
  const { mutate: login, isPending } = useLogin<Record<string, string | undefined>>();

  const refreshCaptcha = useCallback(() => {
    if (!siteConfig.captchaMode) return;
    form.setFieldValue('captchaCode', '');
    fetchCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  }, [form]);

  useEffect(() => {
    refreshCaptcha();
    tenantOfDomain().then(setDomainTenant, () => undefined);
  }, [refreshCaptcha]);

  const submit = (values: LoginValues) =>
    login(
      {
        tenantId: domainTenant ?? values.tenantId,
        username: values.username,
        password: values.password,
        captchaKey: captcha?.key,
        captchaCode: values.captchaCode,
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

  return (
    <div className="login-page">
      <div className="login-page__language">
        <LanguageSwitch />
      </div>
      <Card className="login-card" variant="borderless">
        <h1 className="login-card__title">{t('app.title')}</h1>
        <p className="login-card__subtitle">{t('login.subtitle')}</p>
        <Form<LoginValues>
          form={form}
          name="login"
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ tenantId: siteConfig.tenantId }}
          onFinish={submit}
        >
          {siteConfig.tenantMode && !domainTenant && (
            <Form.Item
              name="tenantId"
              label={t('login.tenantId')}
              rules={[{ required: true, message: t('login.tenantIdRequired') }]}
            >
              <Input prefix={<TeamOutlined />} placeholder={t('login.tenantIdRequired')} autoComplete="organization" />
            </Form.Item>
          )}
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, message: t('login.usernameRequired') }]}
          >
            <Input prefix={<UserOutlined />} placeholder={t('login.usernamePlaceholder')} autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} placeholder={t('login.passwordRequired')} autoComplete="current-password" />
          </Form.Item>
          {siteConfig.captchaMode && (
            <Form.Item label={t('login.captcha')} required>
              <div className="login-captcha">
                <Form.Item name="captchaCode" noStyle rules={[{ required: true, message: t('login.captchaRequired') }]}>
                  <Input prefix={<SafetyOutlined />} placeholder={t('login.captchaRequired')} autoComplete="off" />
                </Form.Item>
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
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
