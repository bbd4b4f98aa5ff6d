import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApiDefinitionList } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys, LIVE_REFRESH_MS } from './keys';

export const fetchApis = (seedId: string) => api<z.infer<typeof ZApiDefinitionList>>(`${abBase(seedId)}/apis`);
export const apisQuery = (seedId: string) => queryOptions({ queryKey: abKeys.apis(seedId), queryFn: async () => (await fetchApis(seedId)).data, retry: false });
/** The APIs with today's calls and cache figures, kept fresh while the page is open. */
export const useApis = (seedId: string) =>
  useQuery({ ...apisQuery(seedId), enabled: Boolean(seedId), refetchInterval: LIVE_REFRESH_MS, refetchOnWindowFocus: true });
