import { createElement } from 'react';
import { Typography } from 'antd';
import type { ResourceUiDescriptor } from '../../src/components/crud/descriptor';
import { downloadObject } from '../../providers/objectUpload';
import { ErrorLines } from './ErrorLines';

/** The file link downloads the checked file from object storage; the errors read as one line per bad row. */
const ui: ResourceUiDescriptor = {
  columns: {
    fileUrl: {
      render: (value: unknown) =>
        value
          ? createElement(
              Typography.Link,
              { onClick: () => void downloadObject(String(value)).catch(() => undefined) },
              String(value).slice(String(value).lastIndexOf('/') + 1),
            )
          : null,
    },
  },
  sections: { errors: ErrorLines },
};
export default ui;
