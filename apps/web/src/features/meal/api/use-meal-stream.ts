import { useEventStream } from '@/lib/use-event-stream';
import { mealKeys } from './keys';

/** Live meal-round updates of a seed (server-sent events, `event: meal`): refreshes the seed's meal queries. */
export function useMealStream(seedId: string | undefined): 'live' | 'offline' {
  return useEventStream(seedId ? `/api/seeds/${seedId}/meals/stream` : undefined, 'meal', mealKeys.all(seedId ?? ''));
}
