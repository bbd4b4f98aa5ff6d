import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlansResponse } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/** GET /api/billing/plans: the public catalogue (prices 공급가액, included volume and overage per meter). */
export const getPlans = () => api<TPlansResponse>('/api/billing/plans');
export const plansQuery = () => queryOptions({ queryKey: billingKeys.plans, queryFn: getPlans, staleTime: 5 * 60_000 });
export const usePlans = (enabled = true) => useQuery({ ...plansQuery(), enabled });
