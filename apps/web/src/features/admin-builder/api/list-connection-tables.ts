import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZDbTableList } from '@suite/shared/schemas/api-builder';
import { api } from '@/lib/api';
import { adKeys, apiBuilderBase } from './keys';

/** The tables and views of one connection (the API builder's cached schema), for the create wizard. */
export const listConnectionTables = (seedId: string, connectionId: string) =>
  api<z.infer<typeof ZDbTableList>>(`${apiBuilderBase(seedId)}/connections/${connectionId}/tables`).then((r) => r.data);
export const listConnectionTablesQuery = (seedId: string, connectionId: string) =>
  queryOptions({ queryKey: adKeys.connectionTables(seedId, connectionId), queryFn: () => listConnectionTables(seedId, connectionId), retry: false });
export const useConnectionTables = (seedId: string, connectionId: string) =>
  useQuery({ ...listConnectionTablesQuery(seedId, connectionId), enabled: Boolean(connectionId) });
