import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchDeptRole, type Identity } from '../../../providers/auth';
import { storeKeys } from '../../../providers/session';
import { removeStore, setStore } from '../../../providers/storage';
import { choicesOf, fetchProfile, type Choice } from '../../pages/info/userApi';

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
  const [choices, setChoices] = useState<{ depts: Choice[]; roles: Choice[] }>({ depts: [], roles: [] });
  const [loading, setLoading] = useState(false);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoading(true);
    fetchProfile()
      .then((profile) => {
        if (!current) return;
        const depts = choicesOf(profile.deptId, profile.deptName);
        const roles = choicesOf(profile.roleId, profile.roleName);
        setChoices({ depts, roles });
        // The session's current dept and role are preselected: the one it holds, or the first of several (nothing
        // switched yet: the user's main one, as the server lists it).
        const preselect = (held: string | undefined, options: Choice[]) =>
          (held ?? '').split(',').find((id) => options.some((option) => option.value === id.trim()))?.trim();
        form.setFieldsValue({ deptId: preselect(identity?.deptId, depts), roleId: preselect(identity?.roleId, roles) });
      })
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [open, form, identity?.deptId, identity?.roleId]);

  const submit = async () => {
    // Invalid fields show their messages under the selects.
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
      <Form<SwitchForm>
        form={form}
        layout="vertical"
        preserve={false}
      >
        <Form.Item name="deptId" label={t('switch.dept')} rules={[{ required: true, message: t('switch.deptRequired') }]}>
          <Select options={choices.depts} loading={loading} placeholder={t('switch.deptRequired')} allowClear />
        </Form.Item>
        <Form.Item name="roleId" label={t('switch.role')} rules={[{ required: true, message: t('switch.roleRequired') }]}>
          <Select options={choices.roles} loading={loading} placeholder={t('switch.roleRequired')} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
