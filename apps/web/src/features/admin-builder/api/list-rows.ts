import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminRowListResponse } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { adKeys, adTableBase } from './keys';

/** One page of a table's rows: page, pageSize, sort, q and f.<column> filters as the URL carries them. */
export const listRows = (seedId: string, appId: string, table: string, params: URLSearchParams) =>
  api<TAdminRowListResponse>(`${adTableBase(seedId, appId, table)}/rows?${params.toString()}`);
export const listRowsQuery = (seedId: string, appId: string, table: string, params: URLSearchParams) =>
  queryOptions({
    queryKey: adKeys.rowList(seedId, appId, table, params.toString()),
    queryFn: () => listRows(seedId, appId, table, params),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useRows = (seedId: string, appId: string, table: string, params: URLSearchParams) => useQuery(listRowsQuery(seedId, appId, table, params));
