import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../providers/download';
import type { RunCaseAttachment } from './runApi';
import { taskSchema } from './schema';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`;

/**
 * A case's attachments (files its script wrote into its output folder), each a download. The run view reads them
 * through the task's API; the report viewer through its own, with the token it was opened with (`query`).
 */
export function RunAttachmentLinks({
  attachments,
  url = `${taskSchema.api}/run-attachment`,
  query = {},
}: {
  attachments: RunCaseAttachment[];
  url?: string;
  query?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string>();
  if (attachments.length === 0) return <Typography.Text type="secondary">{t('task.run.noAttachments')}</Typography.Text>;
  const download = async (attachment: RunCaseAttachment) => {
    setPending(attachment.id);
    try {
      await downloadFile(url, { id: attachment.id, ...query }, attachment.fileName.split('/').pop() || attachment.fileName);
    } catch {
      // The http client has shown why.
    } finally {
      setPending(undefined);
    }
  };
  return (
    <Space size={[4, 0]} wrap className="run-attachments">
      {attachments.map((attachment) => (
        <Button
          key={attachment.id}
          type="link"
          size="small"
          icon={<PaperClipOutlined />}
          loading={pending === attachment.id}
          title={t('task.run.downloadAttachment', { name: attachment.fileName, size: sizeText(attachment.fileSize) })}
          onClick={() => void download(attachment)}
        >
          {attachment.fileName}
        </Button>
      ))}
    </Space>
  );
}
