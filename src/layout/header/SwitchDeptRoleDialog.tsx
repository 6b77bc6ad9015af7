import { App, Form, Modal, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchDeptRole, type Identity } from '../../../providers/auth';
import { storeKeys } from '../../../providers/session';
import { removeStore, setStore } from '../../../providers/storage';
import { choicesOf, type Choice } from '../../pages/info/userApi';
import { useProfile } from '../../pages/info/useProfile';

interface SwitchDeptRoleDialogProps {
  open: boolean;
  identity: Identity | undefined;
  onClose(): void;
}

interface SwitchForm {
  deptId: string;
  roleId: string;
}

/** Spec §4 department/role switch: choose among the user's own departments and roles, then renew the token. */
export function SwitchDeptRoleDialog({ open, identity, onClose }: SwitchDeptRoleDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SwitchForm>();
  const { profile, loading } = useProfile({ enabled: open });
  const depts = useMemo(() => choicesOf(profile?.deptId, profile?.deptName), [profile]);
  const roles = useMemo(() => choicesOf(profile?.roleId, profile?.roleName), [profile]);
  const [switching, setSwitching] = useState(false);
  // The session's current dept and role are preselected: the one it holds, or the first of several (nothing switched
  // yet: the user's main one, as the server lists it). Set as the form's initial values, so a read again of the
  // profile never takes back a choice.
  const preselect = (held: string | undefined, options: Choice[]) =>
    (held ?? '').split(',').find((id) => options.some((option) => option.value === id.trim()))?.trim();
  const initialValues: Partial<SwitchForm> = { deptId: preselect(identity?.deptId, depts), roleId: preselect(identity?.roleId, roles) };

  const submit = async () => {
    // Invalid fields show their messages under the selects.
    if (!profile) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSwitching(true);
    // The switch ends with a reload: the page that follows reads this and says it worked.
    setStore({ name: storeKeys.deptRoleSwitched, content: true, type: 'session' });
    try {
      await switchDeptRole(values.deptId, values.roleId);
    } catch (error) {
      removeStore({ name: storeKeys.deptRoleSwitched });
      // A refused switch keeps the current session.
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('switch.title')}
      width={420}
      okText={t('crud.ok')}
      cancelText={t('crud.cancel')}
      okButtonProps={{ loading: switching }}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      {/* Mounted once the choices are known, so the preselection is its initial state. */}
      {profile ? (
        <Form<SwitchForm>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={initialValues}
        >
          <Form.Item name="deptId" label={t('switch.dept')} rules={[{ required: true, message: t('switch.deptRequired') }]}>
            <Select options={depts} placeholder={t('switch.deptRequired')} allowClear />
          </Form.Item>
          <Form.Item name="roleId" label={t('switch.role')} rules={[{ required: true, message: t('switch.roleRequired') }]}>
            <Select options={roles} placeholder={t('switch.roleRequired')} allowClear />
          </Form.Item>
        </Form>
      ) : (
        <Spin spinning={loading} />
      )}
    </Modal>
  );
}
