import { createElement } from 'react';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { ReportNameLink, ReportPreviewRedirect } from './ReportOpenLinks';

/** A report opens its viewer (in the iframe route) from its name and from 预览; the definition is a plain form. */
const reportUi: ResourceUiDescriptor = {
  recordViews: { preview: ReportPreviewRedirect },
  columns: {
    reportName: {
      render: (value: unknown, record) => createElement(ReportNameLink, { id: String(record.id), name: String(value ?? '') }),
    },
  },
};

export default reportUi;
