import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApiKeyList } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys, LIVE_REFRESH_MS } from './keys';

export const fetchKeys = (seedId: string) => api<z.infer<typeof ZApiKeyList>>(`${abBase(seedId)}/keys`);
export const keysQuery = (seedId: string) => queryOptions({ queryKey: abKeys.keys(seedId), queryFn: async () => (await fetchKeys(seedId)).data, retry: false });
export const useKeys = (seedId: string) =>
  useQuery({ ...keysQuery(seedId), enabled: Boolean(seedId), refetchInterval: LIVE_REFRESH_MS, refetchOnWindowFocus: true });
