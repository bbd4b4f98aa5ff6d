import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBillingOverview } from '@suite/shared/schemas/billing';
import { api } from '@/lib/api';
import { billingKeys } from './billing-keys';

/** GET /api/seeds/:seedId/billing: plan, period, usage with the projection, payment method, business details. */
export const getBilling = (seedId: string) => api<TBillingOverview>(`/api/seeds/${seedId}/billing`);
export const billingQuery = (seedId: string) =>
  queryOptions({ queryKey: billingKeys.overview(seedId), queryFn: () => getBilling(seedId), refetchInterval: 60_000 });
export const useBilling = (seedId: string | undefined) => useQuery({ ...billingQuery(seedId ?? ''), enabled: Boolean(seedId) });
