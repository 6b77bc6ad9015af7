import { useCustom, useList } from '@refinedev/core';
import { Badge, Button, Empty, List, Popover, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BladeMeta } from '../../../providers/data';
import { getStore, setStore } from '../../../providers/storage';
import { MESSAGE_LIST_ROUTE, type MessageRow } from '../../../resources/message/wire';
import { noticeSchema } from '../../../resources/notice/schema';
import { useMarkMessagesRead, useMessagePage, useUnreadMessages, MESSAGE_POLL_MS } from '../../pages/message/messageApi';
import { MessageCategoryTag } from '../../pages/message/MessageCategoryTag';
import { FLOW_API, flowPaths, flowRouteKeyOf, type BladePage, type WorkRow } from '../../pages/work/workApi';
import { useRegistry } from '../../registry';
import { useMenuState } from '../MenuContext';
import { menuByPath } from '../menuTree';

/** A notice as `GET /api/blade-desk/notice/list` pages it. */
interface Notice {
  id: string;
  title: string;
  category?: number | string;
  categoryName?: string;
  releaseTime?: string;
}

const PAGE_SIZE = 5;
/** The release time of the newest notice the user has seen in the 通知 tab: newer ones count as unread. */
const NOTICE_SEEN_KEY = 'noticeSeenAt';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const silent: BladeMeta = { silent: true };

/**
 * The tenant's published notices (released by now), newest first, and how many were released since the user last
 * looked. Read only once the menus say the user may read notices (通知公告): without that menu the server refuses.
 */
function useNotices(allowed: boolean, seenAt: string | undefined) {
  // Published by the time the header was shown; a notice released later shows on the next visit.
  const [now] = useState(() => dayjs().format(DATE_TIME));
  const { result, query } = useList<Notice>({
    resource: noticeSchema.name,
    pagination: { currentPage: 1, pageSize: PAGE_SIZE },
    sorters: [{ field: 'releaseTime', order: 'desc' }],
    meta: { ...silent, query: { releaseTime_datele: now } },
    errorNotification: false,
    queryOptions: { enabled: allowed, retry: false, refetchInterval: MESSAGE_POLL_MS * 2 },
  });
  const { result: unseen } = useList<Notice>({
    resource: noticeSchema.name,
    pagination: { currentPage: 1, pageSize: 1 },
    meta: { ...silent, query: { releaseTime_datele: now, ...(seenAt ? { releaseTime_dategt: seenAt } : {}) } },
    errorNotification: false,
    queryOptions: { enabled: allowed, retry: false, refetchInterval: MESSAGE_POLL_MS * 2 },
  });
  return { isLoading: query.isLoading, records: result.data, unseen: allowed ? (unseen.total ?? 0) : 0 };
}

/** The caller's open workflow tasks: assigned (待办) and to claim (待签), a few of each and their totals. */
function useOpenTasks() {
  const list = (url: string) =>
    ({
      url,
      method: 'get',
      config: { query: { current: 1, size: PAGE_SIZE } },
      meta: silent,
      errorNotification: false,
      queryOptions: { retry: false, refetchInterval: MESSAGE_POLL_MS * 2 },
    }) as const;
  const { query: todo } = useCustom<BladePage<WorkRow>>(list(`${FLOW_API}/work/todo-list`));
  const { query: claim } = useCustom<BladePage<WorkRow>>(list(`${FLOW_API}/work/claim-list`));
  const todoPage = todo.data?.data;
  const claimPage = claim.data?.data;
  return {
    isLoading: todo.isLoading || claim.isLoading,
    todo: todoPage?.records ?? [],
    claim: claimPage?.records ?? [],
    total: (todoPage?.total ?? 0) + (claimPage?.total ?? 0),
  };
}

const tabLabel = (label: string, count: number) => (
  <Badge count={count} size="small" offset={[8, -2]} overflowCount={99}>
    <span>{label}</span>
  </Badge>
);

const empty = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;

/**
 * The bell: 通知 (the tenant's published notices), 消息 (the user's messages, unread first) and 待办 (their open
 * workflow tasks), each with its unread count and the bell with their sum. Opening a message marks it read and goes
 * to what it is about; the counts are read again every half minute.
 */
