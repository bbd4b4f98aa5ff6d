import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TMessageResponse } from '@suite/shared';
import type { ZBookingResponse } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { useInvalidateRooms } from './invalidate';

type TAction = 'cancel' | 'cancel-following' | 'check-in';

/** Cancel one booking, cancel it and the later ones of its series, or check in. */
export const bookingAction = (seedId: string, id: string, action: TAction): Promise<TMessageResponse> =>
  action === 'check-in'
    ? api<z.infer<typeof ZBookingResponse>>(`/api/seeds/${seedId}/bookings/${id}/check-in`, { method: 'POST' })
    : api<TMessageResponse>(`/api/seeds/${seedId}/bookings/${id}${action === 'cancel-following' ? '?scope=following' : ''}`, { method: 'DELETE' });
export function useBookingAction(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({ mutationFn: ({ id, action }: { id: string; action: TAction }) => bookingAction(seedId, id, action), onSuccess: invalidate });
}
