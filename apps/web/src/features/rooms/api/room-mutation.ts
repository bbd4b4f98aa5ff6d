import { useMutation } from '@tanstack/react-query';
import type { TCreateRoomInput, TUpdateRoomInput } from '@suite/shared/schemas/rooms';
import type { TMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';
import { useInvalidateRooms } from './invalidate';

type TRoomWrite =
  { method: 'POST'; body: TCreateRoomInput } | { method: 'PATCH'; roomId: string; body: TUpdateRoomInput } | { method: 'DELETE'; roomId: string };

/** Add (POST), change (PATCH) or delete (DELETE) a room; every answer carries the Korean message. */
export const writeRoom = (seedId: string, req: TRoomWrite) =>
  api<TMessageResponse>(`/api/seeds/${seedId}/rooms${req.method === 'POST' ? '' : `/${req.roomId}`}`, {
    method: req.method,
    ...(req.method === 'DELETE' ? {} : { body: req.body }),
  });
export function useRoomMutation(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({ mutationFn: (req: TRoomWrite) => writeRoom(seedId, req), onSuccess: invalidate });
}
