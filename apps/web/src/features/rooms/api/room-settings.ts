import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TRoomSettings, ZRoomSettingsResponse } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { useInvalidateRooms } from './invalidate';
import { roomKeys } from './keys';

type TResponse = z.infer<typeof ZRoomSettingsResponse>;

export const getRoomSettings = (seedId: string) => api<TResponse>(`/api/seeds/${seedId}/room-settings`);
export const roomSettingsQuery = (seedId: string) => queryOptions({ queryKey: roomKeys.settings(seedId), queryFn: () => getRoomSettings(seedId) });
export const useRoomSettings = (seedId: string | undefined) => useQuery({ ...roomSettingsQuery(seedId ?? ''), enabled: Boolean(seedId) });

export const saveRoomSettings = (seedId: string, body: Partial<TRoomSettings>) =>
  api<TResponse>(`/api/seeds/${seedId}/room-settings`, { method: 'PATCH', body });
export function useSaveRoomSettings(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({ mutationFn: (body: Partial<TRoomSettings>) => saveRoomSettings(seedId, body), onSuccess: invalidate });
}
