import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApiConnectionList } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

export const fetchConnections = (seedId: string) => api<z.infer<typeof ZApiConnectionList>>(`${abBase(seedId)}/connections`);
export const connectionsQuery = (seedId: string) =>
  queryOptions({ queryKey: abKeys.connections(seedId), queryFn: async () => (await fetchConnections(seedId)).data, retry: false });
export const useConnections = (seedId: string) => useQuery({ ...connectionsQuery(seedId), enabled: Boolean(seedId) });
