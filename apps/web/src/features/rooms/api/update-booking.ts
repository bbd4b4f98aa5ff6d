import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TUpdateBookingInput, ZBookingResponse } from '@suite/shared/schemas/rooms';
import { api } from '@/lib/api';
import { useInvalidateRooms } from './invalidate';

type TResponse = z.infer<typeof ZBookingResponse>;

export const updateBooking = (seedId: string, id: string, body: TUpdateBookingInput) =>
  api<TResponse>(`/api/seeds/${seedId}/bookings/${id}`, { method: 'PATCH', body });
export function useUpdateBooking(seedId: string) {
  const invalidate = useInvalidateRooms(seedId);
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: TUpdateBookingInput }) => updateBooking(seedId, id, body), onSuccess: invalidate });
}
