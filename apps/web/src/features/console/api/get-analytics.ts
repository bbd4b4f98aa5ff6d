import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAnalyticsResponse } from '@suite/shared/schemas/admin';
import { api } from '@/lib/api';
import { consoleKeys, listParams } from './keys';

export const getAnalytics = (from: string, to: string) => api<TAnalyticsResponse>(`/api/admin/analytics?${listParams({ from, to })}`);
export const getAnalyticsQuery = (from: string, to: string) =>
  queryOptions({ queryKey: consoleKeys.analytics(from, to), queryFn: () => getAnalytics(from, to) });
export const useAnalytics = (from: string, to: string) => useQuery({ ...getAnalyticsQuery(from, to), placeholderData: keepPreviousData });
