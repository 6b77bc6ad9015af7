import { useGetIdentity, useLogout } from '@refinedev/core';
import { Avatar, Button, Input, Space } from 'antd';
import { UnlockOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Identity } from '../../../providers/auth';
import { siteConfig } from '../../../providers/config';
import { useFeedback } from '../../components/FeedbackProvider';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { unlock } from './lockState';

function useClock(): string {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now.format('HH:mm:ss');
}

/** The lock screen: who is signed in, the time, unlock with the lock password, or log out. */
export default function LockPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { from?: string } | null };
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  const [password, setPassword] = useState('');
  const time = useClock();

  const tryUnlock = () => {
    if (!password) {
      void message.error(t('lock.passwordRequired'));
      return;
    }
    if (!unlock(password)) {
      void message.error(t('lock.wrongPassword'));
      return;
    }
    navigate(state?.from || siteConfig.homePath, { replace: true });
  };

  return (
    <div className="lock-page">
      <LanguageSwitch className="lock-page__language" />
      <div className="lock-page__card">
        <div className="lock-page__time">{time}</div>
        <Avatar size={80} src={identity?.avatar || undefined} icon={<UserOutlined />} />
        <div className="lock-page__name">{identity?.name}</div>
        <Space.Compact block>
          <Input.Password
            value={password}
            placeholder={t('lock.unlockPlaceholder')}
            onChange={(event) => setPassword(event.target.value)}
            onPressEnter={tryUnlock}
            autoFocus
          />
          <Button type="primary" icon={<UnlockOutlined />} onClick={tryUnlock}>
            {t('lock.unlock')}
          </Button>
        </Space.Compact>
        <Button type="link" className="lock-page__logout" onClick={() => logout()}>
          {t('layout.logout')}
        </Button>
      </div>
    </div>
  );
}
