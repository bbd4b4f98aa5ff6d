import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApiBuilderSummary } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys, LIVE_REFRESH_MS } from './keys';

export const fetchSummary = (seedId: string) => api<z.infer<typeof ZApiBuilderSummary>>(`${abBase(seedId)}/summary`);
export const summaryQuery = (seedId: string) => queryOptions({ queryKey: abKeys.summary(seedId), queryFn: () => fetchSummary(seedId), retry: false });
export const useSummary = (seedId: string) =>
  useQuery({ ...summaryQuery(seedId), enabled: Boolean(seedId), refetchInterval: LIVE_REFRESH_MS, refetchOnWindowFocus: true });
