import { useList } from '@refinedev/core';
import { Badge, Button, Empty, List, Popover, Spin, Tabs, Tag, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BladeMeta } from '../../../providers/data';
import { noticeSchema } from '../../../resources/notice/schema';
import { useMenuState } from '../MenuContext';
import { menuByPath } from '../menuTree';

/** A notice as `GET /api/blade-desk/notice/list` pages it. */
interface Notice {
  id: string;
  title: string;
  category?: number | string;
  categoryName?: string;
  releaseTime?: string;
  content?: string;
}

const NOTICE_PAGE_SIZE = 5;

/** Mail and message tabs hold sample entries (spec §1: the notice popover holds sample data); keys of their texts. */
const SAMPLES = {
  mail: ['notices.sample.mail1', 'notices.sample.mail2'],
  message: ['notices.sample.message1', 'notices.sample.message2'],
} as const;

/**
 * The newest notices, read once the menus say the user may read them (通知公告); a failure leaves the tab empty.
 * Without that menu nothing is asked: the server would refuse it. A list query of the notice resource: a notice
 * published on its screen shows in the bell at once.
 */
function useNotices(allowed: boolean) {
  const meta: BladeMeta = { silent: true };
  const { result, query } = useList<Notice>({
    resource: noticeSchema.name,
    pagination: { currentPage: 1, pageSize: NOTICE_PAGE_SIZE },
    sorters: [{ field: 'releaseTime', order: 'desc' }],
    meta,
    errorNotification: false,
    queryOptions: { enabled: allowed, retry: false },
  });
  return { isLoading: query.isLoading, records: result.data, total: result.total ?? 0 };
}

/** Bell with the number of server notices; tabs 邮件, 消息 (samples, labelled so) and 通知 (the server's notices). */
export function NoticePopover() {
  const { t } = useTranslation();
  const { allMenus, loaded } = useMenuState();
  // The server's answer to the menus decides: a stored copy may be a role behind.
  const mayRead = loaded && menuByPath(allMenus, noticeSchema.route) !== undefined;
  const notices = useNotices(mayRead);

  const sampleTab = (key: keyof typeof SAMPLES) => ({
    key,
    label: t(`notices.${key}`),
    children: (
      <>
        <Tag className="notice-list__sample">{t('notices.sampleData')}</Tag>
        <List size="small" dataSource={[...SAMPLES[key]]} renderItem={(text) => <List.Item>{t(text)}</List.Item>} />
      </>
    ),
  });

  const noticeTab = {
    key: 'notice',
    label: t('notices.notice'),
    children: notices.isLoading ? (
      <Spin />
    ) : notices.records.length ? (
      <List<Notice>
        size="small"
        dataSource={notices.records}
        renderItem={(notice) => (
          <List.Item>
            <List.Item.Meta
              title={notice.title}
              description={
                <Typography.Text type="secondary">
                  {[notice.categoryName, notice.releaseTime].filter(Boolean).join(' · ')}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
    ),
  };

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={
        <Tabs
          className="notice-popover"
          style={{ width: 320 }}
          defaultActiveKey={mayRead ? 'notice' : 'mail'}
          items={mayRead ? [sampleTab('mail'), sampleTab('message'), noticeTab] : [sampleTab('mail'), sampleTab('message')]}
        />
      }
    >
      <Badge count={notices.total} overflowCount={99} size="small" className="header-tools__badge">
        <Button type="text" icon={<BellOutlined />} aria-label={t('notices.title')} title={t('notices.title')} />
      </Badge>
    </Popover>
  );
}
