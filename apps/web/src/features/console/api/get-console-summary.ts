import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConsoleSummaryResponse } from '@suite/shared/schemas/admin';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

/** With a seed: that seed's members' figures (the same for its owner and its members); without: the caller's circle. */
export const getConsoleSummary = (seedId?: string) =>
  api<TConsoleSummaryResponse>(`/api/console/summary${seedId ? `?seedId=${encodeURIComponent(seedId)}` : ''}`);
export const getConsoleSummaryQuery = (seedId?: string) =>
  queryOptions({ queryKey: [...consoleKeys.summary, seedId ?? null], queryFn: () => getConsoleSummary(seedId) });
export const useConsoleSummary = (enabled: boolean, seedId?: string) => useQuery({ ...getConsoleSummaryQuery(seedId), enabled });
