import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TBookingStats, TRoom, TRoomLogEntry, TRoomSettings } from '@suite/shared';
import { api } from '@/lib/api';

export type { TBooking, TRoom };
type TSkipped = { startsAt: string; endsAt: string; reason: string };
export type TCreateResult = { success: true; message: string; data: TBooking; created: TBooking[]; skipped: TSkipped[] };

const keys = {
  rooms: (seedId: string) => ['rooms', seedId, 'rooms'] as const,
  all: (seedId: string) => ['rooms', seedId] as const,
};

export function useRooms(seedId: string | undefined) {
  return useQuery({
    queryKey: keys.rooms(seedId ?? ''),
    enabled: Boolean(seedId),
    queryFn: async () => (await api<{ data: TRoom[] }>(`/api/seeds/${seedId}/rooms`)).data,
  });
}

export function useBookings(seedId: string | undefined, from: string, to: string, mine = false) {
  return useQuery({
    queryKey: ['rooms', seedId ?? '', 'bookings', from, to, mine],
    enabled: Boolean(seedId),
    queryFn: async () => {
      const q = new URLSearchParams({ from, to, ...(mine ? { mine: 'true' } : {}) });
      return (await api<{ data: TBooking[] }>(`/api/seeds/${seedId}/bookings?${q}`)).data;
    },
  });
}

function useInvalidate(seedId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all(seedId) });
}

export function useCreateBooking(seedId: string) {
  const invalidate = useInvalidate(seedId);
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<TCreateResult>(`/api/seeds/${seedId}/bookings`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateBooking(seedId: string) {
  const invalidate = useInvalidate(seedId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      api<{ success: true; message: string; data: TBooking }>(`/api/seeds/${seedId}/bookings/${id}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useBookingAction(seedId: string) {
  const invalidate = useInvalidate(seedId);
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'cancel-following' | 'check-in' }) =>
      action !== 'check-in'
        ? api<{ success: true; message: string }>(`/api/seeds/${seedId}/bookings/${id}${action === 'cancel-following' ? '?scope=following' : ''}`, { method: 'DELETE' })
        : api<{ success: true; message: string }>(`/api/seeds/${seedId}/bookings/${id}/check-in`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

export function useFreeRooms(seedId: string | undefined, q: { from: string; to: string; capacity?: number; equipment?: string } | null) {
  return useQuery({
    queryKey: ['rooms', seedId ?? '', 'free', q],
    enabled: Boolean(seedId && q),
    queryFn: async () => {
      const p = new URLSearchParams({ from: q!.from, to: q!.to });
      if (q!.capacity) p.set('capacity', String(q!.capacity));
      if (q!.equipment) p.set('equipment', q!.equipment);
      return (await api<{ data: TRoom[] }>(`/api/seeds/${seedId}/free-rooms?${p}`)).data;
    },
  });
}

export function useRoomMutation(seedId: string) {
  const invalidate = useInvalidate(seedId);
  return useMutation({
    mutationFn: (req: { method: 'POST' | 'PATCH' | 'DELETE'; roomId?: string; body?: unknown }) =>
      api<{ success: true; message: string }>(`/api/seeds/${seedId}/rooms${req.roomId ? `/${req.roomId}` : ''}`, { method: req.method, body: req.body }),
    onSuccess: invalidate,
  });
}

export function useRoomSettings(seedId: string | undefined) {
  return useQuery({
    queryKey: ['rooms', seedId ?? '', 'settings'],
    enabled: Boolean(seedId),
    queryFn: () => api<{ data: TRoomSettings; canManage: boolean }>(`/api/seeds/${seedId}/room-settings`),
  });
}

export function useSaveRoomSettings(seedId: string) {
  const invalidate = useInvalidate(seedId);
  return useMutation({
    mutationFn: (body: Partial<TRoomSettings>) => api<{ data: TRoomSettings }>(`/api/seeds/${seedId}/room-settings`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useBookingStats(seedId: string | undefined, from: string, to: string) {
  return useQuery({
    queryKey: ['rooms', seedId ?? '', 'stats', from, to],
    enabled: Boolean(seedId),
    queryFn: () => api<TBookingStats>(`/api/seeds/${seedId}/bookings/stats?${new URLSearchParams({ from, to })}`),
  });
}

export function useBookingLogs(seedId: string | undefined, before: number | undefined) {
  return useQuery({
    queryKey: ['rooms', seedId ?? '', 'logs', before],
    enabled: Boolean(seedId),
    queryFn: () => api<{ data: TRoomLogEntry[]; nextBefore: number | null }>(`/api/seeds/${seedId}/booking-logs?${new URLSearchParams(before ? { before: String(before) } : {})}`),
  });
}

export function useCalendarFeed() {
  return useQuery({ queryKey: ['calendar-feed'], queryFn: () => api<{ active: boolean; createdAt: string | null }>('/api/me/calendar-feed') });
}

export function useCalendarFeedAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'revoke') =>
      action === 'create'
        ? api<{ success: true; message: string; url: string }>('/api/me/calendar-feed', { method: 'POST' })
        : api<{ success: true; message: string; url?: string }>('/api/me/calendar-feed', { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['calendar-feed'] }),
  });
}

/** The seed's members, for picking attendees. */
export function useMemberChoices(seedId: string) {
  return useQuery({
    queryKey: ['rooms', seedId, 'members'],
    queryFn: async () => (await api<{ data: { user_id: string; email: string; full_name: string }[] }>(`/api/seeds/${seedId}/members`)).data,
    staleTime: 60_000,
  });
}
