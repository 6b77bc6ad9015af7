import { useEffect } from 'react';
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
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const detail = await http.get<{ data: Attachment }>(`${schema.api}/${endpointsOf(schema).detail}`, { params: { id: ids[0] } });
        const file = detail.data.data;
        if (!cancelled) await downloadFile(file.link, {}, file.originalName || file.name);
      } catch {
        // The http client has shown why.
      } finally {
        if (!cancelled) onClose();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [schema, ids, onClose]);
  return null;
}
