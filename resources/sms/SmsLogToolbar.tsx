import { HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { Alert, Button, Drawer, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../providers/data';
import type { ToolbarProps } from '../../src/components/crud/descriptor';
import { useResourceTable } from '../../src/components/crud/useResourceTable';
import { SMS_LOG_PURPOSES, SMS_LOG_RESULTS } from './logLabels';
import { smsCategoryDict } from './dicts';

interface SmsLogRow extends BaseRecord {
  id: string;
  sendTime: string;
  smsCode: string;
  category: number;
  purpose: number;
  phone: string;
  content: string;
  result: number;
  answer: string;
}

const RESULT_COLORS: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' };

/** The send log as a table: newest first, phones masked, the recording channel's text and each provider's answer. */
function SmsLogTable({ schema }: Pick<ToolbarProps, 'schema'>) {
  const { t, i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  const meta: BladeMeta = { endpoints: { list: 'log/list' } };
  const { tableProps, tableQuery } = useResourceTable<SmsLogRow>({
    resource: schema.name,
    syncWithLocation: false,
    meta,
    pagination: { pageSize: 10 },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const categoryLabel = (key: number) => {
    const item = smsCategoryDict.items.find((entry) => entry.key === String(key));
    return item ? (english ? item.label.en : item.label.zh) : String(key);
  };
  const labelOf = (labels: Record<number, { zh: string; en: string }>, key: number) => (labels[key] ? (english ? labels[key].en : labels[key].zh) : String(key));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Alert type="info" showIcon message={t('sms.channelHint')} />
        <Button icon={<ReloadOutlined />} onClick={() => void tableQuery.refetch()}>
          {t('sms.log.refresh')}
        </Button>
      </Space>
      <Table<SmsLogRow>
        {...tableProps}
        rowKey="id"
        size="small"
        className="sms-log"
        locale={{ emptyText: t('sms.log.empty') }}
        columns={[
          { title: t('sms.log.sendTime'), dataIndex: 'sendTime', width: 165 },
          { title: t('sms.log.smsCode'), dataIndex: 'smsCode', width: 110 },
          { title: t('sms.log.category'), dataIndex: 'category', width: 100, render: categoryLabel },
          { title: t('sms.log.purpose'), dataIndex: 'purpose', width: 90, render: (value: number) => labelOf(SMS_LOG_PURPOSES, value) },
          { title: t('sms.log.phone'), dataIndex: 'phone', width: 120 },
          { title: t('sms.log.content'), dataIndex: 'content', width: 240 },
          {
            title: t('sms.log.result'),
            dataIndex: 'result',
            width: 90,
            render: (value: number) => <Tag color={RESULT_COLORS[value]}>{labelOf(SMS_LOG_RESULTS, value)}</Tag>,
          },
          {
            title: t('sms.log.answer'),
            dataIndex: 'answer',
            ellipsis: { showTitle: false },
            render: (value: string) => (
              <Tooltip title={value} placement="topLeft">
                <span>{value}</span>
              </Tooltip>
            ),
          },
        ]}
      />
    </Space>
  );
}

/** 发送记录 beside the toolbar's buttons: the tenant's recent sends in a drawer over the settings. */
export function SmsLogToolbar({ schema }: ToolbarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {t('sms.log.open')}
      </Button>
      <Drawer open={open} width="80%" title={t('sms.log.title')} onClose={() => setOpen(false)} destroyOnHidden>
        <SmsLogTable schema={schema} />
      </Drawer>
    </>
  );
}
