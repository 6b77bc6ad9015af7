import { AuditOutlined, CloudServerOutlined, DownloadOutlined, ImportOutlined, InboxOutlined, RetweetOutlined, UnlockOutlined, UserAddOutlined } from '@ant-design/icons';
import { useInvalidate, type BaseKey } from '@refinedev/core';
import { App, Button, Form, Input, Modal, Radio, Select, Space, Table, Upload } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../providers/download';
import { http } from '../../providers/http';
import type { ToolbarProps } from '../../src/components/crud/descriptor';
import { operationLabelKey } from '../../src/components/crud/schemaMapping';
import { useFieldOptions } from '../../src/components/crud/useFieldOptions';
import { allowedOperations } from '../../src/components/crud/useOperations';
import { ExportButton } from '../exportchecklist/ExportButton';
import { roleChoices, type Choice } from './userApi';

type Dialog = 'role' | 'platform' | 'audit' | 'import' | undefined;

const ICONS: Record<string, ReactNode> = {
  role: <UserAddOutlined />,
  'reset-password': <RetweetOutlined />,
  platform: <CloudServerOutlined />,
  unlock: <UnlockOutlined />,
  audit: <AuditOutlined />,
  import: <ImportOutlined />,
};

/**
 * The user screen's toolbar operations (BladeX user.vue): 角色配置, 密码重置, 平台配置 and 账号解封 act on the selected
 * rows; 用户审核 lists the registrations awaiting audit; 导入 / 导出 move users as `.xlsx`. Each shows with its button.
 */
export function UserToolbar({ schema, filters, selectedKeys, clearSelection }: ToolbarProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const invalidate = useInvalidate();
  const [dialog, setDialog] = useState<Dialog>();
  const allowed = new Set(allowedOperations(schema).toolbarCustom.map((operation) => operation.alias));
  const userIds = selectedKeys.join(',');
  const refresh = () => invalidate({ resource: schema.name, invalidates: ['list', 'detail'] });
  const done = (alias: string) => {
    void message.success(t('crud.operationDone', { name: t(operationLabelKey(schema, alias)) }));
    clearSelection();
    void refresh();
  };
  const needSelection = () => {
    if (selectedKeys.length > 0) return false;
    void message.warning(t('crud.selectAtLeastOne'));
    return true;
  };
  const confirmed = (alias: 'reset-password' | 'unlock') => {
    if (needSelection()) return;
    modal.confirm({
      title: t('crud.confirmTitle'),
      content: t(`${schema.name}.operations.${alias}.confirm`),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await http.post(`${schema.api}/${alias}`, null, { params: { userIds } });
        done(alias);
      },
    });
  };
  const open = (which: Exclude<Dialog, undefined>) => {
    if (which === 'role' && needSelection()) return;
    if (which === 'platform' && selectedKeys.length !== 1) {
      void message.warning(t('user.platform.pickOne'));
      return;
    }
    setDialog(which);
  };
  const button = (alias: string, onClick: () => void) =>
    allowed.has(alias) && (
      <Button key={alias} icon={ICONS[alias]} onClick={onClick} data-operation={alias}>
        {t(operationLabelKey(schema, alias))}
      </Button>
    );
  return (
    <>
      {button('role', () => open('role'))}
      {button('reset-password', () => confirmed('reset-password'))}
      {button('platform', () => open('platform'))}
      {button('unlock', () => confirmed('unlock'))}
      {button('audit', () => open('audit'))}
      {button('import', () => open('import'))}
      <ExportButton schema={schema} filters={filters} />
      {dialog === 'role' && <GrantDialog api={schema.api} userIds={userIds} onClose={() => setDialog(undefined)} onDone={() => done('role')} />}
      {dialog === 'platform' && (
        <PlatformDialog schema={schema} userId={String(selectedKeys[0])} onClose={() => setDialog(undefined)} onDone={() => done('platform')} />
      )}
      {dialog === 'audit' && <AuditDialog api={schema.api} onClose={() => setDialog(undefined)} onDone={() => void refresh()} />}
      {dialog === 'import' && <ImportDialog api={schema.api} onClose={() => setDialog(undefined)} onDone={() => void refresh()} />}
    </>
  );
}

