import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMessageResponse } from '@suite/shared';
import type {
  TCalDavConnectInput,
  ZCalendarConnectionList,
  ZCalendarConnectionResponse,
  ZCalendarSyncResult,
  ZGoogleConnectStart,
  ZRoomAddressList,
} from '@suite/shared/schemas/calendar-sync';
import { api } from '@/lib/api';

const keys = {
  connections: ['calendar-sync', 'connections'] as const,
  addresses: (seedId: string) => ['rooms', seedId, 'calendar-addresses'] as const,
};

export const calendarConnectionsQuery = () =>
  queryOptions({ queryKey: keys.connections, queryFn: () => api<z.infer<typeof ZCalendarConnectionList>>('/api/calendar-sync/connections') });
export const useCalendarConnections = () => useQuery(calendarConnectionsQuery());

export const useRoomAddresses = (seedId: string) =>
  useQuery({ queryKey: keys.addresses(seedId), queryFn: () => api<z.infer<typeof ZRoomAddressList>>(`/api/seeds/${seedId}/calendar-sync/room-addresses`) });

/** Asks for Google's consent page and goes there (the callback brings the member back to the settings). */
export const useStartGoogle = () =>
  useMutation({
    mutationFn: () => api<z.infer<typeof ZGoogleConnectStart>>('/api/calendar-sync/google/start', { method: 'POST' }),
    onSuccess: (r) => window.location.assign(r.url),
  });

export function useConnectCalDav() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCalDavConnectInput) => api<z.infer<typeof ZCalendarConnectionResponse>>('/api/calendar-sync/caldav', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.connections }),
  });
}

export function useSyncNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<z.infer<typeof ZCalendarSyncResult>>(`/api/calendar-sync/connections/${id}/sync`, { method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.connections }),
  });
}

export function useDisconnectCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TMessageResponse>(`/api/calendar-sync/connections/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.connections }),
  });
}
