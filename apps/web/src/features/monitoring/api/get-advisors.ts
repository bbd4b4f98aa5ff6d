import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAdvisorsResponse } from '@suite/shared/schemas/alerts';
import { api } from '@/lib/api';
import { alertsKeys } from './alerts-keys';

/** GET /api/admin/monitoring/advisors (platform admins): findings with why and how to fix. */
export const getAdvisors = () => api<TAdvisorsResponse>('/api/admin/monitoring/advisors');
export const advisorsQuery = () => queryOptions({ queryKey: alertsKeys.advisors, queryFn: getAdvisors, refetchInterval: 60_000 });
export const useAdvisors = () => useQuery(advisorsQuery());
