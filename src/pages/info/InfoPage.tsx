import { useInvalidateAuthStore, useLogout } from '@refinedev/core';
import { App, Avatar, Button, Card, Form, Input, Space, Spin, Tabs, Upload } from 'antd';
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserInfo, storeKeys } from '../../../providers/session';
import { useFeedback } from '../../components/FeedbackProvider';
import { storeFile } from '../../../providers/objectUpload';
import { setStore } from '../../../providers/storage';
import { useResourceCall } from '../../components/crud/useResourceCall';
import {
  avatarRefusalOf,
  PASSWORD_UPDATE_URL,
  passwordQuery,
  phoneRefusalOf,
  PROFILE_UPDATE_URL,
  type ProfileUpdate,
  type UserProfile,
} from './userApi';
import { PROFILE_RESOURCE, useProfile } from './useProfile';

interface ProfileForm {
  realName: string;
  name: string;
  phone: string;
  email?: string;
}

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

/** The header shows the session's stored user: keep its avatar and name in step with the saved profile. */
function rememberProfile(profile: ProfileForm, avatar: string | undefined): void {
  const userInfo = getUserInfo();
  if (!userInfo) return;
  setStore({
    name: storeKeys.userInfo,
    content: { ...userInfo, avatar: avatar ?? userInfo.avatar, real_name: profile.realName, nick_name: profile.name },
  });
}

function ProfileTab() {
  const { profile } = useProfile();
  // The form is filled once, from the first read: a read again (after a save anywhere) never takes back what is typed.
  return profile ? <ProfileForm profile={profile} /> : <Spin />;
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidateAuth = useInvalidateAuthStore();
  const { call, pending: saving } = useResourceCall();
  const [form] = Form.useForm<ProfileForm>();
  const [uploading, setUploading] = useState(false);
  // Kept beside the form: an Upload inside a named Form.Item would store its change events as the value.
  const [avatar, setAvatar] = useState<string | undefined>(profile.avatar || undefined);
  const initialValues: ProfileForm = { realName: profile.realName ?? '', name: profile.name ?? '', phone: profile.phone ?? '', email: profile.email };

  const checkAvatar = (file: File) => {
    const refusal = avatarRefusalOf(file);
    if (refusal) void message.error(t(refusal));
    // Refused files are never uploaded nor listed.
    return refusal ? Upload.LIST_IGNORE : true;
  };

  const upload = async (file: File) => {
    setUploading(true);
    try {
      setAvatar((await storeFile(file)).link);
    } finally {
      setUploading(false);
    }
  };

  const save = async (values: ProfileForm) => {
    const update: ProfileUpdate = { id: profile.id, ...values, avatar };
    try {
      // The profile is a user row: the header, the home card and 用户管理 read it again.
      await call({ url: PROFILE_UPDATE_URL, body: update, invalidates: [PROFILE_RESOURCE] });
      rememberProfile(values, avatar);
      await invalidateAuth();
      void message.success(t('info.saved'));
    } catch {
      // The http layer has shown the server's message.
    }
  };

  return (
    <Form<ProfileForm> form={form} layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} initialValues={initialValues} onFinish={save}>
      <Form.Item label={t('info.avatar')}>
        <Upload
          className="info-page__avatar"
          listType="picture-card"
          accept="image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={checkAvatar}
          customRequest={({ file, onSuccess, onError }) => {
            upload(file as File).then(() => onSuccess?.({}), (error: Error) => onError?.(error));
          }}
        >
          {avatar ? (
            <Avatar shape="square" size={96} src={avatar} alt={t('info.avatar')} />
          ) : (
            <div>
              {uploading ? <LoadingOutlined /> : <PlusOutlined />}
              <div>{t('info.upload')}</div>
            </div>
          )}
        </Upload>
      </Form.Item>
      <Form.Item name="realName" label={t('info.realName')} rules={[{ required: true, message: t('info.realNameRequired') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="name" label={t('info.name')} rules={[{ required: true, message: t('info.nameRequired') }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('info.phone')}
        required
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const refusal = phoneRefusalOf(value);
              return refusal ? Promise.reject(new Error(t(refusal))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label={t('info.email')} rules={[{ type: 'email', message: t('info.emailInvalid') }]}>
        <Input />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('info.submit')}
          </Button>
          <Button onClick={() => form.resetFields(['realName', 'name', 'phone', 'email'])}>{t('crud.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

function PasswordTab() {
  const { t } = useTranslation();
  // The app-wide toast: it stays on screen past the layout, on the login page.
  const { message } = useFeedback();
  const { mutate: logout } = useLogout();
  const [form] = Form.useForm<PasswordForm>();
  const { call, pending: saving } = useResourceCall();

  const save = async ({ oldPassword, newPassword, newPassword1 }: PasswordForm) => {
    try {
      // Nothing shown reads again: the sessions end.
      await call({ url: PASSWORD_UPDATE_URL, query: passwordQuery(oldPassword, newPassword, newPassword1), invalidates: [] });
      form.resetFields();
      // The server ends the user's sessions on a password change: sign in again rather than meet an expired token.
      void message.success(t('info.passwordSaved'));
      logout();
    } catch {
      // The http layer has shown the server's message.
    }
  };

  return (
    <Form<PasswordForm> form={form} layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 14 }} onFinish={save}>
      <Form.Item name="oldPassword" label={t('info.oldPassword')} rules={[{ required: true, message: t('info.oldPasswordRequired') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label={t('info.newPassword')} rules={[{ required: true, message: t('info.newPasswordRequired') }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('info.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('info.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('info.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 4 }}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('info.submit')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('crud.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** `/info/index`: the signed-in user's profile (avatar, names, phone, email) and the password change. */
export default function InfoPage() {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" className="info-page">
      <Tabs
        items={[
          { key: 'info', label: t('info.tabInfo'), children: <ProfileTab /> },
          { key: 'password', label: t('info.tabPassword'), children: <PasswordTab /> },
        ]}
      />
    </Card>
  );
}
