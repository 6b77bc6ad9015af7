import { createElement } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { Typography } from 'antd';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { hasPermission } from '../../providers/access';
import { operationCode } from '../types';
import { downloadFile } from '../../providers/download';
import { ExportButton } from './ExportButton';
import { exportChecklistSchema } from './schema';

/** The file name downloads the stored export again (with the `download` button). */
const ui: ResourceUiDescriptor = {
  toolbar: ExportButton,
  columns: {
    fileName: {
      render: (value: unknown, record: BaseRecord) =>
        hasPermission(operationCode(exportChecklistSchema, 'download'))
          ? createElement(
              Typography.Link,
              { onClick: () => void downloadFile(`${exportChecklistSchema.api}/download`, { id: record.id }, String(value)).catch(() => undefined) },
              String(value ?? ''),
            )
          : String(value ?? ''),
    },
  },
};
export default ui;
