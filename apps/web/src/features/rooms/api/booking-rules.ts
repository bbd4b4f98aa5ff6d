import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  TRoomRulesInput,
  TRoomTeamInput,
  TSeedRulesInput,
  ZBookingRulesResponse,
  ZBookingRulesSaved,
  ZSeriesHistoryResponse,
} from '@suite/shared/schemas/rooms-rules';
import type { ZMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { useInvalidateRooms } from './invalidate';
import { roomKeys } from './keys';

type TRules = z.infer<typeof ZBookingRulesResponse>;
type TSaved = z.infer<typeof ZBookingRulesSaved>;

/** Booking rules, team quotas and the abandoned-series threshold of a seed's rooms (issue 37). */
const rulesKey = (seedId: string) => [...roomKeys.all(seedId), 'rules'] as const;
export const bookingRulesQuery = (seedId: string) =>
  queryOptions({ queryKey: rulesKey(seedId), queryFn: () => api<TRules>(`/api/seeds/${seedId}/rooms/rules`) });
export const useBookingRules = (seedId: string) => useQuery(bookingRulesQuery(seedId));

export function useSaveSeedRules(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({
    mutationFn: (body: TSeedRulesInput) => api<TSaved>(`/api/seeds/${seedId}/rooms/rules`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSaveRoomRules(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({
    mutationFn: ({ roomId, body }: { roomId: string; body: TRoomRulesInput }) =>
      api<TSaved>(`/api/seeds/${seedId}/rooms/${roomId}/rules`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useSaveTeam(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({
    mutationFn: ({ teamId, body }: { teamId: string | null; body: TRoomTeamInput }) =>
      teamId
        ? api<TSaved>(`/api/seeds/${seedId}/rooms/teams/${teamId}`, { method: 'PUT', body })
        : api<TSaved>(`/api/seeds/${seedId}/rooms/teams`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useRemoveTeam(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({
    mutationFn: (teamId: string) => api<z.infer<typeof ZMessageResponse>>(`/api/seeds/${seedId}/rooms/teams/${teamId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** The rule overrides and the abandoned-series steps of a booking (and its series). */
export const useBookingHistory = (seedId: string, bookingId: string) =>
  useQuery({
    queryKey: [...roomKeys.all(seedId), 'history', bookingId],
    queryFn: () => api<z.infer<typeof ZSeriesHistoryResponse>>(`/api/seeds/${seedId}/bookings/${bookingId}/history`).then((r) => r.data),
  });
