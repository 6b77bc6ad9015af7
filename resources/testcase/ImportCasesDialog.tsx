import { ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { useInvalidate, type CrudFilters } from '@refinedev/core';
import { Alert, App, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasPermission } from '../../providers/access';
import { http } from '../../providers/http';
import { ExportButton } from '../exportchecklist/ExportButton';
import { downloadFile } from '../../providers/download';
import { importCheckSchema } from '../importcheck/schema';
import { operationCode, type ResourceSchema } from '../types';

interface CheckResult {
  id: string;
  bathNo: string;
  total: number;
  valid: number;
  errors: { row: number; column: string; message: string }[];
}

/**
 * 导入: template download, the file checked by `checkTestCaseImport` (valid count and a row/column/message table),
 * then 确认导入 imports the good rows with `uploadTestCase`; the check is kept in the import-check log.
 */
export function ImportCasesDialog({ schema }: { schema: ResourceSchema }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<CheckResult>();

  const check = async (file: File) => {
    setChecking(true);
    setResult(undefined);
    try {
      const form = new FormData();
      form.append('file', file);
      const response = await http.post<{ data: CheckResult }>(`${schema.api}/checkTestCaseImport`, form);
      setResult(response.data.data);
    } catch {
      // The http client has shown the server's message.
    } finally {
      setChecking(false);
    }
  };
  const confirm = async () => {
    if (!result) return;
    setImporting(true);
    try {
      const response = await http.post<{ data: { imported: number } }>(`${schema.api}/uploadTestCase`, { bathNo: result.bathNo });
      void message.success(t('testcase.import.done', { count: response.data.data.imported }));
      await invalidate({ resource: schema.name, invalidates: ['list'] });
      setOpen(false);
      setResult(undefined);
    } catch {
      // The http client has shown the server's message.
    } finally {
      setImporting(false);
    }
  };

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-operation="import">
        {t('testcase.operations.import')}
      </Button>
      <Modal
        open={open}
        title={t('testcase.import.title')}
        width={760}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        className="import-cases-dialog"
        footer={
          <Space>
            <Button onClick={() => setOpen(false)}>{t('crud.cancel')}</Button>
            <Button type="primary" disabled={!result || result.valid === 0} loading={importing} onClick={() => void confirm()}>
              {t('testcase.import.confirm')}
            </Button>
          </Space>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Typography.Link onClick={() => void downloadFile(`${schema.api}/template`, {}, 'template.xlsx').catch(() => undefined)} data-action="template">
              {t('testcase.import.template')}
            </Typography.Link>
            <Link to={importCheckSchema.route}>{t('testcase.import.log')}</Link>
          </Space>
          <Upload.Dragger
            accept=".xlsx"
            maxCount={1}
            showUploadList={false}
            disabled={checking}
            beforeUpload={(file) => {
              void check(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t(checking ? 'testcase.import.checking' : 'testcase.import.pick')}</p>
          </Upload.Dragger>
          {result && (
            <>
              <Alert
                type={result.errors.length === 0 ? 'success' : 'warning'}
                showIcon
                data-result="summary"
                message={t('testcase.import.summary', { total: result.total, valid: result.valid, bathNo: result.bathNo })}
              />
              {result.errors.length > 0 && (
                <Table
                  size="small"
                  rowKey={(error) => `${error.row}:${error.column}`}
                  dataSource={result.errors}
                  pagination={{ pageSize: 5, hideOnSinglePage: true }}
                  columns={[
                    { key: 'row', dataIndex: 'row', title: t('testcase.import.row'), width: 80 },
                    { key: 'column', dataIndex: 'column', title: t('testcase.import.column'), width: 140 },
                    { key: 'message', dataIndex: 'message', title: t('testcase.import.message') },
                  ]}
                />
              )}
            </>
          )}
        </Space>
      </Modal>
    </>
  );
}

/** The test-case toolbar: 导入 and 导出, each shown with its button only. */
export function TestCaseToolbar({ schema, filters }: { schema: ResourceSchema; filters: CrudFilters }) {
  return (
    <>
      {hasPermission(operationCode(schema, 'import')) && <ImportCasesDialog schema={schema} />}
      <ExportButton schema={schema} filters={filters} />
    </>
  );
}
