import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZRoomListResponse } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { roomKeys } from './keys';

type TResponse = z.infer<typeof ZRoomListResponse>;

export const listRooms = (seedId: string) => api<TResponse>(`/api/seeds/${seedId}/rooms`).then((r) => r.data);
export const listRoomsQuery = (seedId: string) => queryOptions({ queryKey: roomKeys.rooms(seedId), queryFn: () => listRooms(seedId) });
export const useRooms = (seedId: string | undefined) => useQuery({ ...listRoomsQuery(seedId ?? ''), enabled: Boolean(seedId) });
