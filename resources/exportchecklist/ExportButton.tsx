import { ExportOutlined } from '@ant-design/icons';
import type { CrudFilters } from '@refinedev/core';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../providers/access';
import { toBladeFilters } from '../../providers/blade-query';
import { operationCode, operationOf, type ResourceSchema } from '../types';
import { downloadFile } from '../../providers/download';

/** 导出: the list with the screen's current filters, as `.xlsx` (shown with the `export` button only). */
export function ExportButton({ schema, filters }: { schema: ResourceSchema; filters: CrudFilters }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const operation = operationOf(schema, 'export');
  if (!operation?.path || !hasPermission(operationCode(schema, 'export'))) return null;
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(`${schema.api}/${operation.path}`, toBladeFilters(filters, schema), `${schema.name}.xlsx`);
      void message.success(t('exportchecklist.exported'));
    } catch {
      // The http client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<ExportOutlined />} loading={busy} onClick={() => void run()} data-operation="export">
      {t(`${schema.name}.operations.export`)}
    </Button>
  );
}
