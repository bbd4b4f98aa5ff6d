import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSeedMonitoringResponse, TTrafficWindow } from '@suite/shared/schemas/traffic';
import { api } from '@/lib/api';
import { trafficKeys } from './traffic-keys';

/** GET /api/seeds/{seedId}/monitoring?window= (the seed's owner and admins): the seed's own slice. */
export const getSeedMonitoring = (seedId: string, window: TTrafficWindow) =>
  api<TSeedMonitoringResponse>(`/api/seeds/${encodeURIComponent(seedId)}/monitoring?window=${window}`);
export const seedMonitoringQuery = (seedId: string, window: TTrafficWindow) =>
  queryOptions({
    queryKey: trafficKeys.seed(seedId, window),
    queryFn: () => getSeedMonitoring(seedId, window),
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });
export const useSeedMonitoring = (seedId: string, window: TTrafficWindow) => useQuery(seedMonitoringQuery(seedId, window));
