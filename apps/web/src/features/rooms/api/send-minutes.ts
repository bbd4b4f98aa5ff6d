import { useMutation } from '@tanstack/react-query';
import type { TMessageResponse } from '@suite/shared';
import { api } from '@/lib/api';

/** POST …/bookings/:id/minutes/send: mails the saved minutes to the attendees (once per booking per 10 minutes). */
export function sendMinutes(seedId: string, bookingId: string): Promise<TMessageResponse> {
  return api<TMessageResponse>(`/api/seeds/${seedId}/bookings/${bookingId}/minutes/send`, { method: 'POST' });
}

export function useSendMinutes(seedId: string) {
  return useMutation({ mutationFn: (bookingId: string) => sendMinutes(seedId, bookingId) });
}
