import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdminAuditListResponse } from '@suite/shared/schemas/admin-builder';
import { api } from '@/lib/api';
import { adBase, adKeys } from './keys';

/** One page (50 entries) of the app's change log, optionally searched. */
export const listAudit = (seedId: string, appId: string, q: string, page: number) =>
  api<TAdminAuditListResponse>(`${adBase(seedId)}/apps/${appId}/audit?page=${page}${q ? `&q=${encodeURIComponent(q)}` : ''}`);
export const listAuditQuery = (seedId: string, appId: string, q: string, page: number) =>
  queryOptions({
    queryKey: adKeys.audit(seedId, appId, q, page),
    queryFn: () => listAudit(seedId, appId, q, page),
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useAudit = (seedId: string, appId: string, q: string, page: number) => useQuery(listAuditQuery(seedId, appId, q, page));