function GrantDialog({ api, userIds, onClose, onDone }: { api: string; userIds: string; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [roles, setRoles] = useState<Choice[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    roleChoices().then(setRoles, () => undefined);
  }, []);
  // One user: the dialog starts from the roles they hold, as Saber's does; several users start from none.
  useEffect(() => {
    if (userIds.includes(',')) return;
    http.get<{ data: { roleId?: string } }>(`${api}/detail`, { params: { id: userIds } }).then(
      (response) => setPicked((response.data.data.roleId ?? '').split(',').filter(Boolean)),
      () => undefined,
    );
  }, [api, userIds]);
  const submit = async () => {
    setBusy(true);
    try {
      await http.post(`${api}/grant`, null, { params: { userIds, roleIds: picked.join(',') } });
      onDone();
      onClose();
    } catch {
      // The http client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('user.grant.title')} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ disabled: picked.length === 0, loading: busy }} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      <Select mode="multiple" className="user-grant-roles" style={{ width: '100%' }} options={roles} value={picked} onChange={setPicked} optionFilterProp="label" placeholder={t('user.grant.roles')} />
    </Modal>
  );
}

function PlatformDialog({ schema, userId, onClose, onDone }: { schema: ToolbarProps['schema']; userId: string; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ userType?: number | string; userExt?: string }>();
  const types = useFieldOptions(schema.fields.find((field) => field.name === 'userType')!);
  useEffect(() => {
    http.get<{ data: { userType: number; userExt: string } }>(`${schema.api}/platform-detail`, { params: { id: userId } }).then(
      (response) => form.setFieldsValue({ userType: String(response.data.data.userType), userExt: response.data.data.userExt }),
      () => undefined,
    );
  }, [form, schema.api, userId]);
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await http.post(`${schema.api}/update-platform`, null, { params: { userId, userType: values.userType, userExt: values.userExt ?? '' } });
      onDone();
      onClose();
    } catch {
      // The http client has shown the server's message.
    }
  };
  const userTypeLabel = t(`${schema.name}.fields.userType`);
  return (
    <Modal open title={t('user.platform.title')} onCancel={onClose} onOk={() => void submit()} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="userType" label={userTypeLabel} rules={[{ required: true, message: t('crud.selectPlaceholder', { label: userTypeLabel }) }]}>
          <Select options={types.map((option) => ({ value: String(option.value), label: option.label }))} />
        </Form.Item>
        <Form.Item name="userExt" label={t(`${schema.name}.fields.userExt`)}>
          <Input.TextArea rows={4} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface AuditRow {
  id: string;
  account: string;
  realName: string;
  createTime: string;
}

function AuditDialog({ api, onClose, onDone }: { api: string; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [picked, setPicked] = useState<BaseKey[]>([]);
  const [loading, setLoading] = useState(true);
  const load = () => {
    setLoading(true);
    http.get<{ data: { records: AuditRow[] } }>(`${api}/audit-list`, { params: { current: 1, size: 100 } }).then(
      (response) => setRows(response.data.data.records),
      () => undefined,
    ).finally(() => setLoading(false));
  };
  useEffect(load, [api]);
  const decide = async (path: 'audit-pass' | 'audit-refuse') => {
    try {
      await http.post(`${api}/${path}`, null, { params: { userIds: picked.join(',') } });
      void message.success(t('crud.operationDone', { name: t(path === 'audit-pass' ? 'user.audit.pass' : 'user.audit.refuse') }));
      setPicked([]);
      load();
      onDone();
    } catch {
      // The http client has shown the server's message.
    }
  };
  return (
    <Modal
      open
      width={720}
      title={t('user.audit.title')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('crud.close')}</Button>
          <Button danger disabled={picked.length === 0} onClick={() => void decide('audit-refuse')}>{t('user.audit.refuse')}</Button>
          <Button type="primary" disabled={picked.length === 0} onClick={() => void decide('audit-pass')}>{t('user.audit.pass')}</Button>
        </Space>
      }
      destroyOnHidden
    >
      <Table<AuditRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: t('user.audit.empty') }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys as BaseKey[]) }}
        columns={[
          { key: 'account', dataIndex: 'account', title: t('user.fields.account') },
          { key: 'realName', dataIndex: 'realName', title: t('user.fields.realName') },
          { key: 'createTime', dataIndex: 'createTime', title: t('user.audit.createTime') },
        ]}
      />
    </Modal>
  );
}

function ImportDialog({ api, onClose, onDone }: { api: string; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [covered, setCovered] = useState(0);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const response = await http.post<{ data: { imported: number; skipped: number } }>(`${api}/import-user`, form, { params: { isCovered: covered } });
      void message.success(t('user.import.done', response.data.data));
      onDone();
      onClose();
    } catch {
      // The http client has shown the server's message (the rows and columns at fault).
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('user.import.title')} onCancel={onClose} footer={null} destroyOnHidden className="user-import-dialog">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group value={covered} onChange={(event) => setCovered(Number(event.target.value))}>
          <Radio value={0}>{t('user.import.coveredNo')}</Radio>
          <Radio value={1}>{t('user.import.coveredYes')}</Radio>
        </Radio.Group>
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('user.import.pick')}</p>
        </Upload.Dragger>
        <Button icon={<DownloadOutlined />} type="link" onClick={() => void downloadFile(`${api}/export-template`, {}, 'user-template.xlsx').catch(() => undefined)}>
          {t('user.import.template')}
        </Button>
      </Space>
    </Modal>
  );
}
