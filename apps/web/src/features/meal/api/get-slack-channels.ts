import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMealSlackChannelsResponse } from '@suite/shared/schemas/meal-verify';
import { api } from '@/lib/api';
import { mealKeys } from './keys';

type TResponse = z.infer<typeof ZMealSlackChannelsResponse>;

/** GET /api/seeds/{seedId}/meal-slack-channels: whether a game round posts its commitment to Slack, and the default channel. */
export const getSlackChannels = (seedId: string) => api<TResponse>(`/api/seeds/${seedId}/meal-slack-channels`);
export const useSlackChannels = (seedId: string, enabled = true) =>
  useQuery({
    queryKey: [...mealKeys.all(seedId), 'slack-channels'] as const,
    queryFn: () => getSlackChannels(seedId),
    select: (r) => r.data,
    enabled: enabled && Boolean(seedId),
    staleTime: 60_000,
  });
