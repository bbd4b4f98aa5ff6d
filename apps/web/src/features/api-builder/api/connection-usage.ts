import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZApiConnectionUsage } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

/** What deleting a connection takes with it (admin apps, APIs, change triggers), for the confirmation. */
export const fetchConnectionUsage = (seedId: string, connectionId: string) =>
  api<z.infer<typeof ZApiConnectionUsage>>(`${abBase(seedId)}/connections/${connectionId}/usage`);
export const connectionUsageQuery = (seedId: string, connectionId: string) =>
  queryOptions({ queryKey: abKeys.usage(seedId, connectionId), queryFn: () => fetchConnectionUsage(seedId, connectionId), retry: false, staleTime: 0 });
export const useConnectionUsage = (seedId: string, connectionId: string | null) =>
  useQuery({ ...connectionUsageQuery(seedId, connectionId ?? ''), enabled: Boolean(seedId && connectionId) });
