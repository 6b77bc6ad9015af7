import { useInvalidate } from '@refinedev/core';
import { App, Badge, Button, Modal, Space, Table, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearErrorLogs, installErrorCapture, uploadErrorLogs, useErrorLogs, type ErrorLogEntry } from './errorLog';
import { useOpenedOnce } from '../../components/useOpenedOnce';

/** The resource listing the uploaded logs (错误日志). */
const ERROR_LOG_RESOURCE = 'errorlog';

/** Header badge with the number of locally logged errors (99+ beyond 99) and the log viewer with upload and clear. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const entries = useErrorLogs();
  const [open, setOpen] = useState(false);
  const openOpened = useOpenedOnce(open);
  const invalidate = useInvalidate();

  useEffect(installErrorCapture, []);

  const confirmUpload = () =>
    modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('errorLog.uploadConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: async () => {
        await uploadErrorLogs();
        // The uploaded entries join the server's error log: its screen reads it again.
        void invalidate({ resource: ERROR_LOG_RESOURCE, invalidates: ['resourceAll'] });
        void message.success(t('errorLog.uploaded'));
      },
    });

  const confirmClear = () =>
    modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('errorLog.clearConfirm'),
      okText: t('crud.ok'),
      cancelText: t('crud.cancel'),
      onOk: () => {
        clearErrorLogs();
        void message.success(t('errorLog.cleared'));
      },
    });

  return (
    <>
      <Badge count={entries.length} overflowCount={99} size="small" className="header-tools__badge">
        <Button
          type="text"
          icon={<BugOutlined />}
          aria-label={t('errorLog.title')}
          title={t('errorLog.title')}
          onClick={() => setOpen(true)}
        />
      </Badge>
      {openOpened && (
        <Modal
          open={open}
          title={t('errorLog.title')}
          width={1000}
          footer={null}
          onCancel={() => setOpen(false)}
        >
          <Space className="crud-toolbar">
            <Button type="primary" disabled={entries.length === 0} onClick={confirmUpload}>
              {t('errorLog.upload')}
            </Button>
            <Button danger disabled={entries.length === 0} onClick={confirmClear}>
              {t('errorLog.clear')}
            </Button>
          </Space>
          <Table<ErrorLogEntry>
            size="small"
            rowKey={(entry) => `${entry.time}|${entry.message}|${entries.indexOf(entry)}`}
            dataSource={entries}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: t('errorLog.type'), dataIndex: 'type', width: 70 },
              { title: t('errorLog.url'), dataIndex: 'url', width: 220, ellipsis: true },
              { title: t('errorLog.message'), dataIndex: 'message', width: 220 },
              {
                title: t('errorLog.stack'),
                dataIndex: 'stack',
                render: (stack: string) => (
                  <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} className="error-log__stack">
                    {stack}
                  </Typography.Paragraph>
                ),
              },
              { title: t('errorLog.time'), dataIndex: 'time', width: 160 },
            ]}
          />
        </Modal>
      )}
    </>
  );
}
