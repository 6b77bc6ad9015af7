import { App, Badge, Button, Card, Segmented, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MessageRow } from '../../../resources/message/wire';
import { MessageCategoryTag } from './MessageCategoryTag';
import { useMarkMessagesRead, useMessagePage, useUnreadMessages, type MessageFilter } from './messageApi';

type ReadFilter = NonNullable<MessageFilter['isRead']>;

/**
 * `/message/list` (我的消息): every message of the signed-in user, unread first, filtered by read or unread; mark the
 * selected ones or all read; opening one marks it read and goes to what it is about.
 */
export default function MessageListPage() {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const [isRead, setIsRead] = useState<ReadFilter>('');
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const page = useMessagePage({ ...paging, isRead });
  const unread = useUnreadMessages();
  const { mark, markAll, isPending } = useMarkMessagesRead();
  const data = page.data?.data;

  const open = (row: MessageRow) => {
    if (row.isRead === 0) mark([row.id]);
    if (row.link.startsWith('/')) void navigate(row.link);
  };

  const columns: ColumnsType<MessageRow> = [
    {
      key: 'isRead',
      dataIndex: 'isRead',
      title: t('message.fields.isRead'),
      width: 90,
      render: (value: number) => (value === 0 ? <Badge status="processing" text={t('message.unread')} /> : <Badge status="default" text={t('message.read')} />),
    },
    { key: 'category', dataIndex: 'category', title: t('message.fields.category'), width: 110, render: (_, row) => <MessageCategoryTag category={row.category} /> },
    {
      key: 'title',
      dataIndex: 'title',
      title: t('message.fields.title'),
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong={row.isRead === 0}>{row.title}</Typography.Text>
          <Typography.Text type="secondary">{row.content}</Typography.Text>
        </Space>
      ),
    },
    { key: 'createTime', dataIndex: 'createTime', title: t('message.fields.createTime'), width: 180 },
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 160,
      render: (_, row) => (
        <Space>
          {row.link.startsWith('/') && (
            <Button type="link" size="small" onClick={() => open(row)}>
              {t('message.open')}
            </Button>
          )}
          {row.isRead === 0 && (
            <Button type="link" size="small" onClick={() => mark([row.id])}>
              {t('message.markRead')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card className="message-list-page" title={t('message.title')}>
      <Space className="crud-toolbar" wrap>
        <Segmented<ReadFilter>
          value={isRead}
          onChange={(value) => {
            setIsRead(value);
            setPaging((current) => ({ ...current, current: 1 }));
            setSelected([]);
          }}
          options={[
            { value: '', label: t('message.filter.all') },
            { value: '0', label: t('message.filter.unread') },
            { value: '1', label: t('message.filter.read') },
          ]}
        />
        <Button
          disabled={selected.length === 0 || isPending}
          onClick={() => {
            mark(selected);
            setSelected([]);
          }}
        >
          {t('message.markRead')}
        </Button>
        <Button type="primary" disabled={(unread?.total ?? 0) === 0 || isPending} onClick={() => markAll(() => void toast.success(t('message.markedAll')))}>
          {t('message.markAllRead')}
        </Button>
      </Space>
      <Table<MessageRow>
        rowKey="id"
        size="middle"
        loading={page.isLoading}
        columns={columns}
        dataSource={data?.records ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (row) => ({ disabled: row.isRead === 1 }),
        }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </Card>
  );
}
