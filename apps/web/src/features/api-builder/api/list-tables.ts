import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZDbTableList } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { abBase, abKeys } from './keys';

export const fetchTables = (seedId: string, connectionId: string, refresh = false) =>
  api<z.infer<typeof ZDbTableList>>(`${abBase(seedId)}/connections/${connectionId}/tables${refresh ? '?refresh=true' : ''}`);
export const tablesQuery = (seedId: string, connectionId: string) =>
  queryOptions({ queryKey: abKeys.tables(seedId, connectionId), queryFn: () => fetchTables(seedId, connectionId), retry: false });
export const useTables = (seedId: string, connectionId: string | undefined) =>
  useQuery({ ...tablesQuery(seedId, connectionId ?? ''), enabled: Boolean(seedId && connectionId) });
