import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApiConnectionList } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { adKeys, apiBuilderBase } from './keys';

/** The seed's database connections (made in the API builder), for the create wizard. */
export const listConnections = (seedId: string) => api<z.infer<typeof ZApiConnectionList>>(`${apiBuilderBase(seedId)}/connections`).then((r) => r.data);
export const listConnectionsQuery = (seedId: string) =>
  queryOptions({ queryKey: adKeys.connections(seedId), queryFn: () => listConnections(seedId), retry: false });
export const useConnections = (seedId: string) => useQuery(listConnectionsQuery(seedId));
