import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConsoleSummaryResponse } from '@suite/shared/schemas/admin';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

export const getConsoleSummary = () => api<TConsoleSummaryResponse>('/api/console/summary');
export const getConsoleSummaryQuery = () => queryOptions({ queryKey: consoleKeys.summary, queryFn: getConsoleSummary });
export const useConsoleSummary = (enabled: boolean) => useQuery({ ...getConsoleSummaryQuery(), enabled });
