import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Modal, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeFile } from '../../providers/objectUpload';
import type { ToolbarProps } from '../../src/components/crud/descriptor';
import { operationLabelKey } from '../../src/components/crud/schemaMapping';
import { allowedOperations } from '../../src/components/crud/useOperations';

/**
 * 上传 (with its button): a dialog taking one or more files, each stored as it is dropped; the list shows every
 * file's state, and the attachment list shows the new rows once the dialog closes.
 */
export function AttachToolbar({ schema }: ToolbarProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const mayUpload = allowedOperations(schema).toolbarCustom.some((operation) => operation.alias === 'upload');
  if (!mayUpload) return null;

  const close = () => {
    setOpen(false);
    setFiles([]);
    void invalidate({ resource: schema.name, invalidates: ['list'] });
  };
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t(operationLabelKey(schema, 'upload'))}
      </Button>
      <Modal open={open} title={t('attach.upload.title')} onCancel={close} footer={<Button onClick={close}>{t('crud.close')}</Button>} destroyOnHidden>
        <Upload.Dragger
          multiple
          fileList={files}
          onChange={({ fileList }) => setFiles(fileList)}
          customRequest={({ file, onSuccess, onError }) => {
            storeFile(file as File).then(
              (stored) => {
                void message.success(`${t('attach.upload.done')}: ${stored.originalName}`);
                onSuccess?.(stored);
              },
              (error: Error) => onError?.(error),
            );
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('attach.upload.pick')}</p>
          <p className="ant-upload-hint">{t('attach.upload.limit')}</p>
        </Upload.Dragger>
      </Modal>
    </>
  );
}
