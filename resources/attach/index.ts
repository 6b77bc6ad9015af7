import { createElement } from 'react';
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
    // Opens in a new tab: images, PDFs and text show there, anything else is saved (the server decides which).
    link: {
      render: (value: unknown) =>
        typeof value === 'string' && value !== ''
          ? createElement('a', { href: value, target: '_blank', rel: 'noopener noreferrer', className: 'attach-link' }, value)
          : null,
    },
  },
};

export default attachUi;
