import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRevenueResponse } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { historyKeys } from './get-invoices';

/** GET /api/admin/billing/revenue (platform admins): paid totals per month, what is outstanding, failed payments. */
export const getRevenue = () => api<TRevenueResponse>('/api/admin/billing/revenue');
export const revenueQuery = () => queryOptions({ queryKey: historyKeys.revenue, queryFn: getRevenue, refetchInterval: 60_000 });
export const useRevenue = (enabled: boolean) => useQuery({ ...revenueQuery(), enabled });
