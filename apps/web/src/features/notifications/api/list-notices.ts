import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZNoticesResponse } from '@suite/shared/schemas/notifications';
import { api } from '@/lib/api';
import { notificationKeys } from './keys';

export type TNoticesPage = z.infer<typeof ZNoticesResponse>;

/** GET /api/me/notifications (newest first; `unread` only the unread ones; `cursor` the next page). */
export function listNotices(q: { unread?: boolean; limit?: number; cursor?: string | null }): Promise<TNoticesPage> {
  const params = new URLSearchParams();
  if (q.unread) params.set('unread', 'true');
  if (q.limit) params.set('limit', String(q.limit));
  if (q.cursor) params.set('cursor', q.cursor);
  const query = params.toString();
  return api<TNoticesPage>(`/api/me/notifications${query ? `?${query}` : ''}`);
}

/** The bell: the latest few notices and the unread count. */
export const BELL_LIMIT = 8;
export const bellNoticesQuery = () => queryOptions({ queryKey: notificationKeys.bell, queryFn: () => listNotices({ limit: BELL_LIMIT }) });
export const useBellNotices = () => useQuery(bellNoticesQuery());

/** The page's inbox, a page of 30 at a time ("더 보기"). */
export const inboxQuery = (unread: boolean) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(unread),
    queryFn: ({ pageParam }) => listNotices({ unread, limit: 30, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useInbox = (unread: boolean) => useInfiniteQuery(inboxQuery(unread));
