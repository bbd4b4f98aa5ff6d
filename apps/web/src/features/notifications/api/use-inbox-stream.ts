import { useEventStream } from '@/lib/use-event-stream';
import { notificationKeys } from './keys';

/**
 * GET /api/me/notifications/stream (server-sent events, `event: unread`): each change of the unread count refreshes
 * every inbox query (the bell's and the page's). One stream per tab, opened by the bell.
 */
export function useInboxStream(enabled: boolean): 'live' | 'offline' {
  return useEventStream(enabled ? '/api/me/notifications/stream' : undefined, 'unread', notificationKeys.inbox);
}
