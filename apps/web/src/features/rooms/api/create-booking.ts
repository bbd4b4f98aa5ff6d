import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCreateBookingInput, ZCreateBookingResponse } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { useInvalidateRooms } from './invalidate';

export type TCreateResult = z.infer<typeof ZCreateBookingResponse>;

export const createBooking = (seedId: string, body: TCreateBookingInput) => api<TCreateResult>(`/api/seeds/${seedId}/bookings`, { method: 'POST', body });
export function useCreateBooking(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({ mutationFn: (body: TCreateBookingInput) => createBooking(seedId, body), onSuccess: invalidate });
}
