import { AuditOutlined, CloudServerOutlined, DownloadOutlined, ImportOutlined, InboxOutlined, RetweetOutlined, UnlockOutlined, UserAddOutlined } from '@ant-design/icons';
import { useList, useOne, type BaseKey } from '@refinedev/core';
import { App, Button, Form, Input, Modal, Radio, Select, Space, Table, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../providers/data';
import { downloadFile } from '../../providers/download';
import type { ToolbarProps } from '../../src/components/crud/descriptor';
import { operationLabelKey } from '../../src/components/crud/schemaMapping';
import { useFieldOptions } from '../../src/components/crud/useFieldOptions';
import { allowedOperations } from '../../src/components/crud/useOperations';
import { useResourceCall } from '../../src/components/crud/useResourceCall';
import { ExportButton } from '../exportchecklist/ExportButton';
import { useRoleChoices } from './userApi';

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
  const { call } = useResourceCall();
  const [dialog, setDialog] = useState<Dialog>();
  const allowed = new Set(allowedOperations(schema).toolbarCustom.map((operation) => operation.alias));
  const userIds = selectedKeys.join(',');
  // Each write below is a call that re-reads the user screen's views (`invalidates`).
  const done = (alias: string) => {
    void message.success(t('crud.operationDone', { name: t(operationLabelKey(schema, alias)) }));
    clearSelection();
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
        await call({ url: `${schema.api}/${alias}`, query: { userIds }, invalidates: [schema.name] });
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
      {dialog === 'role' && <GrantDialog schema={schema} userIds={userIds} onClose={() => setDialog(undefined)} onDone={() => done('role')} />}
      {dialog === 'platform' && (
        <PlatformDialog schema={schema} userId={String(selectedKeys[0])} onClose={() => setDialog(undefined)} onDone={() => done('platform')} />
      )}
      {dialog === 'audit' && <AuditDialog schema={schema} onClose={() => setDialog(undefined)} />}
      {dialog === 'import' && <ImportDialog schema={schema} onClose={() => setDialog(undefined)} />}
    </>
  );
}

function GrantDialog({ schema, userIds, onClose, onDone }: { schema: ToolbarProps['schema']; userIds: string; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const roles = useRoleChoices();
  const { call, pending: busy } = useResourceCall();
  // One user: the dialog starts from the roles they hold, as Saber's does; several users start from none.
  const single = !userIds.includes(',');
  const { result: user } = useOne<{ roleId?: string }>({ resource: schema.name, id: userIds, errorNotification: false, queryOptions: { enabled: single } });
  const held = single ? String(user?.roleId ?? '').split(',').filter(Boolean) : [];
  const [changed, setChanged] = useState<string[]>();
  const picked = changed ?? held;
  const submit = async () => {
    try {
      await call({ url: `${schema.api}/grant`, query: { userIds, roleIds: picked.join(',') }, invalidates: [schema.name] });
      onDone();
      onClose();
    } catch {
      // The http client has shown the server's message.
    }
  };
  return (
    <Modal open title={t('user.grant.title')} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ disabled: picked.length === 0, loading: busy }} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      <Select mode="multiple" className="user-grant-roles" style={{ width: '100%' }} options={roles} value={picked} onChange={setChanged} optionFilterProp="label" placeholder={t('user.grant.roles')} />
    </Modal>
  );
}

function PlatformDialog({ schema, userId, onClose, onDone }: { schema: ToolbarProps['schema']; userId: string; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ userType?: number | string; userExt?: string }>();
  const types = useFieldOptions(schema.fields.find((field) => field.name === 'userType')!);
  const { call } = useResourceCall();
  const platformMeta: BladeMeta = { endpoints: { detail: 'platform-detail' } };
  const { result: platform } = useOne<{ userType: number; userExt: string }>({ resource: schema.name, id: userId, meta: platformMeta, errorNotification: false });
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await call({ url: `${schema.api}/update-platform`, query: { userId, userType: values.userType ?? '', userExt: values.userExt ?? '' }, invalidates: [schema.name] });
      onDone();
      onClose();
    } catch {
      // The http client has shown the server's message.
    }
  };
  const userTypeLabel = t(`${schema.name}.fields.userType`);
  return (
    <Modal open title={t('user.platform.title')} onCancel={onClose} onOk={() => void submit()} okText={t('crud.ok')} cancelText={t('crud.cancel')} destroyOnHidden>
      {/* Drawn once the user's platform is read: the form starts from it. */}
      {platform && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ userType: String(platform.userType), userExt: platform.userExt }}>
          <Form.Item name="userType" label={userTypeLabel} rules={[{ required: true, message: t('crud.selectPlaceholder', { label: userTypeLabel }) }]}>
            <Select options={types.map((option) => ({ value: String(option.value), label: option.label }))} />
          </Form.Item>
          <Form.Item name="userExt" label={t(`${schema.name}.fields.userExt`)}>
            <Input.TextArea rows={4} maxLength={2000} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

interface AuditRow {
  id: string;
  account: string;
  realName: string;
  createTime: string;
}

function AuditDialog({ schema, onClose }: { schema: ToolbarProps['schema']; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { call } = useResourceCall();
  const [picked, setPicked] = useState<BaseKey[]>([]);
  // Registrations awaiting audit: a list of the user resource, read again after every decision.
  const auditMeta: BladeMeta = { endpoints: { list: 'audit-list' } };
  const { result, query } = useList<AuditRow>({ resource: schema.name, pagination: { currentPage: 1, pageSize: 100 }, meta: auditMeta, errorNotification: false });
  const rows = result.data;
  const loading = query.isFetching;
  const decide = async (path: 'audit-pass' | 'audit-refuse') => {
    try {
      await call({ url: `${schema.api}/${path}`, query: { userIds: picked.join(',') }, invalidates: [schema.name] });
      void message.success(t('crud.operationDone', { name: t(path === 'audit-pass' ? 'user.audit.pass' : 'user.audit.refuse') }));
      setPicked([]);
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

function ImportDialog({ schema, onClose }: { schema: ToolbarProps['schema']; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [covered, setCovered] = useState(0);
  const { call, pending: busy } = useResourceCall();
  const api = schema.api;
  const upload = async (file: File) => {
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const answer = await call<{ imported: number; skipped: number }>({ url: `${api}/import-user`, body: form, query: { isCovered: covered }, invalidates: [schema.name] });
      void message.success(t('user.import.done', answer));
      onClose();
    } catch {
      // The http client has shown the server's message (the rows and columns at fault).
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
