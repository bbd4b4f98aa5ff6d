import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMessageResponse } from '@suite/shared';
import type {
  TCreateDisplayInput,
  ZCheckInCodeResponse,
  ZDisplayActionResponse,
  ZDisplayCreated,
  ZDisplayStateResponse,
  ZMinutesItemsResponse,
  ZPhoneCheckInResponse,
  ZPhoneCheckInState,
  ZRoomDisplayList,
} from '@suite/shared/schemas/rooms-door';
import { api } from '@/lib/api';
import { roomKeys } from './keys';

type TDisplayStateResponse = z.infer<typeof ZDisplayStateResponse>;
type TDisplayAction = z.infer<typeof ZDisplayActionResponse>;

// ── The display by the door: the token in its URL is all it has (no sign-in). ──

const displayPath = (token: string) => `/api/room-displays/${encodeURIComponent(token)}`;
export const getDisplayState = (token: string) => api<TDisplayStateResponse>(displayPath(token), { auth: false });
/** Read every 30 s (and after each action): the page stays current without a session for the live stream. */
export const displayStateQuery = (token: string) =>
  queryOptions({
    queryKey: ['room-display', token] as const,
    queryFn: () => getDisplayState(token),
    select: (r) => r.data,
    refetchInterval: 30_000,
    refetchIntervalInBackground: true,
    retry: false,
  });
export const useDisplayState = (token: string) => useQuery(displayStateQuery(token));

export const displayQuickBook = (token: string, minutes: number) =>
  api<TDisplayAction>(`${displayPath(token)}/quick-book`, { method: 'POST', body: { minutes }, auth: false });
export const displayCheckIn = (token: string, bookingId: string) =>
  api<TDisplayAction>(`${displayPath(token)}/check-in`, { method: 'POST', body: { bookingId }, auth: false });
export function useDisplayAction(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { kind: 'quick'; minutes: number } | { kind: 'check-in'; bookingId: string }) =>
      a.kind === 'quick' ? displayQuickBook(token, a.minutes) : displayCheckIn(token, a.bookingId),
    onSuccess: (r) => qc.setQueryData(['room-display', token], { data: r.data }),
  });
}

// ── Console: displays and QR codes (owners, admins). ──

const displaysKey = (seedId: string) => [...roomKeys.all(seedId), 'displays'] as const;
export const useRoomDisplays = (seedId: string, enabled: boolean) =>
  useQuery({ queryKey: displaysKey(seedId), queryFn: () => api<z.infer<typeof ZRoomDisplayList>>(`/api/seeds/${seedId}/room-displays`), enabled });
export function useCreateDisplay(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateDisplayInput) => api<z.infer<typeof ZDisplayCreated>>(`/api/seeds/${seedId}/room-displays`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: displaysKey(seedId) }),
  });
}
export function useRevokeDisplay(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TMessageResponse>(`/api/seeds/${seedId}/room-displays/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: displaysKey(seedId) }),
  });
}

const codeKey = (seedId: string, roomId: string) => [...roomKeys.all(seedId), 'check-in-code', roomId] as const;
export const useCheckInCode = (seedId: string, roomId: string | null) =>
  useQuery({
    queryKey: codeKey(seedId, roomId ?? ''),
    queryFn: () => api<z.infer<typeof ZCheckInCodeResponse>>(`/api/seeds/${seedId}/rooms/${roomId}/check-in-code`),
    select: (r) => r.data,
    enabled: Boolean(roomId),
  });
export function useRotateCheckInCode(seedId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string) => api<z.infer<typeof ZCheckInCodeResponse>>(`/api/seeds/${seedId}/rooms/${roomId}/check-in-code/rotate`, { method: 'POST' }),
    onSuccess: (r) => qc.setQueryData(codeKey(seedId, r.data.roomId), r),
  });
}

// ── The phone: /rooms/check-in/{roomId}?c=<code> (signed in). ──

const phoneKey = (roomId: string, code: string) => ['room-check-in', roomId, code] as const;
export const usePhoneCheckIn = (roomId: string, code: string) =>
  useQuery({
    queryKey: phoneKey(roomId, code),
    queryFn: () => api<z.infer<typeof ZPhoneCheckInState>>(`/api/rooms/check-in/${encodeURIComponent(roomId)}?c=${encodeURIComponent(code)}`),
    select: (r) => r.data,
    retry: false,
  });
export function usePhoneCheckInAction(roomId: string, code: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      api<z.infer<typeof ZPhoneCheckInResponse>>(`/api/rooms/check-in/${encodeURIComponent(roomId)}`, { method: 'POST', body: { c: code, bookingId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: phoneKey(roomId, code) }),
  });
}

// ── Minutes → decisions and action items of a booking. ──

export const useMinutesItems = (seedId: string, bookingId: string) =>
  useQuery({
    queryKey: [...roomKeys.all(seedId), 'minutes-items', bookingId] as const,
    queryFn: () => api<z.infer<typeof ZMinutesItemsResponse>>(`/api/seeds/${seedId}/bookings/${bookingId}/action-items`),
    select: (r) => r.data,
  });
