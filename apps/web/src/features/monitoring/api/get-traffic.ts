import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTrafficResponse, TTrafficWindow } from '@suite/shared/schemas/traffic';
import { api } from '@/lib/api';
import { trafficKeys } from './traffic-keys';

/** GET /api/admin/monitoring/traffic?window= (platform admins): totals, services, busiest routes, series. */
export const getTraffic = (window: TTrafficWindow) => api<TTrafficResponse>(`/api/admin/monitoring/traffic?window=${window}`);
export const trafficQuery = (window: TTrafficWindow) =>
  queryOptions({ queryKey: trafficKeys.traffic(window), queryFn: () => getTraffic(window), refetchInterval: 30_000, placeholderData: keepPreviousData });
export const useTraffic = (window: TTrafficWindow) => useQuery(trafficQuery(window));
