import { useEffect, useRef } from 'react';
import { downloadFile } from '../../providers/download';
import { http } from '../../providers/http';
import type { OperationDialogProps } from '../../src/components/crud/descriptor';
import { endpointsOf } from '../types';

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
  const id = ids[0];
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const detail = await http.get<{ data: Attachment }>(`${schema.api}/${endpointsOf(schema).detail}`, { params: { id } });
        const file = detail.data.data;
        if (!cancelled) await downloadFile(file.link, {}, file.originalName || file.name);
      } catch {
        // The http client has shown why.
      } finally {
        if (!cancelled) close.current();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [schema, id]);
  return null;
}
