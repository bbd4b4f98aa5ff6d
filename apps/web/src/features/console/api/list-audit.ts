import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuditResponse } from '@suite/shared/schemas/admin';
import { api } from '@/lib/api';
import { consoleKeys, listParams } from './keys';

export const listAudit = (page: number, search: string) => api<TAuditResponse>(`/api/admin/audit?${listParams({ page, limit: 20, search })}`);
export const listAuditQuery = (page: number, search: string) =>
  queryOptions({ queryKey: consoleKeys.auditPage(page, search), queryFn: () => listAudit(page, search) });
export const useAudit = (page: number, search: string) => useQuery({ ...listAuditQuery(page, search), placeholderData: keepPreviousData });
