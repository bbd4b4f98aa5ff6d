import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSpendResponse, TTrafficWindow } from '@suite/shared/schemas/traffic';
import { api } from '@/lib/api';
import { trafficKeys } from './traffic-keys';

/** GET /api/admin/monitoring/spend?window= (platform admins): tokens per workspace, mails per seed, 429 refusals. */
export const getSpend = (window: TTrafficWindow) => api<TSpendResponse>(`/api/admin/monitoring/spend?window=${window}`);
export const spendQuery = (window: TTrafficWindow) =>
  queryOptions({ queryKey: trafficKeys.spend(window), queryFn: () => getSpend(window), refetchInterval: 60_000, placeholderData: keepPreviousData });
export const useSpend = (window: TTrafficWindow) => useQuery(spendQuery(window));
