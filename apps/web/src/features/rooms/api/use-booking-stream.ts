import { useEventStream } from '@/lib/use-event-stream';
import { roomKeys } from './keys';

/** Live booking changes of a seed (server-sent events): each refreshes the seed's booking queries. */
export function useBookingStream(seedId: string | undefined): 'live' | 'offline' {
  return useEventStream(seedId ? `/api/seeds/${seedId}/bookings/stream` : undefined, 'booking', roomKeys.all(seedId ?? ''));
}
