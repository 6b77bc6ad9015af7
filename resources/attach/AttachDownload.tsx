import { useOne } from '@refinedev/core';
import { useEffect, useRef } from 'react';
import { downloadFile } from '../../providers/download';
import type { OperationDialogProps } from '../../src/components/crud/descriptor';

interface Attachment {
  link: string;
  originalName?: string;
  name: string;
}

/** 下载 on a row: the file is fetched from its link and saved under its original name; nothing is drawn. */
export function AttachDownload({ schema, ids, onClose }: OperationDialogProps) {
  // Once per opening: the list may draw again (and hand a new onClose) while the file downloads.
  const close = useRef(onClose);
  close.current = onClose;
  const { result: file, query } = useOne<Attachment>({
    resource: schema.name,
    id: String(ids[0]),
    errorNotification: false,
    queryOptions: { retry: false },
  });
  const failed = query.isError;
  useEffect(() => {
    if (failed) {
      // A refused read: the http client has shown why.
      close.current();
      return;
    }
    if (!file) return;
    let cancelled = false;
    downloadFile(file.link, {}, file.originalName || file.name)
      // The http client has shown why.
      .catch(() => undefined)
      .finally(() => !cancelled && close.current());
    return () => {
      cancelled = true;
    };
  }, [file, failed]);
  return null;
}
