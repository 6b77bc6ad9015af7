/**
 * Messages addressed to one user, as `/api/blade-desk/message` answers them: shared by the server that writes and
 * reads them and the screens that show them (the header's 消息 tab, 我的消息).
 */
export const MESSAGE_API = '/api/blade-desk/message';

/** What a message is about: a workflow task (opened or returned), a test run that ended, a scheduled job's alert. */
export const MESSAGE_CATEGORIES = ['flow', 'run', 'alert'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** The page listing every message of the caller. */
export const MESSAGE_LIST_ROUTE = '/message/list';

export interface MessageRow {
  id: string;
  category: MessageCategory;
  title: string;
  content: string;
  /** The screen the message opens: a flow task's form or 待办事务, the run's task, the job (a path of the app). */
  link: string;
  /** 0 unread, 1 read. */
  isRead: number;
  readTime: string;
  createTime: string;
}

/** The caller's unread messages: all, and per category. */
export interface UnreadCount {
  total: number;
  byCategory: Record<MessageCategory, number>;
}
