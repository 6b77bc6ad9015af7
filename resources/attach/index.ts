import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { AttachDownload } from './AttachDownload';
import { AttachToolbar } from './AttachToolbar';
import { fileSizeText } from './fileSize';
import './messages';

/** Attachments: the generic list with sizes as people read them, an upload dialog, and downloads by original name. */
const attachUi: ResourceUiDescriptor = {
  toolbar: AttachToolbar,
  operationDialogs: { download: AttachDownload },
  columns: {
    attachSize: { render: (value: unknown) => fileSizeText(value), align: 'right' },
  },
};

export default attachUi;
