import { useCustom, useCustomMutation } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import type { BladeMeta } from '../../../providers/data';
import { MESSAGE_API, type MessageCategory, type MessageRow, type UnreadCount } from '../../../resources/message/wire';
import type { BladePage } from '../work/workApi';

/** The caller's messages are read again this often (the header's badge and tabs, 我的消息). */
export const MESSAGE_POLL_MS = 30_000;
/** Every message query starts with this key: marking read invalidates them all. */
const MESSAGE_KEY = 'messages';
const silent: BladeMeta = { silent: true };

/** The caller's unread messages, all and per category. */
export function useUnreadMessages() {
  const { query } = useCustom<UnreadCount>({
    url: `${MESSAGE_API}/unread-count`,
    method: 'get',
    meta: silent,
    errorNotification: false,
    queryOptions: { queryKey: [MESSAGE_KEY, 'unread'], refetchInterval: MESSAGE_POLL_MS, retry: false },
  });
  return query.data?.data;
}

export interface MessageFilter {
  current: number;
  size: number;
  /** '0' unread, '1' read, '' all. */
  isRead?: '' | '0' | '1';
  category?: MessageCategory;
}

/** One page of the caller's messages, unread first. */
export function useMessagePage(filter: MessageFilter, enabled = true) {
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
  const { query: page } = useCustom<BladePage<MessageRow>>({
    url: `${MESSAGE_API}/list`,
    method: 'get',
    config: { query },
    meta: silent,
    errorNotification: false,
    queryOptions: { queryKey: [MESSAGE_KEY, 'list', query], refetchInterval: MESSAGE_POLL_MS, retry: false, enabled },
  });
  return page;
}

/** Marks some messages read (`ids`) or all of them (`all`); every message query is read again afterwards. */
export function useMarkMessagesRead() {
  const queryClient = useQueryClient();
  const { mutate, mutation } = useCustomMutation();
  const done = () => void queryClient.invalidateQueries({ queryKey: [MESSAGE_KEY] });
  const mark = (ids: string[]) =>
    mutate(
      { url: `${MESSAGE_API}/read`, method: 'post', values: { ids }, meta: silent, successNotification: false, errorNotification: false },
      { onSuccess: done },
    );
  const markAll = (onSuccess?: () => void) =>
    mutate(
      { url: `${MESSAGE_API}/read-all`, method: 'post', values: {}, meta: silent, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          done();
          onSuccess?.();
        },
      },
    );
  return { mark, markAll, isPending: mutation.isPending };
}
