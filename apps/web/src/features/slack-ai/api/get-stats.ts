import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSlackStatsResponse } from '@suite/shared/schemas/slack';
import { api } from '@/lib/api';
import { slackBase, slackKeys } from './keys';

export const getSlackStats = (id: string, days: number) => api<TSlackStatsResponse>(`${slackBase(id)}/stats?days=${days}`);
export const getSlackStatsQuery = (id: string, days: number) => queryOptions({ queryKey: slackKeys.stats(id, days), queryFn: () => getSlackStats(id, days) });
export const useSlackStats = (id: string, days: number) => useQuery(getSlackStatsQuery(id, days));
