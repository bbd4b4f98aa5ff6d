import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZRoomListResponse } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { roomKeys } from './keys';

type TResponse = z.infer<typeof ZRoomListResponse>;
export type TFreeRoomsQuery = { from: string; to: string; capacity?: number; equipment?: string };

export function listFreeRooms(seedId: string, q: TFreeRoomsQuery) {
  const p = new URLSearchParams({ from: q.from, to: q.to });
  if (q.capacity) p.set('capacity', String(q.capacity));
  if (q.equipment) p.set('equipment', q.equipment);
  return api<TResponse>(`/api/seeds/${seedId}/free-rooms?${p}`).then((r) => r.data);
}
export const freeRoomsQuery = (seedId: string, q: TFreeRoomsQuery) =>
  queryOptions({ queryKey: roomKeys.free(seedId, q), queryFn: () => listFreeRooms(seedId, q) });
export const useFreeRooms = (seedId: string | undefined, q: TFreeRoomsQuery | null) =>
  useQuery({ ...freeRoomsQuery(seedId ?? '', q ?? { from: '', to: '' }), enabled: Boolean(seedId && q) });