export function NoticePopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registry = useRegistry();
  const { allMenus, loaded } = useMenuState();
  // The server's answer to the menus decides: a stored copy may be a role behind.
  const mayReadNotices = loaded && menuByPath(allMenus, noticeSchema.route) !== undefined;
  const [noticeSeenAt, setNoticeSeenAt] = useState(() => getStore<string>({ name: NOTICE_SEEN_KEY }));
  const notices = useNotices(mayReadNotices, noticeSeenAt);
  const unread = useUnreadMessages();
  const [open, setOpen] = useState(false);
  const messages = useMessagePage({ current: 1, size: PAGE_SIZE }, open);
  const tasks = useOpenTasks();
  const { mark, markAll, isPending } = useMarkMessagesRead();
  const [chosenTab, setChosenTab] = useState<string>();

  const unreadMessages = unread?.total ?? 0;
  const firstWithNews = notices.unseen > 0 ? 'notice' : unreadMessages > 0 ? 'message' : tasks.total > 0 ? 'todo' : undefined;
  const activeTab = chosenTab ?? firstWithNews ?? (mayReadNotices ? 'notice' : 'message');

  // Looking at the notices is reading them: the newest shown becomes the mark.
  const newestNotice = notices.records[0]?.releaseTime;
  const seeNotices = () => {
    if (!newestNotice || newestNotice === noticeSeenAt) return;
    setStore({ name: NOTICE_SEEN_KEY, content: newestNotice });
    setNoticeSeenAt(newestNotice);
  };
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  const openMessage = (message: MessageRow) => {
    if (message.isRead === 0) mark([message.id]);
    if (message.link.startsWith('/')) go(message.link);
  };
  const openTask = (row: WorkRow, claimable: boolean) => {
    const routeKey = flowRouteKeyOf(registry, row.category);
    go(!claimable && routeKey && row.businessId ? flowPaths.handle(routeKey, row) : claimable ? '/work/claim' : '/work/todo');
  };

  const footer = (...actions: ReactNode[]) => <Space className="notice-popover__footer">{actions}</Space>;

  const noticeTab = {
    key: 'notice',
    label: tabLabel(t('notices.notice'), notices.unseen),
    children: notices.isLoading ? (
      <Spin />
    ) : notices.records.length ? (
      <List<Notice>
        size="small"
        dataSource={notices.records}
        renderItem={(notice) => (
          <List.Item className="notice-popover__item" onClick={() => go(`${noticeSchema.route}/${notice.id}`)}>
            <List.Item.Meta
              title={notice.title}
              description={
                <Typography.Text type="secondary">{[notice.categoryName, notice.releaseTime].filter(Boolean).join(' · ')}</Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    ) : (
      empty(t('notices.empty'))
    ),
  };

  const messageRecords = messages.data?.data.records ?? [];
  const messageTab = {
    key: 'message',
    label: tabLabel(t('notices.message'), unreadMessages),
    children: (
      <>
        {messages.isLoading ? (
          <Spin />
        ) : messageRecords.length ? (
          <List<MessageRow>
            size="small"
            dataSource={messageRecords}
            renderItem={(message) => (
              <List.Item
                className={`notice-popover__item${message.isRead === 0 ? ' notice-popover__item--unread' : ''}`}
                data-message-id={message.id}
                onClick={() => openMessage(message)}
              >
                <List.Item.Meta
                  title={
                    <Space size={4}>
                      {message.isRead === 0 && <Badge status="processing" />}
                      <MessageCategoryTag category={message.category} />
                      <span>{message.title}</span>
                    </Space>
                  }
                  description={<Typography.Text type="secondary">{message.createTime}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        ) : (
          empty(t('notices.noMessages'))
        )}
        {footer(
          <Button key="all" size="small" type="link" disabled={unreadMessages === 0 || isPending} onClick={() => markAll()}>
            {t('notices.markAllRead')}
          </Button>,
          <Button key="list" size="small" type="link" onClick={() => go(MESSAGE_LIST_ROUTE)}>
            {t('notices.viewAll')}
          </Button>,
        )}
      </>
    ),
  };

  const taskRows = [...tasks.todo.map((row) => ({ row, claimable: false })), ...tasks.claim.map((row) => ({ row, claimable: true }))];
  const todoTab = {
    key: 'todo',
    label: tabLabel(t('notices.todo'), tasks.total),
    children: (
      <>
        {tasks.isLoading ? (
          <Spin />
        ) : taskRows.length ? (
          <List
            size="small"
            dataSource={taskRows.slice(0, PAGE_SIZE)}
            renderItem={({ row, claimable }) => (
              <List.Item className="notice-popover__item" onClick={() => openTask(row, claimable)}>
                <List.Item.Meta
                  title={
                    <Space size={4}>
                      {claimable && <Tag color="orange">{t('notices.claimTag')}</Tag>}
                      <span>{[row.processDefinitionName, row.taskName].filter(Boolean).join(' · ')}</span>
                    </Space>
                  }
                  description={<Typography.Text type="secondary">{row.createTime}</Typography.Text>}
                />
              </List.Item>
            )}
          />
        ) : (
          empty(t('notices.noTodo'))
        )}
        {footer(
          <Button key="todo" size="small" type="link" onClick={() => go('/work/todo')}>
            {t('notices.todoList')}
          </Button>,
          <Button key="claim" size="small" type="link" onClick={() => go('/work/claim')}>
            {t('notices.claimList')}
          </Button>,
        )}
      </>
    ),
  };

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && activeTab === 'notice') seeNotices();
      }}
      content={
        <Tabs
          className="notice-popover"
          style={{ width: 360 }}
          activeKey={activeTab}
          onChange={(key) => {
            setChosenTab(key);
            if (key === 'notice') seeNotices();
          }}
          items={mayReadNotices ? [noticeTab, messageTab, todoTab] : [messageTab, todoTab]}
        />
      }
    >
      <Badge count={notices.unseen + unreadMessages + tasks.total} overflowCount={99} size="small" className="header-tools__badge">
        <Button type="text" icon={<BellOutlined />} aria-label={t('notices.title')} title={t('notices.title')} />
      </Badge>
    </Popover>
  );
}
