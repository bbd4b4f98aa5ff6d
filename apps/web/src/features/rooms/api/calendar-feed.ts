import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMessageResponse } from '@suite/shared';
import type { ZCalendarFeedCreated, ZCalendarFeedStatus } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { roomKeys } from './keys';

type TStatus = z.infer<typeof ZCalendarFeedStatus>;
type TCreated = z.infer<typeof ZCalendarFeedCreated>;

export const getCalendarFeed = () => api<TStatus>('/api/me/calendar-feed');
export const calendarFeedQuery = () => queryOptions({ queryKey: roomKeys.calendarFeed, queryFn: getCalendarFeed });
export const useCalendarFeed = () => useQuery(calendarFeedQuery());

/** Create a new subscription address (the old one stops working) or revoke it. */
export const calendarFeedAction = (action: 'create' | 'revoke'): Promise<TCreated | TMessageResponse> =>
  action === 'create' ? api<TCreated>('/api/me/calendar-feed', { method: 'POST' }) : api<TMessageResponse>('/api/me/calendar-feed', { method: 'DELETE' });
export function useCalendarFeedAction() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: calendarFeedAction, onSuccess: () => qc.invalidateQueries({ queryKey: roomKeys.calendarFeed }) });
}
