import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminRowResponse } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { adKeys, adTableBase } from './keys';

/** One row by its key (the primary key values as a JSON array) with the display values of its foreign keys. */
export const getRow = (seedId: string, appId: string, table: string, key: string) =>
  api<TAdminRowResponse>(`${adTableBase(seedId, appId, table)}/row?key=${encodeURIComponent(key)}`);
export const getRowQuery = (seedId: string, appId: string, table: string, key: string) =>
  queryOptions({ queryKey: adKeys.row(seedId, appId, table, key), queryFn: () => getRow(seedId, appId, table, key), retry: false });
export const useRow = (seedId: string, appId: string, table: string, key: string) =>
  useQuery({ ...getRowQuery(seedId, appId, table, key), enabled: Boolean(key) });
