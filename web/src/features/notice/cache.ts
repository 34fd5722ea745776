/**
 * The notices in the query cache: one infinite, live query whose first page also carries the
 * unread count (the link's badge and the screen's count). Paid messages and stamps write notices
 * on both sides through the table's stream: a push of one is the moment to read them again.
 */
import type { NoticeListResponse } from '@app/shared/schemas/notice';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, queryClient } from '../../lib/query.ts';
import { type RealtimeEvent, realtime } from '../../lib/realtime.ts';
import { getNotices } from './api/getNotices.ts';

export const noticeKeys = { list: ['notice', 'list'] as const };

export type NoticePages = InfiniteData<NoticeListResponse, string | undefined>;

export const noticesQuery = () =>
  pagedQuery({ queryKey: noticeKeys.list, page: (cursor) => getNotices(cursor), live: true });

export const useNotices = () => useInfiniteQuery(noticesQuery());

/** The stream writes the notice a moment after the message: read again after this delay. */
export const NOTICE_WRITE_DELAY_MS = 800;

/** Whether a push means new notices: a paid message or stamp, live (not from the catch-up). */
export const pushMakesNotice = (event: RealtimeEvent) =>
  event.type === 'message' && event.message.cost > 0 && !event.catchUp;

/** Notices marked read here: the rows (one, or all when `id` is absent) and the new unread count. */
export function markNoticesRead(client: QueryClient, unread: number, id?: string): void {
  client.setQueryData<NoticePages>(noticeKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p, i) => ({
            ...p,
            unread: i === 0 ? unread : p.unread,
            notices: p.notices.map((n) => (id === undefined || n.id === id ? { ...n, read: true } : n)),
          })),
        }
      : data,
  );
}

let timer: ReturnType<typeof setTimeout> | null = null;
realtime.subscribe((event) => {
  if (!pushMakesNotice(event)) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void queryClient.invalidateQueries({ queryKey: noticeKeys.list });
  }, NOTICE_WRITE_DELAY_MS);
});
