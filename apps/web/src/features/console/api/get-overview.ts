import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOverviewResponse } from '@suite/shared/schemas/admin';
import { api } from '@/lib/api';
import { consoleKeys } from './keys';

export const getOverview = () => api<TOverviewResponse>('/api/admin/overview');
export const getOverviewQuery = () => queryOptions({ queryKey: consoleKeys.overview, queryFn: getOverview });
export const useOverview = (enabled: boolean) => useQuery({ ...getOverviewQuery(), enabled });
